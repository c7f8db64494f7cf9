import { and, desc, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "@ems/db/client";
import type { CompanyRole } from "@ems/contracts/roles";
import type { Executor } from "@ems/db/factories";
import { companyMembers, loginChallenges, recoveryCodes, sessions, users } from "@ems/db/schema";

type UserRow = typeof users.$inferSelect;

export interface SignInUser {
  id: string;
  companyId: string;
  email: string;
  firstName: string;
  lastName: string;
  language: UserRow["language"];
  role: UserRow["role"];
  status: UserRow["status"];
  passwordHash: string | null;
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
  mustChangePassword: boolean;
  emailVerifiedAt: Date | null;
  /** The accepted role in the user's company, or null. */
  companyRole: CompanyRole | null;
}

const signInColumns = {
  id: users.id,
  companyId: users.companyId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  language: users.language,
  role: users.role,
  status: users.status,
  passwordHash: users.passwordHash,
  totpSecret: users.totpSecret,
  totpEnabledAt: users.totpEnabledAt,
  totpLastStep: users.totpLastStep,
  mustChangePassword: users.mustChangePassword,
  emailVerifiedAt: users.emailVerifiedAt,
  companyRole: companyMembers.role,
};

function signInQuery(db: Executor) {
  return db
    .select(signInColumns)
    .from(users)
    .leftJoin(
      companyMembers,
      and(
        eq(companyMembers.userId, users.id),
        eq(companyMembers.companyId, users.companyId),
        eq(companyMembers.status, "accepted"),
      ),
    );
}

export async function findSignInUserByEmail(db: Executor, email: string): Promise<SignInUser | null> {
  const [row] = await signInQuery(db)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

export async function findSignInUserById(db: Executor, id: string): Promise<SignInUser | null> {
  const [row] = await signInQuery(db).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export type ChallengeRow = typeof loginChallenges.$inferSelect;

/** Opens a sign-in attempt; every attempt of the user still open is closed, so one code is valid at a time. */
export async function openChallenge(
  db: Database,
  challenge: typeof loginChallenges.$inferInsert & { userId: string },
): Promise<ChallengeRow> {
  return db.transaction(async (tx) => {
    await tx
      .update(loginChallenges)
      .set({ consumedAt: new Date() })
      .where(and(eq(loginChallenges.userId, challenge.userId), isNull(loginChallenges.consumedAt)));
    const [row] = await tx.insert(loginChallenges).values(challenge).returning();
    if (!row) throw new Error("openChallenge inserted no row");
    return row;
  });
}

export async function findChallenge(db: Executor, id: string): Promise<ChallengeRow | null> {
  const [row] = await db.select().from(loginChallenges).where(eq(loginChallenges.id, id)).limit(1);
  return row ?? null;
}

/** Counts a wrong code; at `max` the attempt is closed. Answers the attempts made so far. */
export async function countChallengeFailure(db: Executor, id: string, max: number): Promise<number> {
  const [row] = await db
    .update(loginChallenges)
    .set({
      attempts: sql`${loginChallenges.attempts} + 1`,
      consumedAt: sql`case when ${loginChallenges.attempts} + 1 >= ${max} then now() else ${loginChallenges.consumedAt} end`,
    })
    .where(eq(loginChallenges.id, id))
    .returning({ attempts: loginChallenges.attempts });
  return row?.attempts ?? max;
}

/** Closes an open attempt; false when another request closed it first (two verifications at once). */
export async function consumeChallenge(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ consumedAt: now })
    .where(
      and(eq(loginChallenges.id, id), isNull(loginChallenges.consumedAt), gt(loginChallenges.expiresAt, now)),
    )
    .returning({ id: loginChallenges.id });
  return rows.length === 1;
}

/** Records the TOTP step a code was accepted for, only if it is newer than the last: false on replay. */
export async function claimTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Uses a recovery code once: false when it is unknown or used. */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function markSignedInUser(
  db: Executor,
  userId: string,
  changes: { cookieNotifiedAt?: Date; emailVerifiedAt?: Date },
): Promise<void> {
  if (!changes.cookieNotifiedAt && !changes.emailVerifiedAt) return;
  await db.update(users).set(changes).where(eq(users.id, userId));
}

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Executor,
  session: typeof sessions.$inferInsert,
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(session).returning();
  if (!row) throw new Error("insertSession inserted no row");
  return row;
}

export async function revokeSessionByTokenHash(db: Executor, tokenHash: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** The user's sessions that are neither revoked nor past their absolute end, newest first. */
export async function listLiveSessions(db: Executor, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(100);
}

/** Revokes one of the user's sessions: false when it is not theirs or already ended. */
export async function revokeUserSession(
  db: Executor,
  userId: string,
  sessionId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Revokes all of the user's sessions but one (or all with keep = null); answers how many ended. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  keep: string | null,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
