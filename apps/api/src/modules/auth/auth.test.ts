import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createSession, createUser } from "@ems/db/factories";
import { activityLog, sessions, type UserRole } from "@ems/db/schema";
import { SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from "@ems/config/constants";
import { useTestApp } from "../../test/test-app.ts";
import { authenticateToken, isExpired } from "./session-service.ts";

const t = useTestApp();

async function signedIn(role: UserRole = "customer") {
  const user = await createUser(t().db.db, { firstName: "Ana", lastName: "Ionescu", role, language: "ro" });
  const { token, session } = await createSession(t().db.db, { userId: user.id });
  return { user, token, session };
}

describe("GET /api/auth/session", () => {
  it("answers the user for the session cookie and for Authorization: next <token>", async () => {
    const { token, user, session } = await signedIn();
    for (const headers of [{ cookie: `session=${token}` }, { authorization: `next ${token}` }]) {
      const res = await t().app.inject({ method: "GET", url: "/api/auth/session", headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toEqual({
        first_name: "Ana",
        last_name: "Ionescu",
        full_name: "Ana Ionescu",
        email: user.email,
        language: "ro",
        role: "customer",
        company_id: user.companyId,
        company_role: "admin",
        must_change_password: false,
        exp: session.expiresAt.toISOString(),
      });
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("answers 401 for visitors, unknown, malformed and other schemes of tokens", async () => {
    for (const headers of [
      {},
      { cookie: "session=unknown-token-unknown-token-unknown-token-xx" },
      { authorization: "Bearer something" },
      { authorization: "next " },
      { authorization: "next a b" },
      { cookie: "session=' or 1=1 --" },
    ]) {
      const res = await t().app.inject({ method: "GET", url: "/api/auth/session", headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, error: "UNAUTHORIZED", data: null });
    }
  });

  it("never stores the token itself", async () => {
    const { token, session } = await signedIn();
    expect(session.tokenHash).not.toContain(token);
    expect(session.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("session expiry", () => {
  const base = new Date("2026-01-01T08:00:00Z");
  const at = (ms: number) => new Date(base.getTime() + ms);
  const session = { createdAt: base, lastSeenAt: base, expiresAt: at(SESSION_ABSOLUTE_TIMEOUT_MS) };

  it("ends after the idle timeout and after the absolute timeout", () => {
    expect(isExpired(session, at(SESSION_IDLE_TIMEOUT_MS - 1))).toBe(false);
    expect(isExpired(session, at(SESSION_IDLE_TIMEOUT_MS))).toBe(true);
    const active = { ...session, lastSeenAt: at(SESSION_ABSOLUTE_TIMEOUT_MS - 1000) };
    expect(isExpired(active, at(SESSION_ABSOLUTE_TIMEOUT_MS - 1))).toBe(false);
    expect(isExpired(active, at(SESSION_ABSOLUTE_TIMEOUT_MS))).toBe(true);
  });

  it("revokes an expired session when it is presented", async () => {
    const { token, session } = await signedIn();
    const later = new Date(Date.now() + SESSION_IDLE_TIMEOUT_MS + 1000);
    expect(await authenticateToken(t().db.db, token, later)).toBeNull();
    const [row] = await t().db.db.select().from(sessions).where(eq(sessions.id, session.id));
    expect(row?.revokedAt).not.toBeNull();
    expect(await authenticateToken(t().db.db, token)).toBeNull();
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the session on the server, records auth.logout and clears both cookies", async () => {
    const { token, user } = await signedIn();
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `next ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    expect(cookies.some((c) => c.startsWith("session=;"))).toBe(true);
    expect(cookies.some((c) => c.startsWith("logged_in=;"))).toBe(true);
    const entries = await t().db.db.select().from(activityLog).where(eq(activityLog.actorUserId, user.id));
    expect(entries.map((e) => e.action)).toEqual(["auth.logout"]);
    expect(entries[0]?.companyId).toBe(user.companyId);
    const after = await t().app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { authorization: `next ${token}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it("clears the cookies with the attributes they were set with, also when the current session is ended", async () => {
    // Set-Cookie as sign-in sends them (login.test.ts checks those); a clearing cookie must match.
    const expected = {
      session: ["HttpOnly", "Secure", "SameSite=Lax", "Path=/"],
      logged_in: ["Secure", "SameSite=Lax", "Path=/"],
    };
    const attributes = (cookie: string) =>
      cookie
        .split(";")
        .slice(1)
        .map((part) => part.trim())
        .filter((part) => !/^(Max-Age|Expires)=/i.test(part));
    const { token, session } = await signedIn();
    const logout = await t().app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `next ${token}` },
    });
    const other = await signedIn();
    const ended = await t().app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${other.session.id}`,
      headers: { authorization: `next ${other.token}` },
    });
    expect(session.id).not.toBe(other.session.id);
    for (const res of [logout, ended]) {
      expect(res.statusCode).toBe(200);
      const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
      for (const [name, wanted] of Object.entries(expected)) {
        const cookie = cookies.find((c) => c.startsWith(`${name}=;`));
        expect(cookie, name).toBeDefined();
        expect(attributes(cookie!).sort(), name).toEqual([...wanted].sort());
        expect(cookie, name).toMatch(/Max-Age=0/);
      }
    }
  });

  it("answers 401 without a session and 400 for a body with properties", async () => {
    expect((await t().app.inject({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(401);
    const { token } = await signedIn();
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `next ${token}` },
      payload: { all: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("all");
    const still = await t().app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { authorization: `next ${token}` },
    });
    expect(still.statusCode).toBe(200);
  });
});
