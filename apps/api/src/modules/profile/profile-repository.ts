import { and, count, eq, isNull, ne, sql } from "drizzle-orm";
import type { CompanyRole } from "@ems/contracts/roles";
import type { Executor } from "@ems/db/factories";
import { companies, companyMembers, recoveryCodes, users } from "@ems/db/schema";

export type UserRow = typeof users.$inferSelect;

export interface ProfileRow {
  user: UserRow;
  companyName: string;
  companyRole: CompanyRole | null;
  recoveryCodesLeft: number;
}

export async function findProfile(db: Executor, userId: string): Promise<ProfileRow | null> {
  const [row] = await db
    .select({ user: users, companyName: companies.name, companyRole: companyMembers.role })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(
      companyMembers,
      and(
        eq(companyMembers.userId, users.id),
        eq(companyMembers.companyId, users.companyId),
        eq(companyMembers.status, "accepted"),
      ),
    )
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { ...row, recoveryCodesLeft: left?.n ?? 0 };
}

export async function updateUser(
  db: Executor,
  userId: string,
  changes: Partial<Omit<typeof users.$inferInsert, "id" | "companyId">>,
): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function isEmailTaken(db: Executor, email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, exceptUserId)))
    .limit(1);
  return Boolean(row);
}

/** Replaces the user's recovery codes with new ones (hashes); the old ones stop working. */
export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (hashes.length) await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}
