import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { ZodTypeProvider } from "@fastify/type-provider-zod";
import { buildApp, dropClientAborts } from "./app.ts";
import { loadEnv } from "./env.ts";
import { createTestApp, useTestApp } from "./test/test-app.ts";

const t = useTestApp();

describe("the error envelope", () => {
  it("answers an unknown /api route with a 404 envelope", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/does-not-exist?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      data: null,
      status: 404,
      message: "Route GET /api/does-not-exist not found",
      error: "NOT_FOUND",
      field: null,
      otherData: null,
    });
  });

  it("names the problem in malformed JSON with a 400", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/captcha/validate",
      headers: { "content-type": "application/json" },
      payload: '{"payload": "abc"',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe("MALFORMED_JSON");
    expect(body.message).toMatch(/^Malformed JSON body: .+/);
    expect(body.data).toBeNull();
  });

  it("rejects an unknown property with 400 and names it in field", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/captcha/validate",
      payload: { payload: "abc", isAdmin: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, error: "VALIDATION_ERROR", field: "isAdmin" });
  });

  it("rejects a wrong type instead of coercing it", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/captcha/validate",
      payload: { payload: 12345 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "VALIDATION_ERROR", field: "payload" });
  });

  it("names a missing property", async () => {
    const res = await t().app.inject({ method: "POST", url: "/api/auth/captcha/validate", payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: "payload", message: "'payload' is required" });
  });

  it("answers text/plain with 415", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/languages",
      headers: { "content-type": "text/plain" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 415, error: "UNSUPPORTED_MEDIA_TYPE" });
  });

  it("answers a form body with 415", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/captcha/validate",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "payload=abc",
    });
    expect(res.statusCode).toBe(415);
  });

  it("answers a 2 MB body with 413", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/auth/captcha/validate",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ payload: "a".repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, error: "PAYLOAD_TOO_LARGE" });
  });

  it("refuses prototype poisoning", async () => {
    const res = await t().app.inject({
      method: "POST",
      url: "/api/languages",
      headers: { "content-type": "application/json" },
      payload: '{"__proto__": {"polluted": true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("hides the details of an unexpected error behind the error defaults", async () => {
    // A route that exists only to throw, on an app that is not yet ready.
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: "test" }),
      db: t().db,
      captchaHmacKey: "x".repeat(32),
      logger: false,
    });
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        "/api/test/boom",
        { schema: { querystring: z.strictObject({ n: z.string().optional() }) } },
        async () => {
          throw new Error("connection string postgres://secret@db leaked");
        },
      );
    const res = await app.inject({ method: "GET", url: "/api/test/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      data: null,
      status: 500,
      message: "An unexpected error occurred",
      error: "UNKNOWN_ERROR",
      field: null,
      otherData: null,
    });
    const unknownQuery = await app.inject({ method: "GET", url: "/api/test/boom?m=1" });
    expect(unknownQuery.statusCode).toBe(400);
    expect(unknownQuery.json()).toMatchObject({ field: "m" });
    await app.close();
  });
});

describe("cross-cutting headers", () => {
  it("sends security headers with every API answer", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("sends HSTS behind a trusted TLS proxy only", async () => {
    const proxied = await createTestApp({ TRUST_PROXY: "true" });
    try {
      const tls = await proxied.app.inject({
        method: "GET",
        url: "/api/health",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(tls.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
    const spoofed = await t().app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });

  it("keeps a well-formed upstream request id and replaces a hostile one", async () => {
    const kept = await t().app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "abc12345-upstream" },
    });
    expect(kept.headers["x-request-id"]).toBe("abc12345-upstream");
    const replaced = await t().app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "<script>alert(1)</script>" },
    });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("OpenAPI", () => {
  it("documents the routes from their zod schemas", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/ready",
        "/api/languages",
        "/api/countries",
        "/api/geolocation",
        "/api/auth/captcha/generate",
        "/api/auth/captcha/validate",
      ]),
    );
    expect(doc.paths["/api/countries"].get.parameters[0]).toMatchObject({ name: "lang", in: "query" });
  });

  it("serves a readable reference page", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("swagger");
  });
});

describe("compression", () => {
  it("compresses larger JSON answers with brotli or gzip as the client asks", async () => {
    const br = await t().app.inject({
      method: "GET",
      url: "/api/countries",
      headers: { "accept-encoding": "br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    const gzip = await t().app.inject({
      method: "GET",
      url: "/api/countries",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await t().app.inject({ method: "GET", url: "/api/countries" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json().data.length).toBeGreaterThan(200);
  });
});

describe("the log", () => {
  it("leaves out visitors who leave while a page streams, and nothing else", () => {
    const written: unknown[][] = [];
    const method = (...args: unknown[]) => written.push(args);
    dropClientAborts.call(null, [new Error("premature close")], method, 50);
    dropClientAborts.call(null, [{ err: new Error("premature close") }, "premature close"], method, 50);
    dropClientAborts.call(null, [new Error("database unreachable")], method, 50);
    dropClientAborts.call(null, [{ err: new Error("premature close") }], method, 30);
    expect(written).toHaveLength(2);
  });
});
