import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { companies, companyMembers, emailTokens, users } from "@ems/db/schema";

export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The company, its first user and that user's accepted administrator role. */
export async function insertRegistration(
  db: Executor,
  input: {
    company: typeof companies.$inferInsert;
    user: Omit<typeof users.$inferInsert, "companyId">;
  },
): Promise<UserRow> {
  const [company] = await db.insert(companies).values(input.company).returning();
  if (!company) throw new Error("insertRegistration inserted no company");
  const [user] = await db
    .insert(users)
    .values({ ...input.user, companyId: company.id })
    .returning();
  if (!user) throw new Error("insertRegistration inserted no user");
  await db.insert(companyMembers).values({
    companyId: company.id,
    userId: user.id,
    role: "admin",
    status: "accepted",
    acceptedAt: new Date(),
  });
  return user;
}

/** Issues a token of a purpose; open tokens of the same user and purpose stop working. */
export async function issueEmailToken(
  db: Executor,
  token: Omit<typeof emailTokens.$inferInsert, "id">,
): Promise<EmailTokenRow> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.userId, token.userId),
        eq(emailTokens.purpose, token.purpose),
        isNull(emailTokens.usedAt),
      ),
    );
  const [row] = await db.insert(emailTokens).values(token).returning();
  if (!row) throw new Error("issueEmailToken inserted no row");
  return row;
}

export async function findEmailToken(db: Executor, id: string): Promise<EmailTokenRow | null> {
  const [row] = await db.select().from(emailTokens).where(eq(emailTokens.id, id)).limit(1);
  return row ?? null;
}

export async function findEmailTokenByHash(
  db: Executor,
  tokenHash: string,
  purpose: EmailTokenRow["purpose"],
): Promise<EmailTokenRow | null> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

/** Counts a wrong code; at `max` the token stops working. Answers the attempts so far. */
export async function countTokenFailure(db: Executor, id: string, max: number): Promise<number> {
  const [row] = await db
    .update(emailTokens)
    .set({
      attempts: sql`${emailTokens.attempts} + 1`,
      usedAt: sql`case when ${emailTokens.attempts} + 1 >= ${max} then now() else ${emailTokens.usedAt} end`,
    })
    .where(eq(emailTokens.id, id))
    .returning({ attempts: emailTokens.attempts });
  return row?.attempts ?? max;
}

/** Uses a token once: false when it is used or expired already (two uses at once yield one). */
export async function consumeEmailToken(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, id), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .returning({ id: emailTokens.id });
  return rows.length === 1;
}

export async function setUserFields(
  db: Executor,
  userId: string,
  changes: Partial<Omit<typeof users.$inferInsert, "id" | "companyId">>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
