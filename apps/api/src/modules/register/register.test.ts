import { describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { createSession, createUser } from "@ems/db/factories";
import {
  activityLog,
  companies,
  companyMembers,
  emailTokens,
  mailOutbox,
  sessions,
  users,
} from "@ems/db/schema";
import { solvedCaptcha } from "../../test/captcha.ts";
import { useTestApp } from "../../test/test-app.ts";
import { verifyPassword } from "../../lib/passwords.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000" });
const PASSWORD = "a long and unusual passphrase 42";
let n = 0;

async function body(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    company: { name: `Nordlicht Sensorik ${n} GmbH`, country: "DE", vat_id: "DE136695976" },
    contact: { first_name: "Ana", last_name: "Ionescu", email: `ana.${n}.${Date.now()}@example.test` },
    password: PASSWORD,
    language: "ro",
    captcha: await solvedCaptcha(t().app),
    accept_terms: true,
    ...overrides,
  };
}

const post = (url: string, payload: unknown) =>
  t().app.inject({ method: "POST", url, payload: payload as Record<string, unknown> });

async function mailsTo(email: string) {
  return t().db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
}
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;
const linkOf = (text: string) => /token=([A-Za-z0-9_-]{43})/.exec(text)![1]!;
const rows = async (table: typeof users | typeof companies | typeof mailOutbox | typeof emailTokens) =>
  (await t().db.db.select({ n: count() }).from(table))[0]!.n;

describe("registration", () => {
  it("creates the company with the registrant as administrator and confirms the address by code", async () => {
    const payload = await body();
    const res = await post("/api/register", payload);
    expect(res.statusCode).toBe(201);
    const { pending_id } = res.json().data;
    const email = payload.contact.email;
    const [user] = await t().db.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: "Ana", language: "ro", emailVerifiedAt: null });
    const [member] = await t().db.db.select().from(companyMembers).where(eq(companyMembers.userId, user!.id));
    expect(member).toMatchObject({ role: "admin", status: "accepted" });
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ template: "verify_email", language: "ro" });
    expect(mail!.textBody).toContain("/ro/register/verified?token=");

    expect(
      (await post("/api/register/email-availability", { email: email.toUpperCase() })).json().data.available,
    ).toBe(false);

    const wrong = await post("/api/register/verify", {
      pending_id,
      code: codeOf(mail!.textBody) === "000000" ? "111111" : "000000",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: "CODE_INVALID",
      field: "code",
      otherData: { attempts_left: 4 },
    });
    const ok = await post("/api/register/verify", { pending_id, code: codeOf(mail!.textBody) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.email).toBe(email);
    const [verified] = await t().db.db.select().from(users).where(eq(users.email, email));
    expect(verified!.emailVerifiedAt).not.toBeNull();
    expect(
      (await post("/api/register/verify", { pending_id, code: codeOf(mail!.textBody) })).statusCode,
    ).toBe(410);
  });

  it("confirms by the e-mailed link once", async () => {
    const payload = await body();
    await post("/api/register", payload);
    const [mail] = await mailsTo(payload.contact.email);
    const token = linkOf(mail!.textBody);
    expect((await post("/api/register/verify-link", { token })).statusCode).toBe(200);
    expect((await post("/api/register/verify-link", { token })).statusCode).toBe(410);
  });

  it("ends a code after 5 wrong tries and sends a new one on request", async () => {
    const payload = await body();
    const { pending_id } = (await post("/api/register", payload)).json().data;
    const code = codeOf((await mailsTo(payload.contact.email))[0]!.textBody);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++)
      expect((await post("/api/register/verify", { pending_id, code: wrong })).statusCode).toBe(400);
    expect((await post("/api/register/verify", { pending_id, code: wrong })).statusCode).toBe(410);
    expect((await post("/api/register/verify", { pending_id, code })).statusCode).toBe(410);

    const resent = await post("/api/register/resend", { pending_id });
    expect(resent.statusCode).toBe(200);
    const fresh = resent.json().data.pending_id;
    expect(fresh).not.toBe(pending_id);
    const latest = (await mailsTo(payload.contact.email)).sort((a, b) => +b.createdAt - +a.createdAt)[0]!;
    expect(
      (await post("/api/register/verify", { pending_id: fresh, code: codeOf(latest.textBody) })).statusCode,
    ).toBe(200);
  });

  it("answers a known address exactly like a new one and tells its owner instead", async () => {
    const owner = await createUser(t().db.db, { password: PASSWORD });
    const companiesBefore = await rows(companies);
    const known = await post(
      "/api/register",
      await body({ contact: { first_name: "X", last_name: "Y", email: owner.email } }),
    );
    const fresh = await post("/api/register", await body());
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(known.json().data)).toEqual(Object.keys(fresh.json().data));
    expect(await rows(companies)).toBe(companiesBefore + 1);
    expect((await mailsTo(owner.email)).map((m) => m.template)).toEqual(["account_exists"]);
    // The pending id of the known address behaves like a real one.
    const pending = known.json().data.pending_id;
    expect(
      (await post("/api/register/verify", { pending_id: pending, code: "123456" })).json().otherData,
    ).toEqual({ attempts_left: 4 });
    expect((await post("/api/register/resend", { pending_id: pending })).statusCode).toBe(200);
    expect(
      await verifyPassword(
        (await t().db.db.select().from(users).where(eq(users.id, owner.id)))[0]!.passwordHash,
        PASSWORD,
      ),
    ).toBe(true);
  });

  it("requires a fresh captcha, the terms and a good password, and writes nothing otherwise", async () => {
    const before = {
      users: await rows(users),
      companies: await rows(companies),
      mail: await rows(mailOutbox),
    };
    const used = await solvedCaptcha(t().app);
    expect((await post("/api/register", await body({ captcha: used }))).statusCode).toBe(201);
    const after = { users: await rows(users), mail: await rows(mailOutbox) };
    const cases: [Record<string, unknown>, number, string][] = [
      [await body({ captcha: used }), 400, "captcha"],
      [await body({ captcha: "bm90IGEgc29sdXRpb24=" }), 400, "captcha"],
      [await body({ accept_terms: false }), 400, "accept_terms"],
      [await body({ password: "short" }), 400, "password"],
      [await body({ password: "password1234" }), 400, "password"],
      [await body({ password: "x".repeat(129) }), 400, "password"],
      [await body({ language: "xx" }), 400, "language"],
      [await body({ role: "staff_admin" }), 400, "role"],
      [await body({ company: { name: "", country: "DE" } }), 400, "company.name"],
      [await body({ company: { name: "A", country: "Germany" } }), 400, "company.country"],
      [
        await body({ contact: { first_name: "A", last_name: "B", email: "not-an-email" } }),
        400,
        "contact.email",
      ],
      [await body({ company: { name: "x".repeat(201), country: "DE" } }), 400, "company.name"],
    ];
    for (const [payload, status, field] of cases) {
      const res = await post("/api/register", payload);
      expect(res.statusCode, field).toBe(status);
      expect(res.json().field, field).toBe(field);
    }
    expect(await rows(users)).toBe(after.users);
    expect(await rows(mailOutbox)).toBe(after.mail);
    expect(after.users).toBe(before.users + 1);
  });

  it("accepts a 64-character password and one of unicode characters counted as characters", async () => {
    expect(
      (
        await post(
          "/api/register",
          await body({ password: "a".repeat(30) + " unusual words " + "b".repeat(19) }),
        )
      ).statusCode,
    ).toBe(201);
    expect((await post("/api/register", await body({ password: "😀😀😀😀😀😀😀" }))).json().error).toBe(
      "PASSWORD_TOO_SHORT",
    );
  });

  it("stores hostile names as text and escapes them in the e-mail", async () => {
    const payload = await body({
      contact: {
        first_name: "<script>alert(1)</script>",
        last_name: "O'Brien",
        email: `x.${Date.now()}@example.test`,
      },
    });
    expect((await post("/api/register", payload)).statusCode).toBe(201);
    const [mail] = await mailsTo(payload.contact.email as string);
    expect(mail!.htmlBody).not.toContain("<script>alert(1)</script>");
    expect(mail!.htmlBody).toContain("&lt;script&gt;");
  });
});

describe("password reset", () => {
  it("answers the same for known and unknown addresses and sends a single-use link", async () => {
    const user = await createUser(t().db.db, { password: PASSWORD, language: "de" });
    const { token: sessionToken } = await createSession(t().db.db, { userId: user.id });
    const known = await post("/api/auth/reset-password", { email: user.email });
    const unknown = await post("/api/auth/reset-password", { email: `nobody.${Date.now()}@example.test` });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await t().app.pendingWork.settled();

    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({ template: "password_reset", language: "de" });
    expect(mail!.textBody).toContain("/de/update-password?token=");
    const token = linkOf(mail!.textBody);
    const check = (await post("/api/auth/reset-password/validate", { token })).json().data;
    expect(check.valid).toBe(true);
    expect(check.email_hint).toMatch(/^u•+@example\.test$/);

    expect(
      (await post("/api/auth/update-password", { token, new_password: "password1234" })).json(),
    ).toMatchObject({ error: "PASSWORD_COMMON", field: "new_password" });
    expect(
      (await post("/api/auth/update-password", { token, new_password: "a brand new passphrase 77" }))
        .statusCode,
    ).toBe(200);
    const [row] = await t().db.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.passwordHash, "a brand new passphrase 77")).toBe(true);
    const session = await t().app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: `session=${sessionToken}` },
    });
    expect(session.statusCode).toBe(401);

    expect(
      (await post("/api/auth/update-password", { token, new_password: "another passphrase 88" })).json()
        .error,
    ).toBe("TOKEN_INVALID");
    expect((await post("/api/auth/reset-password/validate", { token })).json().data).toEqual({
      valid: false,
      email_hint: null,
    });
  });

  it("refuses expired links and malformed input", async () => {
    const user = await createUser(t().db.db);
    await post("/api/auth/reset-password", { email: user.email });
    await t().app.pendingWork.settled();
    const token = linkOf((await mailsTo(user.email))[0]!.textBody);
    await t()
      .db.db.update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    expect(
      (await post("/api/auth/update-password", { token, new_password: "a brand new passphrase 77" })).json()
        .error,
    ).toBe("TOKEN_INVALID");
    for (const payload of [{}, { email: "x" }, { email: "a@example.test", extra: 1 }]) {
      expect((await post("/api/auth/reset-password", payload)).statusCode).toBe(400);
    }
    for (const payload of [{ token: "short" }, { token: "' or 1=1 --" }]) {
      expect((await post("/api/auth/reset-password/validate", payload)).statusCode).toBe(400);
    }
  });
});

describe("confirming a registration signs in on the registering device", () => {
  const cookiesOf = (res: { headers: Record<string, unknown> }) =>
    ([] as string[]).concat((res.headers["set-cookie"] as string | string[] | undefined) ?? []);
  const sessionOf = (res: { headers: Record<string, unknown> }) =>
    cookiesOf(res)
      .find((c) => c.startsWith("session="))
      ?.slice("session=".length)
      .split(";")[0];
  const whoIs = (token: string) =>
    t().app.inject({ method: "GET", url: "/api/auth/session", headers: { cookie: `session=${token}` } });

  async function registered() {
    const payload = await body();
    const { pending_id } = (await post("/api/register", payload)).json().data;
    const email = payload.contact.email;
    const code = codeOf((await mailsTo(email))[0]!.textBody);
    const [user] = await t().db.db.select().from(users).where(eq(users.email, email));
    return { pending_id, email, code, user: user! };
  }

  it("sets the HttpOnly session cookie, never the token in the body, and records the sign-in", async () => {
    const { pending_id, email, code, user } = await registered();
    const res = await post("/api/register/verify", { pending_id, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email, signed_in: true });
    const cookie = cookiesOf(res).find((c) => c.startsWith("session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookiesOf(res).some((c) => c.startsWith("logged_in=1"))).toBe(true);
    const token = sessionOf(res)!;
    expect(res.body).not.toContain(token);

    const me = await whoIs(token);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user).toMatchObject({ email, company_role: "admin" });
    const logins = await t()
      .db.db.select()
      .from(activityLog)
      .where(and(eq(activityLog.actorUserId, user.id), eq(activityLog.action, "auth.login")));
    expect(logins.map((entry) => entry.details)).toEqual([{ method: "registration" }]);

    // Signing in again the usual way still works (and starts a session of its own).
    const step1 = await post("/api/auth/login", { usr: email, pwd: PASSWORD });
    expect(step1.statusCode).toBe(200);
    const latest = (await mailsTo(email)).filter((m) => m.template === "login_code")[0]!;
    const step2 = await post("/api/auth/verify", {
      tmpId: step1.json().data.tmp_id,
      otp: codeOf(latest.textBody),
    });
    expect(step2.statusCode).toBe(200);
    expect(await t().db.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
  });

  it("ends a session the request carried instead of keeping it (no fixation)", async () => {
    const other = await createUser(t().db.db);
    const planted = await createSession(t().db.db, { userId: other.id });
    const { pending_id, code } = await registered();
    const res = await t().app.inject({
      method: "POST",
      url: "/api/register/verify",
      payload: { pending_id, code },
      headers: { cookie: `session=${planted.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await whoIs(planted.token)).statusCode).toBe(401);
    expect(sessionOf(res)).not.toBe(planted.token);
  });

  it("starts no session for a wrong code, a used code or the e-mailed link", async () => {
    const { pending_id, code, user } = await registered();
    const wrong = await post("/api/register/verify", {
      pending_id,
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.statusCode).toBe(400);
    expect(sessionOf(wrong)).toBeUndefined();
    expect(await t().db.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    for (const payload of [{ pending_id }, { pending_id, code, extra: 1 }, { pending_id: "x", code }]) {
      const bad = await post("/api/register/verify", payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ status: 400 });
      expect(sessionOf(bad)).toBeUndefined();
    }

    const linked = await registered();
    const token = linkOf((await mailsTo(linked.email))[0]!.textBody);
    const byLink = await post("/api/register/verify-link", { token });
    expect(byLink.statusCode).toBe(200);
    expect(sessionOf(byLink)).toBeUndefined();
    expect(await t().db.db.select().from(sessions).where(eq(sessions.userId, linked.user.id))).toHaveLength(
      0,
    );
  });

  it("confirms without signing in an account whose sign-in needs an authenticator code", async () => {
    const { pending_id, code, email, user } = await registered();
    await t()
      .db.db.update(users)
      .set({ totpSecret: "JBSWY3DPEHPK3PXP", totpEnabledAt: new Date() })
      .where(eq(users.id, user.id));
    const res = await post("/api/register/verify", { pending_id, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email, signed_in: false });
    expect(sessionOf(res)).toBeUndefined();
    expect(await t().db.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});
