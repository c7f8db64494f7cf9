import { and, asc, count, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import {
  companies,
  companyAddresses,
  companyContacts,
  companyMembers,
  companyRelations,
  emailTokens,
  sessions,
  users,
} from "@ems/db/schema";

/**
 * The only drizzle code of the company module. Every query of a company's rows takes the caller's
 * company id and filters by it, so another company's id finds nothing (404, like a missing one).
 */

export type CompanyRow = typeof companies.$inferSelect;
export type AddressRow = typeof companyAddresses.$inferSelect;
export type ContactRow = typeof companyContacts.$inferSelect;
export type MemberRow = typeof companyMembers.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;

export async function findCompany(db: Executor, companyId: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ?? null;
}

export async function countCompanyRows(db: Executor, companyId: string) {
  const [row] = await db
    .select({
      users: sql<number>`(select count(*)::int from ${companyMembers} where ${companyMembers.companyId} = ${companyId})`,
      addresses: sql<number>`(select count(*)::int from ${companyAddresses} where ${companyAddresses.companyId} = ${companyId})`,
      contacts: sql<number>`(select count(*)::int from ${companyContacts} where ${companyContacts.companyId} = ${companyId})`,
      related: sql<number>`(select count(*)::int from ${companyRelations} where ${companyRelations.companyId} = ${companyId})`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { users: 0, addresses: 0, contacts: 0, related: 0 };
}

export async function updateCompany(
  db: Executor,
  companyId: string,
  changes: Pick<
    typeof companies.$inferInsert,
    "name" | "country" | "vatId" | "phone" | "website" | "defaultParcelServiceId"
  >,
): Promise<void> {
  await db
    .update(companies)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

export async function listRelatedCompanies(db: Executor, companyId: string) {
  return db
    .select({
      id: companyRelations.id,
      companyId: companies.id,
      name: companies.name,
      country: companies.country,
      relation: companyRelations.relation,
    })
    .from(companyRelations)
    .innerJoin(companies, eq(companies.id, companyRelations.relatedCompanyId))
    .where(eq(companyRelations.companyId, companyId))
    .orderBy(asc(companies.name))
    .limit(200);
}

// Addresses

export async function listAddresses(db: Executor, companyId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(companyAddresses)
    .where(eq(companyAddresses.companyId, companyId))
    .orderBy(asc(companyAddresses.createdAt), asc(companyAddresses.id))
    .limit(500);
}

export async function findAddress(db: Executor, companyId: string, id: string): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(companyAddresses)
    .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertAddress(
  db: Executor,
  values: typeof companyAddresses.$inferInsert,
): Promise<AddressRow> {
  const [row] = await db.insert(companyAddresses).values(values).returning();
  if (!row) throw new Error("insertAddress inserted no row");
  return row;
}

/** Replaces an address's fields (not its billing and shipping flags: `moveAddressFlag` moves those). */
export async function updateAddress(
  db: Executor,
  companyId: string,
  id: string,
  values: Omit<typeof companyAddresses.$inferInsert, "companyId" | "id" | "isBilling" | "isShipping">,
): Promise<void> {
  await db
    .update(companyAddresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.id, id)));
}

export async function deleteAddress(db: Executor, companyId: string, id: string): Promise<void> {
  await db
    .delete(companyAddresses)
    .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.id, id)));
}

/**
 * Moves the billing or shipping flag to one address of the company: first clears it everywhere
 * (the partial unique index allows one flagged row per company), then sets it. Run in a transaction.
 */
export async function moveAddressFlag(
  db: Executor,
  companyId: string,
  id: string,
  flag: "billing" | "shipping",
): Promise<void> {
  const column = flag === "billing" ? "isBilling" : "isShipping";
  const target = flag === "billing" ? companyAddresses.isBilling : companyAddresses.isShipping;
  await db
    .update(companyAddresses)
    .set({ [column]: false, updatedAt: new Date() })
    .where(and(eq(companyAddresses.companyId, companyId), eq(target, true), ne(companyAddresses.id, id)));
  await db
    .update(companyAddresses)
    .set({ [column]: true, updatedAt: new Date() })
    .where(and(eq(companyAddresses.companyId, companyId), eq(companyAddresses.id, id)));
}

// Contacts

export async function listContacts(db: Executor, companyId: string): Promise<ContactRow[]> {
  return db
    .select()
    .from(companyContacts)
    .where(eq(companyContacts.companyId, companyId))
    .orderBy(asc(companyContacts.lastName), asc(companyContacts.firstName), asc(companyContacts.id))
    .limit(500);
}

/** Replaces a contact's fields; null when the company has no such contact. */
export async function updateContact(
  db: Executor,
  companyId: string,
  id: string,
  values: Omit<typeof companyContacts.$inferInsert, "companyId" | "id">,
): Promise<ContactRow | null> {
  const [row] = await db
    .update(companyContacts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(companyContacts.companyId, companyId), eq(companyContacts.id, id)))
    .returning();
  return row ?? null;
}

export async function insertContact(
  db: Executor,
  values: typeof companyContacts.$inferInsert,
): Promise<ContactRow> {
  const [row] = await db.insert(companyContacts).values(values).returning();
  if (!row) throw new Error("insertContact inserted no row");
  return row;
}

// Users and memberships

const memberColumns = {
  user: users,
  member: companyMembers,
  lastSignInAt: sql<Date | null>`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`,
};

export type MemberWithUser = { user: UserRow; member: MemberRow; lastSignInAt: Date | string | null };

export async function listMembers(db: Executor, companyId: string): Promise<MemberWithUser[]> {
  return db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(500);
}

/** The member of the company with this user id; `lock` takes a row lock for a change. */
export async function findMember(
  db: Executor,
  companyId: string,
  userId: string,
  lock = false,
): Promise<MemberWithUser | null> {
  const query = db
    .select(memberColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: companyMembers }) : await query;
  return row ?? null;
}

/** Locks the company's accepted administrators and counts them (the last-admin rule). */
export async function lockAcceptedAdmins(db: Executor, companyId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.role, "admin"),
        eq(companyMembers.status, "accepted"),
      ),
    )
    .for("update");
  return rows.map((row) => row.userId);
}

export async function updateMember(
  db: Executor,
  companyId: string,
  userId: string,
  changes: Partial<Pick<MemberRow, "role" | "status" | "acceptedAt">>,
): Promise<void> {
  await db
    .update(companyMembers)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
}

export async function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return (row?.n ?? 0) > 0;
}

/** A colleague without a password yet, with an invited membership. */
export async function insertInvitedUser(
  db: Executor,
  input: {
    companyId: string;
    invitedBy: string;
    role: MemberRow["role"];
    user: Pick<typeof users.$inferInsert, "email" | "firstName" | "lastName" | "language">;
  },
): Promise<UserRow> {
  const [user] = await db
    .insert(users)
    .values({ ...input.user, companyId: input.companyId, role: "customer", passwordHash: null })
    .returning();
  if (!user) throw new Error("insertInvitedUser inserted no user");
  await db.insert(companyMembers).values({
    companyId: input.companyId,
    userId: user.id,
    role: input.role,
    status: "invited",
    invitedByUserId: input.invitedBy,
  });
  return user;
}

export async function setUserFields(
  db: Executor,
  userId: string,
  changes: Partial<
    Pick<
      UserRow,
      "firstName" | "lastName" | "language" | "passwordHash" | "emailVerifiedAt" | "passwordChangedAt"
    >
  >,
): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

// Invitation tokens

/** Issues an invitation token; earlier open invitations of the user stop working. */
export async function issueInvitationToken(
  db: Executor,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await closeInvitationTokens(db, userId, new Date());
  await db.insert(emailTokens).values({ userId, purpose: "invitation", tokenHash, expiresAt });
}

export async function closeInvitationTokens(db: Executor, userId: string, at: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(
      and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, "invitation"), isNull(emailTokens.usedAt)),
    );
}

/** An open (unused, unexpired) invitation with its user, membership and company. */
export async function findOpenInvitation(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ token: emailTokens, user: users, member: companyMembers, companyName: companies.name })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .innerJoin(
      companyMembers,
      and(eq(companyMembers.userId, users.id), eq(companyMembers.companyId, users.companyId)),
    )
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, "invitation"),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
        eq(companyMembers.status, "invited"),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Uses the token once: false when it is used or expired already (two uses at once yield one). */
export async function consumeToken(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ id: emailTokens.id });
  return rows.length === 1;
}
