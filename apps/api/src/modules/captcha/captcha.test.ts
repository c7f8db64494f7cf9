import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { solveChallenge } from "altcha-lib/v1";
import { sql } from "drizzle-orm";
import { createTestApp, TEST_CAPTCHA_KEY, useTestApp, type TestApp } from "../../test/test-app.ts";
import { countRedemptions } from "./captcha-repository.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "1000" });
beforeEach(async () => {
  await t().db.db.execute(sql`delete from captcha_redemptions`);
});

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

async function generate(app = t().app, remoteAddress = "203.0.113.7"): Promise<Challenge> {
  const res = await app.inject({ method: "POST", url: "/api/auth/captcha/generate", remoteAddress });
  expect(res.statusCode).toBe(200);
  return res.json().data as Challenge;
}

/** What the ALTCHA widget does in the browser: find the number, then submit base64 JSON. */
async function solve(challenge: Challenge, tamper: Partial<Record<string, unknown>> = {}): Promise<string> {
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  expect(solution).not.toBeNull();
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution!.number,
    salt: challenge.salt,
    signature: challenge.signature,
    ...tamper,
  };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

const validate = (payload: unknown, remoteAddress = "203.0.113.7") =>
  t().app.inject({ method: "POST", url: "/api/auth/captcha/validate", payload: { payload }, remoteAddress });

describe("POST /api/auth/captcha/generate", () => {
  it("returns a signed SHA-256 challenge with a difficulty cap and an expiry", async () => {
    const challenge = await generate();
    expect(challenge.algorithm).toBe("SHA-256");
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.maxnumber).toBe(1000);
    expect(challenge.salt).toMatch(/expires=\d+/);
  });

  it("issues a different challenge each time and is never cached", async () => {
    const a = await generate();
    const b = await generate();
    expect(a.challenge).not.toBe(b.challenge);
    const res = await t().app.inject({ method: "POST", url: "/api/auth/captcha/generate" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("rejects a body with properties", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/captcha/generate",
      payload: { difficulty: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("difficulty");
  });
});

describe("POST /api/auth/captcha/validate", () => {
  it("accepts a solved challenge once and refuses the replay", async () => {
    const payload = await solve(await generate());
    const first = await validate(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ valid: true });
    const replay = await validate(payload);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: "CAPTCHA_ALREADY_USED", field: "payload" });
    expect(await countRedemptions(t().db.db)).toBe(1);
  });

  it("refuses a wrong number, a forged signature and a foreign key's challenge, writing nothing", async () => {
    const challenge = await generate();
    const wrongNumber = await solve(challenge, { number: challenge.maxnumber + 1 });
    const forged = await solve(challenge, { signature: "0".repeat(64) });
    for (const payload of [wrongNumber, forged]) {
      const res = await validate(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "CAPTCHA_INVALID", field: "payload" });
    }
    // A challenge signed with another key (another deployment) is worthless here.
    const { createChallenge } = await import("altcha-lib/v1");
    const foreign = await createChallenge({ hmacKey: `${TEST_CAPTCHA_KEY}-other`, maxNumber: 100 });
    const foreignPayload = await solve({ ...foreign, maxnumber: 100, algorithm: "SHA-256" });
    expect((await validate(foreignPayload)).statusCode).toBe(400);
    expect(await countRedemptions(t().db.db)).toBe(0);
  });

  it("refuses an expired challenge", async () => {
    const { createChallenge } = await import("altcha-lib/v1");
    const expired = await createChallenge({
      hmacKey: TEST_CAPTCHA_KEY,
      maxNumber: 100,
      expires: new Date(Date.now() - 1000),
    });
    const res = await validate(await solve({ ...expired, maxnumber: 100, algorithm: "SHA-256" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("CAPTCHA_INVALID");
  });

  it("answers garbage, non-JSON base64 and hostile strings with a clear 400", async () => {
    const cases = [
      Buffer.from("not json").toString("base64"),
      Buffer.from("null").toString("base64"),
      Buffer.from('{"signature": 1}').toString("base64"),
      "<script>alert(1)</script>",
      "a".repeat(2049),
      "",
    ];
    for (const payload of cases) {
      const res = await validate(payload);
      expect(res.statusCode, payload.slice(0, 20)).toBe(400);
      expect(["CAPTCHA_INVALID", "VALIDATION_ERROR"]).toContain(res.json().error);
      expect(res.json().field).toBe("payload");
    }
    expect(await countRedemptions(t().db.db)).toBe(0);
  });
});

describe("rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_S: "60", TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await limited.close();
  });

  const hit = (app: TestApp, headers: Record<string, string> = {}, remoteAddress = "127.0.0.1") =>
    app.app.inject({ method: "POST", url: "/api/auth/captcha/generate", headers, remoteAddress });

  it("answers 429 with Retry-After past the limit, per client address", async () => {
    for (let i = 0; i < 3; i++)
      expect((await hit(limited, { "x-forwarded-for": "198.51.100.1" })).statusCode).toBe(200);
    const blocked = await hit(limited, { "x-forwarded-for": "198.51.100.1" });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ status: 429, error: "RATE_LIMITED", data: null });
    // Another client is not affected.
    expect((await hit(limited, { "x-forwarded-for": "198.51.100.2" })).statusCode).toBe(200);
  });

  it("is not reset by a client that changes the X-Forwarded-For it sends", async () => {
    // Behind the trusted proxy at 127.0.0.1 the real client is the right-most entry; forged left entries change nothing.
    for (let i = 0; i < 3; i++) await hit(limited, { "x-forwarded-for": `10.9.9.${i}, 198.51.100.3` });
    const blocked = await hit(limited, { "x-forwarded-for": "10.9.9.99, 198.51.100.3" });
    expect(blocked.statusCode).toBe(429);
  });

  it("counts across instances sharing the database", async () => {
    const { buildApp } = await import("../../app.ts");
    const { loadEnv } = await import("../../env.ts");
    const second = await buildApp({
      env: loadEnv({ NODE_ENV: "test", RATE_LIMIT_MAX: "3" }),
      db: limited.db,
      captchaHmacKey: TEST_CAPTCHA_KEY,
      logger: false,
    });
    try {
      await hit(limited, {}, "192.0.2.44");
      await hit(limited, {}, "192.0.2.44");
      const third = await second.inject({
        method: "POST",
        url: "/api/auth/captcha/generate",
        remoteAddress: "192.0.2.44",
      });
      expect(third.statusCode).toBe(200);
      const fourth = await second.inject({
        method: "POST",
        url: "/api/auth/captcha/generate",
        remoteAddress: "192.0.2.44",
      });
      expect(fourth.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
