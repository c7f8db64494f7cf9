import type { FastifyRequest } from "fastify";
import type { SessionInfo } from "@ems/contracts/auth";
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from "@ems/config/constants";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import { hashSessionToken, newSessionToken } from "@ems/db/tokens";
import type { SessionWithUser } from "../../lib/caller.ts";
import { findSessionByTokenHash, revokeSession, touchSession } from "./session-repository.ts";
import {
  insertSession,
  listLiveSessions,
  revokeSessionByTokenHash,
  revokeUserSession,
  revokeUserSessions,
} from "./login-repository.ts";
import { recordActivity } from "../activity/activity-service.ts";

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

export interface StartedSession {
  token: string;
  expiresAt: Date;
}

/**
 * A new session with a fresh token inside the caller's transaction, for every way of signing in (the
 * sign-in code, a confirmed registration): any session the request carried ends first, so a token
 * planted before signing in is worth nothing afterwards (no fixation).
 */
export async function startSession(
  tx: Executor,
  userId: string,
  request: Pick<FastifyRequest, "ip" | "headers">,
  presentedToken: string | undefined,
  now: Date,
): Promise<StartedSession> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS);
  const userAgent = request.headers["user-agent"];
  if (presentedToken) await revokeSessionByTokenHash(tx, hashSessionToken(presentedToken), now);
  await insertSession(tx, {
    userId,
    tokenHash: hashSessionToken(token),
    expiresAt,
    userAgent: typeof userAgent === "string" ? userAgent.slice(0, 300) : null,
    ipAddress: request.ip,
  });
  return { token, expiresAt };
}

export async function endSession(db: Database, sessionId: string, now = new Date()): Promise<void> {
  await revokeSession(db, sessionId, now);
}

type Actor = Pick<SessionWithUser["user"], "id" | "companyId" | "firstName" | "lastName">;
const actorOf = (user: Actor) => ({ id: user.id, name: `${user.firstName} ${user.lastName}`.trim() });

/** Signs out: ends the session and records auth.logout, together. */
export async function signOut(
  db: Database,
  user: Actor,
  sessionId: string,
  request: Pick<FastifyRequest, "ip" | "headers">,
): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, sessionId, new Date());
    await recordActivity(tx, {
      action: "auth.logout",
      companyId: user.companyId,
      actor: actorOf(user),
      request,
    });
  });
}

export async function listSessions(
  db: Database,
  userId: string,
  currentId: string,
  now = new Date(),
): Promise<SessionInfo[]> {
  const rows = await listLiveSessions(db, userId, now);
  return rows
    .filter((row) => !isExpired(row, now))
    .map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      user_agent: row.userAgent,
      ip_address: row.ipAddress,
      current: row.id === currentId,
    }));
}

/** Ends one of the user's own sessions; false when the id is not one of theirs. */
export async function endUserSession(
  db: Database,
  user: Actor,
  sessionId: string,
  request: Pick<FastifyRequest, "ip" | "headers">,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const now = new Date();
    if (!(await revokeUserSession(tx, user.id, sessionId, now))) return false;
    await recordActivity(tx, {
      action: "auth.session_revoked",
      companyId: user.companyId,
      actor: actorOf(user),
      subject: { type: "session", id: sessionId },
      request,
    });
    return true;
  });
}

export async function endOtherSessions(
  db: Database,
  user: Actor,
  keepSessionId: string,
  request: Pick<FastifyRequest, "ip" | "headers">,
): Promise<number> {
  return db.transaction(async (tx) => {
    const revoked = await revokeUserSessions(tx, user.id, keepSessionId, new Date());
    if (revoked > 0) {
      await recordActivity(tx, {
        action: "auth.session_revoked",
        companyId: user.companyId,
        actor: actorOf(user),
        details: { count: revoked, others: true },
        request,
      });
    }
    return revoked;
  });
}

/**
 * Ends the user's sessions but `keep` (all with null) inside the caller's transaction, for the
 * modules that lock a user out (disabling a member, a password change or reset); they record
 * their own activity. Answers how many ended.
 */
export function endUserSessions(
  tx: Executor,
  userId: string,
  keep: string | null,
  at: Date,
): Promise<number> {
  return revokeUserSessions(tx, userId, keep, at);
}
