import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { createSession, createUser } from "@ems/db/factories";
import { activityLog, mailOutbox, recoveryCodes, users } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { generateTotp } from "../../lib/totp.ts";
import { verifyPassword } from "../../lib/passwords.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000" });
const PASSWORD = "a long and unusual passphrase 42";

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t().db.db, {
    password: PASSWORD,
    firstName: "Ana",
    lastName: "Ionescu",
    ...overrides,
  });
  const { token, session } = await createSession(t().db.db, { userId: user.id });
  const call = (method: "GET" | "POST", url: string, payload?: object) =>
    t().app.inject({
      method,
      url,
      headers: { cookie: `session=${token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return { user, token, session, call };
}

const userRow = async (id: string) => (await t().db.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("profile", () => {
  it("answers the user at data.user for GET and for the call's POST form", async () => {
    const { user, call } = await signedIn({ language: "ro" });
    for (const method of ["GET", "POST"] as const) {
      const res = await call(method, "/api/profile", method === "POST" ? {} : undefined);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toMatchObject({
        id: user.id,
        full_name: "Ana Ionescu",
        language: "ro",
        company_role: "admin",
        two_factor_enabled: false,
        contacts: [{ first_name: "Ana", last_name: "Ionescu", email: user.email }],
      });
    }
    expect((await t().app.inject({ method: "GET", url: "/api/profile" })).statusCode).toBe(401);
  });

  it("updates names and language, logs it, and stores hostile text as text", async () => {
    const { user, call } = await signedIn();
    const res = await call("POST", "/api/profile/update", {
      first_name: "<script>alert(1)</script>",
      language: "fi",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ first_name: "<script>alert(1)</script>", language: "fi" });
    const entries = await t().db.db.select().from(activityLog).where(eq(activityLog.actorUserId, user.id));
    expect(entries.map((e) => e.action)).toContain("profile.updated");
  });

  it("refuses bad updates with the field and changes nothing", async () => {
    const { user, call } = await signedIn();
    for (const [payload, field] of [
      [{ language: "xx" }, "language"],
      [{ language: "en-US" }, "language"],
      [{ first_name: "" }, "first_name"],
      [{ first_name: "x".repeat(101) }, "first_name"],
      [{ role: "staff_admin" }, "role"],
      [{ email: "other@example.test" }, "email"],
    ] as const) {
      const res = await call("POST", "/api/profile/update", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const row = await userRow(user.id);
    expect(row.firstName).toBe("Ana");
    expect(row.role).toBe("customer");
  });

  it("checks username availability and changes it only with the current password", async () => {
    const other = await createUser(t().db.db);
    const { user, call } = await signedIn();
    expect(
      (await call("POST", "/api/profile/validate-username", { username: other.email.toUpperCase() })).json()
        .data.available,
    ).toBe(false);
    expect(
      (await call("POST", "/api/profile/validate-username", { username: "free.address@example.test" })).json()
        .data.available,
    ).toBe(true);

    const wrong = await call("POST", "/api/profile/change-username", {
      new_username: "new@example.test",
      pwd: "wrong one",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe("pwd");
    const taken = await call("POST", "/api/profile/change-username", {
      new_username: other.email,
      pwd: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().field).toBe("new_username");
    expect((await userRow(user.id)).email).toBe(user.email);

    const newEmail = `renamed.${Date.now()}@example.test`;
    const done = await call("POST", "/api/profile/change-username", {
      new_username: newEmail,
      pwd: PASSWORD,
    });
    expect(done.json().data.user.email).toBe(newEmail);
    const notices = await t().db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(notices.map((m) => m.template)).toContain("username_changed");
  });

  it("changes the password with the current one, enforces the rules and ends other sessions", async () => {
    const { user, call, token } = await signedIn();
    const other = await createSession(t().db.db, { userId: user.id });
    expect((await call("POST", "/api/profile/validate-password", { pwd: PASSWORD })).json().data.valid).toBe(
      true,
    );
    expect((await call("POST", "/api/profile/validate-password", { pwd: "nope" })).json().data.valid).toBe(
      false,
    );

    const noCurrent = await call("POST", "/api/profile/change-password", {
      new_password: "another long passphrase 7",
    });
    expect(noCurrent.json().field).toBe("pwd");
    const forcedNotAllowed = await call("POST", "/api/profile/change-password", {
      new_password: "another long passphrase 7",
      is_forced_update: true,
    });
    expect(forcedNotAllowed.statusCode).toBe(400);
    for (const [pw, code] of [
      ["short", "PASSWORD_TOO_SHORT"],
      ["password1234", "PASSWORD_COMMON"],
      ["x".repeat(129), "PASSWORD_TOO_LONG"],
    ]) {
      const res = await call("POST", "/api/profile/change-password", { new_password: pw, pwd: PASSWORD });
      expect(res.json()).toMatchObject({ error: code, field: "new_password" });
    }
    expect(await verifyPassword((await userRow(user.id)).passwordHash, PASSWORD)).toBe(true);

    const ok = await call("POST", "/api/profile/change-password", {
      new_password: "ünïcödé passphrase for the portal",
      pwd: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(
      await verifyPassword((await userRow(user.id)).passwordHash, "ünïcödé passphrase for the portal"),
    ).toBe(true);
    const otherSession = await t().app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: `session=${other.token}` },
    });
    expect(otherSession.statusCode).toBe(401);
    const mine = await t().app.inject({
      method: "GET",
      url: "/api/auth/session",
      headers: { cookie: `session=${token}` },
    });
    expect(mine.statusCode).toBe(200);
  });

  it("accepts a forced update without the current password only while it is required", async () => {
    const { user, call } = await signedIn({ mustChangePassword: true });
    const res = await call("POST", "/api/profile/change-password", {
      new_password: "a fresh passphrase 2026",
      is_forced_update: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.must_change_password).toBe(false);
    expect((await userRow(user.id)).mustChangePassword).toBe(false);
  });

  it("sends a confirmation to an unconfirmed address, and refuses a confirmed one", async () => {
    const unconfirmed = await signedIn({ emailVerifiedAt: null });
    const sent = await unconfirmed.call("POST", "/api/profile/verify-account", {});
    expect(sent.statusCode).toBe(200);
    const mails = await t()
      .db.db.select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, unconfirmed.user.email));
    expect(mails.map((m) => m.template)).toEqual(["verify_email"]);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mails[0]!.textBody)![1]!;
    const confirmed = await t().app.inject({
      method: "POST",
      url: "/api/register/verify-link",
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await unconfirmed.call("GET", "/api/profile")).json().data.user.email_verified).toBe(true);
    expect((await unconfirmed.call("POST", "/api/profile/verify-account", {})).statusCode).toBe(409);
  });

  it("marks the cookie notice as seen", async () => {
    const { call } = await signedIn();
    expect((await call("POST", "/api/profile/cookie-notice", {})).json().data.user.cookie_notified).toBe(
      true,
    );
  });
});

describe("two-factor enrolment", () => {
  it("enrols with a QR code and a current code, returns recovery codes once, stores only hashes", async () => {
    const { user, call } = await signedIn();
    const qr = (await call("POST", "/api/two-factor/qrcode", {})).json().data;
    expect(qr.otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(qr.qr_svg).toContain("<svg");
    const again = (await call("POST", "/api/two-factor/qrcode", {})).json().data;
    expect(again.secret).toBe(qr.secret);

    expect(
      (
        await call("POST", "/api/two-factor/enable", {
          code: "000000" === generateTotp(qr.secret) ? "111111" : "000000",
        })
      ).statusCode,
    ).toBe(400);
    const enabled = await call("POST", "/api/two-factor/enable", { code: generateTotp(qr.secret) });
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().data.recovery_codes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await t().db.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.join()).not.toContain(row.codeHash);

    expect((await call("GET", "/api/profile")).json().data.user).toMatchObject({
      two_factor_enabled: true,
      recovery_codes_left: 10,
    });
    expect((await call("POST", "/api/two-factor/qrcode", {})).statusCode).toBe(409);
    // No GET changes state: the secret is only made by the POST.
    expect((await call("GET", "/api/two-factor/qrcode")).statusCode).toBe(404);
    expect((await call("POST", "/api/two-factor/enable", { code: generateTotp(qr.secret) })).statusCode).toBe(
      409,
    );

    const mails = await t().db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails.map((m) => m.template)).toContain("two_factor_enabled");

    // Turning it off needs the password and a code (here a recovery code).
    expect((await call("POST", "/api/two-factor/disable", { pwd: "wrong", code: codes[0] })).statusCode).toBe(
      400,
    );
    const off = await call("POST", "/api/two-factor/disable", { pwd: PASSWORD, code: codes[0] });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.user.two_factor_enabled).toBe(false);
  });

  it("refuses malformed codes without writing", async () => {
    const { user, call } = await signedIn();
    const [before] = await t().db.db.select({ n: count() }).from(recoveryCodes);
    for (const code of ["12345", "abcdef", "' or 1=1", 123456]) {
      expect((await call("POST", "/api/two-factor/enable", { code })).statusCode).toBe(400);
    }
    const [after] = await t().db.db.select({ n: count() }).from(recoveryCodes);
    expect(after!.n).toBe(before!.n);
    expect((await userRow(user.id)).totpEnabledAt).toBeNull();
  });
});
