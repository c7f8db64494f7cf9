import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InjectOptions } from "fastify";
import { loadEnv } from "../../env.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { devOutboxSetting, isLoopbackAddress, isLoopbackHost } from "./dev-outbox-routes.ts";

/**
 * Issue 15 point 2: the development outbox shows every sign-in code. It is served only outside
 * production, only while the server listens on loopback (or with the loudly named override), and
 * only to clients on loopback; everyone else gets the 404 of a route that does not exist.
 */
const apps: Record<string, TestApp> = {};
const get = (name: string, options: Omit<InjectOptions, "method"> = {}) =>
  apps[name]!.app.inject({ method: "GET", url: "/api/dev/outbox", ...options });

beforeAll(async () => {
  const configs: Record<string, Record<string, string>> = {
    loopback: {},
    proxied: { TRUST_PROXY: "true" },
    // The quick start inside a container or VM: listening on every interface.
    everyInterface: { NODE_ENV: "development", HOST: "0.0.0.0", DEV_OUTBOX: "true" },
    overridden: {
      NODE_ENV: "development",
      HOST: "0.0.0.0",
      DEV_OUTBOX_ON_NETWORK_INTERFACE_EXPOSES_ALL_ACCOUNTS: "true",
    },
    production: { NODE_ENV: "production", PUBLIC_URL: "https://portal.example.test" },
    off: { DEV_OUTBOX: "false" },
  };
  for (const [name, env] of Object.entries(configs)) apps[name] = await createTestApp(env);
});

afterAll(async () => {
  for (const app of Object.values(apps)) await app.close();
});

describe("the development outbox", () => {
  it("answers clients on loopback while the server listens on loopback", async () => {
    for (const remoteAddress of ["127.0.0.1", "127.0.0.53", "::1", "::ffff:127.0.0.1"]) {
      const res = await get("loopback", { remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    expect(
      (await apps.loopback!.app.inject({ method: "GET", url: "/dev/outbox", remoteAddress: "::1" }))
        .statusCode,
    ).toBe(200);
  });

  it("answers anyone else exactly like a route that does not exist", async () => {
    const attachment =
      "/api/dev/outbox/00000000-0000-4000-8000-000000000000/attachments/00000000-0000-4000-8000-000000000000";
    for (const url of ["/api/dev/outbox", "/api/dev/outbox?to=a@example.test", "/dev/outbox", attachment]) {
      const unknown = await apps.off!.app.inject({ method: "GET", url });
      expect(unknown.statusCode).toBe(404);
      for (const remoteAddress of [
        "203.0.113.7",
        "192.168.1.20",
        "10.0.0.2",
        "2001:db8::1",
        "::ffff:10.0.0.2",
      ]) {
        const res = await apps.loopback!.app.inject({ method: "GET", url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(res.json(), `${url} from ${remoteAddress}`).toEqual(unknown.json());
        expect(res.body).not.toContain("sign-in");
      }
    }
  });

  it("cannot be reached through forwarded headers, from a proxy on this machine or a forged one", async () => {
    expect((await get("proxied", { remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
    // A reverse proxy on this machine forwarding a visitor from outside.
    const forwarded = await get("proxied", {
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(forwarded.statusCode).toBe(404);
    // A machine of the (trusted) private network claiming to forward a loopback client.
    const forged = await get("proxied", {
      remoteAddress: "10.0.0.2",
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(forged.statusCode).toBe(404);
    // Without TRUST_PROXY the header is not even read.
    const ignored = await get("loopback", {
      remoteAddress: "203.0.113.7",
      headers: { "x-forwarded-for": "127.0.0.1" },
    });
    expect(ignored.statusCode).toBe(404);
  });

  it("is off while listening on another interface, whatever DEV_OUTBOX says, unless the override is set", async () => {
    expect((await get("everyInterface", { remoteAddress: "127.0.0.1" })).statusCode).toBe(404);
    expect((await get("overridden", { remoteAddress: "127.0.0.1" })).statusCode).toBe(200);
    // Even then it answers loopback clients only.
    expect((await get("overridden", { remoteAddress: "192.168.1.20" })).statusCode).toBe(404);
  });

  it("is never served in production, and DEV_OUTBOX=true cannot turn it on there", async () => {
    expect((await get("production", { remoteAddress: "127.0.0.1" })).statusCode).toBe(404);
    expect(() =>
      loadEnv({ NODE_ENV: "production", PUBLIC_URL: "https://portal.example.test", DEV_OUTBOX: "true" }),
    ).toThrow(/DEV_OUTBOX/);
    expect(() =>
      loadEnv({
        NODE_ENV: "production",
        PUBLIC_URL: "https://portal.example.test",
        DEV_OUTBOX_ON_NETWORK_INTERFACE_EXPOSES_ALL_ACCOUNTS: "true",
      }),
    ).toThrow(/DEV_OUTBOX_ON_NETWORK_INTERFACE_EXPOSES_ALL_ACCOUNTS/);
  });
});

describe("devOutboxSetting", () => {
  const env = (values: Record<string, string>) => loadEnv({ NODE_ENV: "development", ...values });

  it("is on by default on loopback names and addresses only", () => {
    for (const host of ["localhost", "LOCALHOST", "127.0.0.1", "127.1.2.3", "::1", "[::1]"])
      expect(devOutboxSetting(env({ HOST: host })).on, host).toBe(true);
    for (const host of [
      "0.0.0.0",
      "::",
      "192.168.1.5",
      "10.0.0.1",
      "portal.example.test",
      "localhost.evil.example",
    ])
      expect(devOutboxSetting(env({ HOST: host })), host).toMatchObject({
        on: false,
        reason: expect.stringContaining("DEV_OUTBOX_ON_NETWORK_INTERFACE_EXPOSES_ALL_ACCOUNTS"),
      });
    expect(devOutboxSetting(env({ DEV_OUTBOX: "false" })).on).toBe(false);
    expect(devOutboxSetting(env({ HOST: "0.0.0.0", DEV_OUTBOX: "true" })).on).toBe(false);
  });

  it("tells loopback client addresses from the rest", () => {
    for (const address of ["127.0.0.1", "127.255.255.254", "::1", "0:0:0:0:0:0:0:1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of [
      undefined,
      "",
      "localhost",
      "10.0.0.1",
      "::",
      "::ffff:10.0.0.1",
      "fe80::1",
      "128.0.0.1",
    ])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    expect(isLoopbackHost("localhost")).toBe(true);
    expect(isLoopbackHost("0.0.0.0")).toBe(false);
  });
});
