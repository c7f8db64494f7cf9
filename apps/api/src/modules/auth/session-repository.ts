import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import { companyMembers, sessions, users } from "@ems/db/schema";
import type { SessionWithUser } from "../../lib/caller.ts";

/**
 * The session lookup runs on every signed-in call, so it is a named prepared statement: PostgreSQL
 * parses and plans it once per connection instead of on each call (planning the join cost more
 * than running it, ADR 0005). One per database handle.
 */
function prepareSessionLookup(db: Database) {
  return db
    .select({
      sessionId: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        companyId: users.companyId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        language: users.language,
        role: users.role,
        companyRole: companyMembers.role,
        mustChangePassword: users.mustChangePassword,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      companyMembers,
      and(
        eq(companyMembers.userId, users.id),
        eq(companyMembers.companyId, users.companyId),
        eq(companyMembers.status, "accepted"),
      ),
    )
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(sessions.revokedAt),
        eq(users.status, "active"),
        or(sql`${users.role} in ('staff', 'staff_admin')`, sql`${companyMembers.id} is not null`),
      ),
    )
    .limit(1)
    .prepare("session_by_token_hash");
}

const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

/**
 * The live (not revoked) session with this token hash, with its user, as long as the user is active
 * and (for customers) still holds an accepted role: disabling a user ends their sessions at once.
 * Expiry is the service's call.
 */
export async function findSessionByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<SessionWithUser | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash });
  return row ?? null;
}

export async function touchSession(db: Database, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Executor, sessionId: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
