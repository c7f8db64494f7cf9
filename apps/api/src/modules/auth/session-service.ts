import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from "@ems/config/constants";
import type { Database } from "@ems/db/client";
import { hashSessionToken } from "@ems/db/tokens";
import {
  findSessionByTokenHash,
  revokeSession,
  touchSession,
  type SessionWithUser,
} from "./session-repository.ts";

/** Recording every request's time would write on every call; a minute's precision is enough for idle expiry. */
const TOUCH_INTERVAL_MS = 60_000;

/** Tokens are 43 base64url characters; anything else is not worth a database lookup. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isExpired(
  session: Pick<SessionWithUser, "createdAt" | "lastSeenAt" | "expiresAt">,
  now: Date,
): boolean {
  const t = now.getTime();
  return (
    t >= session.expiresAt.getTime() ||
    t - session.createdAt.getTime() >= SESSION_ABSOLUTE_TIMEOUT_MS ||
    t - session.lastSeenAt.getTime() >= SESSION_IDLE_TIMEOUT_MS
  );
}

/** The signed-in user behind a token, or null for a missing, unknown, revoked or expired one. */
export async function authenticateToken(
  db: Database,
  token: string | undefined,
  now = new Date(),
): Promise<SessionWithUser | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const session = await findSessionByTokenHash(db, hashSessionToken(token));
  if (!session) return null;
  if (isExpired(session, now)) {
    await revokeSession(db, session.sessionId, now);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS)
    await touchSession(db, session.sessionId, now);
  return session;
}

export async function endSession(db: Database, sessionId: string, now = new Date()): Promise<void> {
  await revokeSession(db, sessionId, now);
}
