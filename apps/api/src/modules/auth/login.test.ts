import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { createSession, createUser } from "@ems/db/factories";
import {
  activityLog,
  companyMembers,
  loginChallenges,
  mailOutbox,
  recoveryCodes,
  sessions,
  users,
} from "@ems/db/schema";
import { createHash } from "node:crypto";
import { solvedCaptcha } from "../../test/captcha.ts";
import { useTestApp } from "../../test/test-app.ts";
import { generateTotp, newTotpSecret } from "../../lib/totp.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000" });
const PASSWORD = "a long and unusual passphrase 42";

async function account(overrides: Parameters<typeof createUser>[1] = {}) {
  return createUser(t().db.db, { password: PASSWORD, language: "de", ...overrides });
}

const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t().app.inject({ method: "POST", url: "/api/auth/login", payload: body, headers });
const verify = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t().app.inject({ method: "POST", url: "/api/auth/verify", payload: body, headers });

async function lastCodeFor(email: string): Promise<string> {
  const res = await t().app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const mail = res.json().data[0];
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error("no code in the mail");
  return match[1]!;
}

function cookiesOf(res: { headers: Record<string, unknown> }): string[] {
  return ([] as string[]).concat((res.headers["set-cookie"] as string | string[] | undefined) ?? []);
}

function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const cookie = cookiesOf(res).find((c) => c.startsWith("session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.slice("session=".length).split(";")[0]!;
}

async function rows(table: typeof users | typeof sessions | typeof loginChallenges | typeof mailOutbox) {
  const [row] = await t().db.db.select({ n: count() }).from(table);
  return row!.n;
}

describe("two-step sign-in", () => {
  it("e-mails a 6-digit code in the user's language and signs in with it", async () => {
    const user = await account();
    const step1 = await login({ usr: user.email.toUpperCase(), pwd: PASSWORD, cookie_notified: true });
    expect(step1.statusCode).toBe(200);
    const { tmp_id, method, expires_at } = step1.json().data;
    expect(method).toBe("email");
    expect(new Date(expires_at).getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    const [mail] = await t().db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mail?.language).toBe("de");
    expect(mail?.template).toBe("login_code");

    const code = await lastCodeFor(user.email);
    const step2 = await verify({ otp: code, tmpId: tmp_id });
    expect(step2.statusCode).toBe(200);
    const data = step2.json().data;
    expect(data).toMatchObject({
      userId: user.id,
      token: null,
      role: "customer",
      company_role: "admin",
      language: "de",
    });
    expect(data.contacts[0]).toEqual({
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
    });

    const cookies = cookiesOf(step2);
    const session = cookies.find((c) => c.startsWith("session="))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/Secure/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Path=\//);
    const hint = cookies.find((c) => c.startsWith("logged_in=1"))!;
    expect(hint).not.toMatch(/HttpOnly/i);

    const me = await t().app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: `session=${sessionCookie(step2)}` },
    });
    expect(me.json().data.user).toMatchObject({
      email: user.email,
      company_role: "admin",
      must_change_password: false,
    });
    const [stored] = await t().db.db.select().from(users).where(eq(users.id, user.id));
    expect(stored?.cookieNotifiedAt).not.toBeNull();
    const entries = await t().db.db.select().from(activityLog).where(eq(activityLog.actorUserId, user.id));
    expect(entries.map((e) => e.action)).toContain("auth.login");
  });

  it("returns the token only to API clients that ask for it, and sets no session cookie then", async () => {
    const user = await account();
    const { tmp_id } = (await login({ usr: user.email, pwd: PASSWORD })).json().data;
    const res = await verify({ otp: await lastCodeFor(user.email), tmpId: tmp_id, session: "token" });
    const token = res.json().data.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the device cookie, which grants nothing (device-cookie.test.ts).
    expect(cookiesOf(res).map((c) => c.split("=")[0])).toEqual([expect.stringMatching(/^device_/)]);
    const me = await t().app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { authorization: `next ${token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it("answers unknown accounts exactly like a wrong password", async () => {
    const user = await account();
    const wrong = await login({ usr: user.email, pwd: "not the password at all" });
    const unknown = await login({ usr: `nobody-${Date.now()}@example.test`, pwd: "not the password at all" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    const strip = (body: Record<string, unknown>) => ({ ...body });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(wrong.json().error).toBe("INVALID_CREDENTIALS");
  });

  it("refuses users without an accepted role, disabled users and invited members", async () => {
    const invited = await account({ membershipStatus: "invited" });
    const disabledMember = await account({ membershipStatus: "disabled" });
    const disabledUser = await account({ status: "disabled" });
    for (const user of [invited, disabledMember, disabledUser]) {
      const res = await login({ usr: user.email, pwd: PASSWORD });
      expect(res.statusCode, user.email).toBe(401);
      expect(res.json().error).toBe("user_has_no_accepted_roles");
    }
  });

  it("lets staff sign in without a company role", async () => {
    const staff = await account({ role: "staff" });
    const res = await login({ usr: staff.email, pwd: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it("issues a new session at each sign-in and ends the one the request carried", async () => {
    const user = await account();
    const first = await createSession(t().db.db, { userId: user.id });
    const { tmp_id } = (await login({ usr: user.email, pwd: PASSWORD })).json().data;
    const res = await verify(
      { otp: await lastCodeFor(user.email), tmpId: tmp_id },
      { cookie: `session=${first.token}` },
    );
    const fresh = sessionCookie(res);
    expect(fresh).not.toBe(first.token);
    const old = await t().app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: `session=${first.token}` },
    });
    expect(old.statusCode).toBe(401);
    // Each attempt has its own tmp_id, and opening one closes the previous.
    const a = (await login({ usr: user.email, pwd: PASSWORD })).json().data.tmp_id;
    const b = (await login({ usr: user.email, pwd: PASSWORD })).json().data.tmp_id;
    expect(a).not.toBe(b);
    const [closed] = await t().db.db.select().from(loginChallenges).where(eq(loginChallenges.id, a));
    expect(closed?.consumedAt).not.toBeNull();
  });

  it("uses a code once, and kills the attempt after 5 wrong codes", async () => {
    const user = await account();
    const { tmp_id } = (await login({ usr: user.email, pwd: PASSWORD })).json().data;
    const code = await lastCodeFor(user.email);
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i++) {
      const res = await verify({ otp: wrongCode, tmpId: tmp_id });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        error: "OTP_VERIFICATION_FAILED",
        otherData: { attempts_left: 5 - i },
      });
    }
    const fifth = await verify({ otp: wrongCode, tmpId: tmp_id });
    expect(fifth.json().error).toBe("LOGIN_SESSION_EXPIRED");
    const right = await verify({ otp: code, tmpId: tmp_id });
    expect(right.statusCode).toBe(401);
    expect(right.json().error).toBe("LOGIN_SESSION_EXPIRED");
  });

  it("refuses a used or expired code", async () => {
    const user = await account();
    const { tmp_id } = (await login({ usr: user.email, pwd: PASSWORD })).json().data;
    const code = await lastCodeFor(user.email);
    expect((await verify({ otp: code, tmpId: tmp_id })).statusCode).toBe(200);
    expect((await verify({ otp: code, tmpId: tmp_id })).json().error).toBe("LOGIN_SESSION_EXPIRED");

    const second = (await login({ usr: user.email, pwd: PASSWORD })).json().data.tmp_id;
    await t()
      .db.db.update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.id, second));
    expect((await verify({ otp: await lastCodeFor(user.email), tmpId: second })).json().error).toBe(
      "LOGIN_SESSION_EXPIRED",
    );
  });

  it("makes exactly one session when the same code is verified twice at once", async () => {
    const user = await account();
    const { tmp_id } = (await login({ usr: user.email, pwd: PASSWORD })).json().data;
    const code = await lastCodeFor(user.email);
    const results = await Promise.all([
      verify({ otp: code, tmpId: tmp_id }),
      verify({ otp: code, tmpId: tmp_id }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const live = await t().db.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live).toHaveLength(1);
  });

  it("resends a code only for an open attempt of the same user", async () => {
    const user = await account();
    const other = await account();
    const { tmp_id } = (await login({ usr: user.email, pwd: PASSWORD })).json().data;
    const resent = await login({ usr: user.email, pwd: PASSWORD, tmp_id });
    expect(resent.statusCode).toBe(200);
    const foreign = await login({ usr: other.email, pwd: PASSWORD, tmp_id: resent.json().data.tmp_id });
    expect(foreign.json().error).toBe("LOGIN_SESSION_EXPIRED");
  });
});

describe("two-factor sign-in", () => {
  async function totpUser() {
    const secret = newTotpSecret();
    const user = await account({ totpSecret: secret, totpEnabledAt: new Date() });
    return { user, secret };
  }

  it("asks for the authenticator's code, sends no mail, and refuses the same code twice", async () => {
    const { user, secret } = await totpUser();
    const before = await rows(mailOutbox);
    const first = (await login({ usr: user.email, pwd: PASSWORD })).json().data;
    expect(first.method).toBe("totp");
    expect(await rows(mailOutbox)).toBe(before);
    const code = generateTotp(secret);
    expect((await verify({ otp: code, tmpId: first.tmp_id })).statusCode).toBe(200);

    const second = (await login({ usr: user.email, pwd: PASSWORD })).json().data;
    const replay = await verify({ otp: code, tmpId: second.tmp_id });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe("OTP_VERIFICATION_FAILED");
  });

  it("accepts a recovery code once", async () => {
    const { user } = await totpUser();
    const code = "abcde-fghij";
    await t()
      .db.db.insert(recoveryCodes)
      .values({
        userId: user.id,
        codeHash: createHash("sha256").update("abcdefghij").digest("hex"),
      });
    const a = (await login({ usr: user.email, pwd: PASSWORD })).json().data;
    expect((await verify({ otp: code.toUpperCase(), tmpId: a.tmp_id })).statusCode).toBe(200);
    const b = (await login({ usr: user.email, pwd: PASSWORD })).json().data;
    expect((await verify({ otp: code, tmpId: b.tmp_id })).statusCode).toBe(401);
  });
});

describe("lockout and limits", () => {
  it("locks an address for 60 s after 5 wrong passwords, known or not, asking for a captcha after 3", async () => {
    const user = await account();
    for (const email of [user.email, `ghost-${Date.now()}@example.test`]) {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        let res = await login({ usr: email, pwd: "wrong password here" });
        if (res.statusCode === 428) {
          statuses.push(428);
          res = await login({
            usr: email,
            pwd: "wrong password here",
            captcha: await solvedCaptcha(t().app),
          });
        }
        statuses.push(res.statusCode);
      }
      expect(statuses, email).toEqual([401, 401, 401, 428, 401, 428, 401]);
      const locked = await login({
        usr: email,
        pwd: email === user.email ? PASSWORD : "x",
        captcha: await solvedCaptcha(t().app),
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error).toBe("ACCOUNT_LOCKED");
      expect(locked.json().message).toMatch(/60 seconds/);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    }
  });

  it("asks for a captcha past the per-account limit however the client address changes", async () => {
    const user = await account();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await login({ usr: user.email, pwd: PASSWORD }, { "x-forwarded-for": `203.0.113.${i}` });
      statuses.push(res.statusCode);
      if (res.statusCode === 428)
        expect(res.json()).toMatchObject({ error: "CAPTCHA_REQUIRED", field: "captcha" });
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    // Clients without the account's device cookie: a captcha first, the lock only far beyond
    // (device-cookie.test.ts).
    expect(statuses.slice(10)).toEqual([428, 428]);
  });

  it("limits codes per account across attempts however the client address changes", async () => {
    const user = await account();
    const statuses: number[] = [];
    let ip = 0;
    const headers = () => ({ "x-forwarded-for": `203.0.113.${ip++}` });
    for (let attempt = 0; attempt < 2; attempt++) {
      const { tmp_id } = (await login({ usr: user.email, pwd: PASSWORD }, headers())).json().data;
      const code = await lastCodeFor(user.email);
      const wrongCode = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++)
        statuses.push((await verify({ otp: wrongCode, tmpId: tmp_id }, headers())).statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const { tmp_id } = (await login({ usr: user.email, pwd: PASSWORD }, headers())).json().data;
    const limited = await verify({ otp: await lastCodeFor(user.email), tmpId: tmp_id }, headers());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await t().db.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});

describe("per-address limit", () => {
  const limited = useTestApp({ RATE_LIMIT_MAX: "3" });
  it("answers 429 with Retry-After, and X-Forwarded-For does not reset it", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await limited().app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { usr: `someone${i}@example.test`, pwd: "whatever" },
        headers: { "x-forwarded-for": `198.51.100.${i}` },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.headers["retry-after"]).toBeDefined();
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);

    const verifyCodes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await limited().app.inject({
        method: "POST",
        url: "/api/auth/verify",
        payload: { otp: "123456", tmpId: crypto.randomUUID() },
        headers: { "x-forwarded-for": `198.51.100.${i + 10}` },
      });
      verifyCodes.push(res.statusCode);
      if (res.statusCode === 429) expect(res.headers["retry-after"]).toBeDefined();
    }
    expect(verifyCodes).toEqual([401, 401, 401, 429, 429]);
  });
});

describe("sessions after sign-in", () => {
  async function signIn() {
    const user = await account();
    const { tmp_id } = (await login({ usr: user.email, pwd: PASSWORD })).json().data;
    const res = await verify(
      { otp: await lastCodeFor(user.email), tmpId: tmp_id },
      { "user-agent": "Journey/1.0" },
    );
    return { user, token: sessionCookie(res) };
  }
  const me = (token: string) =>
    t().app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie: `session=${token}` } });

  it("refuses the token after logout, after expiry and after the user is disabled", async () => {
    const a = await signIn();
    await t().app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: `session=${a.token}` },
    });
    expect((await me(a.token)).statusCode).toBe(401);

    const b = await signIn();
    await t()
      .db.db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, b.user.id));
    expect((await me(b.token)).statusCode).toBe(401);

    const c = await signIn();
    await t().db.db.update(users).set({ status: "disabled" }).where(eq(users.id, c.user.id));
    expect((await me(c.token)).statusCode).toBe(401);

    const d = await signIn();
    await t()
      .db.db.update(companyMembers)
      .set({ status: "disabled" })
      .where(eq(companyMembers.userId, d.user.id));
    expect((await me(d.token)).statusCode).toBe(401);
  });

  it("lists the user's sessions and revokes one, others, but never another user's", async () => {
    const a = await signIn();
    const second = await createSession(t().db.db, { userId: a.user.id });
    const stranger = await signIn();
    const list = await t().app.inject({
      method: "GET",
      url: "/api/auth/sessions",
      headers: { cookie: `session=${a.token}` },
    });
    const items = list.json().data as { id: string; current: boolean; user_agent: string | null }[];
    expect(items).toHaveLength(2);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.find((s) => s.current)?.user_agent).toBe("Journey/1.0");

    const strangerSessions = await t()
      .db.db.select()
      .from(sessions)
      .where(eq(sessions.userId, stranger.user.id));
    const foreign = await t().app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${strangerSessions[0]!.id}`,
      headers: { cookie: `session=${a.token}` },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(stranger.token)).statusCode).toBe(200);

    const revoke = await t().app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${second.session.id}`,
      headers: { cookie: `session=${a.token}` },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await me(second.token)).statusCode).toBe(401);

    const third = await createSession(t().db.db, { userId: a.user.id });
    const others = await t().app.inject({
      method: "POST",
      url: "/api/auth/sessions/revoke-others",
      headers: { cookie: `session=${a.token}` },
      payload: {},
    });
    expect(others.json().data.revoked).toBe(1);
    expect((await me(third.token)).statusCode).toBe(401);
    expect((await me(a.token)).statusCode).toBe(200);
  });
});

describe("bad input writes nothing", () => {
  it("answers 400 with the field for malformed, missing, oversized and hostile bodies", async () => {
    const before = {
      users: await rows(users),
      challenges: await rows(loginChallenges),
      mail: await rows(mailOutbox),
    };
    const cases: [Record<string, unknown> | string, string | null][] = [
      [{}, "usr"],
      [{ usr: "not-an-email", pwd: "x" }, "usr"],
      [{ usr: "a@example.test" }, "pwd"],
      [{ usr: "a@example.test", pwd: "x".repeat(2000) }, "pwd"],
      [{ usr: "a@example.test", pwd: "x", role: "staff_admin" }, "role"],
      [{ usr: "a@example.test", pwd: "x", tmp_id: "' or 1=1 --" }, "tmp_id"],
      [{ usr: "a@example.test", pwd: 12345678 }, "pwd"],
      ['{"usr": "a@example.test", "pwd": ', null],
    ];
    for (const [payload, field] of cases) {
      const res = await t().app.inject({
        method: "POST",
        url: "/api/auth/login",
        payload: typeof payload === "string" ? payload : JSON.stringify(payload),
        headers: { "content-type": "application/json" },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(res.json().field).toBe(field);
    }
    for (const payload of [
      { otp: "12345", tmpId: crypto.randomUUID() },
      { otp: "<script>", tmpId: crypto.randomUUID() },
      { otp: "123456", tmpId: "x" },
    ]) {
      expect((await verify(payload)).statusCode).toBe(400);
    }
    expect(await rows(users)).toBe(before.users);
    expect(await rows(loginChallenges)).toBe(before.challenges);
    expect(await rows(mailOutbox)).toBe(before.mail);
  });
});

describe("CSRF", () => {
  it("refuses mutations from another origin or a cross-site fetch, before anything happens", async () => {
    const user = await account();
    const { token } = await createSession(t().db.db, { userId: user.id });
    for (const headers of [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "null" },
    ]) {
      const res = await t().app.inject({
        method: "POST",
        url: "/api/auth/logout",
        payload: {},
        headers: { cookie: `session=${token}`, ...headers },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("CSRF_REJECTED");
    }
    // A page's form post (a route action) is refused the same way.
    const form = await t().app.inject({
      method: "POST",
      url: "/update-password?token=x",
      payload: "new_password=x",
      headers: {
        cookie: `session=${token}`,
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
    });
    expect(form.statusCode).toBe(403);
    expect(form.json().error).toBe("CSRF_REJECTED");
    const still = await t().app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: `session=${token}`, origin: "https://evil.example" },
    });
    expect(still.statusCode).toBe(200);
    const same = await t().app.inject({
      method: "POST",
      url: "/api/auth/logout",
      payload: {},
      headers: { cookie: `session=${token}`, origin: "http://localhost:3000", host: "localhost:3000" },
    });
    expect(same.statusCode).toBe(200);
  });
});
