import { describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { createUser } from "@ems/db/factories";
import { mailOutbox, sessions } from "@ems/db/schema";
import { solvedCaptcha } from "../../test/captcha.ts";
import { TEST_CAPTCHA_KEY, useTestApp } from "../../test/test-app.ts";
import { deviceCookieKey, deviceCookieName, newDeviceCookie } from "./device-cookie.ts";
import { UNTRUSTED_LIMIT_FACTOR } from "./login-service.ts";

// A small per-account limit (no smaller than the 5 wrong passwords that lock) keeps the floods short; behind the trusted proxy each request of the
// attacker comes from another address, so only the per-account counters can stop it.
const ACCOUNT_LIMIT = 5;
const t = useTestApp({
  RATE_LIMIT_MAX: "1000",
  LOGIN_ACCOUNT_LIMIT: String(ACCOUNT_LIMIT),
  TRUST_PROXY: "true",
});
const PASSWORD = "a long and unusual passphrase 42";
/** Three free failures, two more with a captcha: the lock of clients without the device cookie. */
const FAILURES_TO_LOCK = 5;
const WRONG = "not the password at all";

let address = 0;
const elsewhere = () => ({
  "x-forwarded-for": `198.51.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
});

interface Res {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): { data: Record<string, unknown> | null; error: string | null; field: string | null };
}

const login = (body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Res> =>
  t().app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: body,
    headers: { ...elsewhere(), ...headers },
  });
const verify = (body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Res> =>
  t().app.inject({
    method: "POST",
    url: "/api/auth/verify",
    payload: body,
    headers: { ...elsewhere(), ...headers },
  });

function setCookies(res: Res): string[] {
  return ([] as string[]).concat((res.headers["set-cookie"] as string | string[] | undefined) ?? []);
}

/** The device cookie a response sets, as a browser would send it back (`name=value`). */
function deviceCookieOf(res: Res): string {
  const cookie = setCookies(res).find((c) => c.startsWith("device_"));
  if (!cookie) throw new Error("no device cookie");
  return cookie.split(";")[0]!;
}

async function latestCode(email: string): Promise<string> {
  const [mail] = await t()
    .db.db.select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, "login_code")))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const match = /\b(\d{6})\b/.exec(mail?.textBody ?? "");
  if (!match) throw new Error(`no code mailed to ${email}`);
  return match[1]!;
}

/** Both steps with the given cookies; answers the verify response (which sets the new device cookie). */
async function signIn(email: string, cookie?: string): Promise<Res> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const step1 = await login({ usr: email, pwd: PASSWORD }, headers);
  expect(step1.statusCode, JSON.stringify(step1.json())).toBe(200);
  const tmpId = step1.json().data!.tmp_id;
  return verify({ otp: await latestCode(email), tmpId }, headers);
}

async function owner() {
  const user = await createUser(t().db.db, { password: PASSWORD });
  const first = await signIn(user.email);
  expect(first.statusCode).toBe(200);
  return { user, device: deviceCookieOf(first) };
}

/**
 * What a determined attacker without the device cookie does: a wrong password from a new address
 * each time, solving the captcha whenever asked. Answers the statuses and error codes it saw.
 */
async function hammer(email: string, requests: number): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < requests; i++) {
    let res = await login({ usr: email, pwd: `${WRONG} ${i}` });
    if (res.statusCode === 428) {
      seen.push(`428 ${res.json().error}`);
      res = await login({ usr: email, pwd: `${WRONG} ${i}`, captcha: await solvedCaptcha(t().app) });
    }
    seen.push(`${res.statusCode} ${res.json().error}`);
  }
  return seen;
}

describe("device cookies (OWASP): an attacker cannot lock the owner out", () => {
  it("lets the owner's known browser sign in while another client hammers the account from many addresses", async () => {
    const { user, device } = await owner();
    const seen = await hammer(user.email, 3 * ACCOUNT_LIMIT * UNTRUSTED_LIMIT_FACTOR);
    // The flood first meets the captcha, then the lock for every client without the device cookie.
    expect(seen.slice(0, 4)).toEqual([
      "401 INVALID_CREDENTIALS",
      "401 INVALID_CREDENTIALS",
      "401 INVALID_CREDENTIALS",
      "428 CAPTCHA_REQUIRED",
    ]);
    expect(seen.at(-1)).toBe("429 ACCOUNT_LOCKED");
    // A new browser, even with the right password, is as locked out as the attacker…
    const stranger = await login({ usr: user.email, pwd: PASSWORD, captcha: await solvedCaptcha(t().app) });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error).toBe("ACCOUNT_LOCKED");

    // …while the owner's browser signs in as usual, and gets a new device cookie for next time.
    const signedIn = await signIn(user.email, device);
    expect(signedIn.statusCode).toBe(200);
    expect(setCookies(signedIn).some((c) => c.startsWith("session="))).toBe(true);
    const renewed = deviceCookieOf(signedIn);
    expect(renewed.split("=")[0]).toBe(device.split("=")[0]);
    expect(renewed).not.toBe(device);
    expect(await t().db.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
  });

  it("sets the device cookie HttpOnly, Secure, SameSite=Strict, for the sign-in API only, for a year, also for API clients", async () => {
    const user = await createUser(t().db.db, { password: PASSWORD });
    const browser = await signIn(user.email);
    const cookie = setCookies(browser).find((c) => c.startsWith("device_"))!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\/api\/auth(;|$)/);
    expect(cookie).toMatch(/; Max-Age=31536000/);
    // The name hides the address; the value is a nonce and its signature, nothing else.
    expect(cookie).not.toContain(user.email.split("@")[0]);
    expect(deviceCookieOf(browser)).toMatch(
      /^device_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/,
    );

    const step1 = await login({ usr: user.email, pwd: PASSWORD });
    const api = await verify({
      otp: await latestCode(user.email),
      tmpId: step1.json().data!.tmp_id,
      session: "token",
    });
    expect(api.statusCode).toBe(200);
    expect(setCookies(api).map((c) => c.split("=")[0])).toEqual([deviceCookieOf(browser).split("=")[0]]);

    // Signing out ends the session, not the device's standing.
    const token = api.json().data!.token as string;
    const out = await t().app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { authorization: `next ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(setCookies(out).some((c) => c.startsWith("device_"))).toBe(false);
  });

  it("treats a tampered, forged or another account's device cookie as no cookie at all", async () => {
    const { user, device } = await owner();
    const other = await owner();
    await hammer(user.email, 2 * FAILURES_TO_LOCK);
    const [name, value] = device.split("=") as [string, string];
    const [nonce, signature] = value.split(".") as [string, string];
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith("A") ? "B" : "A"}`;
    const key = deviceCookieKey(TEST_CAPTCHA_KEY);
    const foreignKey = deviceCookieKey(`${TEST_CAPTCHA_KEY}-another-deployment`);
    const forged = newDeviceCookie(foreignKey, user.email.toLowerCase());
    const untrusted = [
      `${name}=${nonce}.${flip(signature)}`,
      `${name}=${flip(nonce)}.${signature}`,
      `${name}=${nonce}`,
      `${name}=${value}.${signature}`,
      // The other account's genuine cookie, as it is and under this account's name.
      other.device,
      `${name}=${other.device.split("=")[1]}`,
      // Signed with another deployment's key.
      `${deviceCookieName(key, user.email.toLowerCase())}=${forged.value}`,
    ];
    for (const cookie of untrusted) {
      const res = await login({ usr: user.email, pwd: PASSWORD }, { cookie });
      expect(res.statusCode, cookie).toBe(429);
      expect(res.json().error, cookie).toBe("ACCOUNT_LOCKED");
    }
    expect((await login({ usr: user.email, pwd: PASSWORD }, { cookie: device })).statusCode).toBe(200);
  });

  it("locks only the device that made the wrong guesses, and counts them without a captcha", async () => {
    const { user, device } = await owner();
    for (let i = 0; i < 5; i++) {
      const res = await login({ usr: user.email, pwd: `${WRONG} ${i}` }, { cookie: device });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe("INVALID_CREDENTIALS");
    }
    const lockedDevice = await login({ usr: user.email, pwd: PASSWORD }, { cookie: device });
    expect(lockedDevice.statusCode).toBe(429);
    expect(lockedDevice.json().error).toBe("ACCOUNT_LOCKED");
    expect(Number(lockedDevice.headers["retry-after"])).toBeGreaterThan(0);
    // Neither a client without the cookie nor the owner's other browser is affected.
    expect((await login({ usr: user.email, pwd: PASSWORD })).statusCode).toBe(200);
    const secondBrowser = deviceCookieOf(await signIn(user.email));
    expect((await signIn(user.email, secondBrowser)).statusCode).toBe(200);
  });

  it("keeps the owner's code checks apart from those of clients without the cookie", async () => {
    const { user, device } = await owner();
    // Someone who knows the password (not the codes) uses up the code checks of unknown clients
    // (the owner's first sign-in, from an unknown browser then, was one of them).
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_LIMIT; i++) {
      const step1 = await login({ usr: user.email, pwd: PASSWORD, captcha: await solvedCaptcha(t().app) });
      const code = await latestCode(user.email);
      const res = await verify({
        otp: code === "000000" ? "111111" : "000000",
        tmpId: step1.json().data!.tmp_id,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(ACCOUNT_LIMIT - 1).fill(401), 429]);
    expect((await signIn(user.email, device)).statusCode).toBe(200);
  });
});

describe("clients without the device cookie", () => {
  it("need a solved captcha after LOGIN_ACCOUNT_LIMIT requests, and are locked out only far beyond it", async () => {
    const user = await createUser(t().db.db, { password: PASSWORD });
    for (let i = 0; i < ACCOUNT_LIMIT; i++)
      expect((await login({ usr: user.email, pwd: PASSWORD })).statusCode).toBe(200);

    const asked = await login({ usr: user.email, pwd: PASSWORD });
    expect(asked.statusCode).toBe(428);
    expect(asked.json()).toMatchObject({ error: "CAPTCHA_REQUIRED", field: "captcha", data: null });

    const captcha = await solvedCaptcha(t().app);
    expect((await login({ usr: user.email, pwd: PASSWORD, captcha })).statusCode).toBe(200);
    const replay = await login({ usr: user.email, pwd: PASSWORD, captcha });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: "CAPTCHA_ALREADY_USED", field: "captcha" });
    const garbage = await login({
      usr: user.email,
      pwd: PASSWORD,
      captcha: Buffer.from("{}").toString("base64"),
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject({ error: "CAPTCHA_INVALID", field: "captcha" });

    // Requests refused for want of a captcha do not bring the lock closer.
    for (let i = 0; i < 20; i++)
      expect((await login({ usr: user.email, pwd: PASSWORD })).statusCode).toBe(428);
    const hardLimit = ACCOUNT_LIMIT * UNTRUSTED_LIMIT_FACTOR;
    for (let i = ACCOUNT_LIMIT + 1; i < hardLimit; i++) {
      const res = await login({ usr: user.email, pwd: PASSWORD, captcha: await solvedCaptcha(t().app) });
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    const limited = await login({ usr: user.email, pwd: PASSWORD, captcha: await solvedCaptcha(t().app) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe("RATE_LIMITED");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(60);
  });

  it("get the same answers for a known and an unknown address", async () => {
    const user = await createUser(t().db.db, { password: PASSWORD });
    const known = await hammer(user.email, 7);
    const unknown = await hammer(`nobody-${Date.now()}@example.test`, 7);
    expect(known).toEqual(unknown);
    expect(known).toEqual([
      "401 INVALID_CREDENTIALS",
      "401 INVALID_CREDENTIALS",
      "401 INVALID_CREDENTIALS",
      "428 CAPTCHA_REQUIRED",
      "401 INVALID_CREDENTIALS",
      "428 CAPTCHA_REQUIRED",
      "401 INVALID_CREDENTIALS",
      "429 ACCOUNT_LOCKED",
      "429 ACCOUNT_LOCKED",
    ]);
  });
});
