import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@ems/db/client";
import { sessions, users } from "@ems/db/schema";

export interface SessionWithUser {
  sessionId: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  user: {
    id: string;
    companyId: string;
    email: string;
    firstName: string;
    lastName: string;
    language: string;
    role: string;
  };
}

/** The live (not revoked) session with this token hash, with its user. Expiry is the service's call. */
export async function findSessionByTokenHash(
  db: Database,
  tokenHash: string,
): Promise<SessionWithUser | null> {
  const [row] = await db
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
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: Database, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Database, sessionId: string, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
