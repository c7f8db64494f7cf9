import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "@ems/db/client";
import { createTestApp, type TestApp } from "../test/test-app.ts";

/** CI machines run Redis on 127.0.0.1:6379; REDIS_TEST_URL points elsewhere. */
const redisUrl = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

async function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(500);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const hasRedis = await reachable(redisUrl);

describe.skipIf(!hasRedis)("rate limit with REDIS_URL", () => {
  let a: TestApp;
  let b: TestApp;
  const client = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, RATE_LIMIT_MAX: "2", RATE_LIMIT_WINDOW_S: "5" };
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it("shares counters between instances with separate databases", async () => {
    const hit = (t: TestApp) =>
      t.app.inject({ method: "POST", url: "/api/auth/captcha/generate", remoteAddress: client });
    expect((await hit(a)).statusCode).toBe(200);
    expect((await hit(b)).statusCode).toBe(200);
    const third = await hit(a);
    expect(third.statusCode).toBe(429);
    expect(third.headers["retry-after"]).toBeDefined();
    // Nothing reached the PostgreSQL counters: Redis holds them.
    const rows = await queryRows<{ n: number }>(a.db.db, sql`select count(*)::int as n from rate_limits`);
    expect(rows[0]?.n).toBe(0);
  });
});
