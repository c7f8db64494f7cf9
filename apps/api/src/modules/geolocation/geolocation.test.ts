import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { isFromChina } from "./geolocation-service.ts";

describe("isFromChina", () => {
  it("recognises mainland Chinese addresses, IPv4, IPv6 and IPv4-mapped", () => {
    expect(isFromChina("114.114.114.114")).toBe(true);
    expect(isFromChina("240e::1")).toBe(true);
    expect(isFromChina("::ffff:114.114.114.114")).toBe(true);
  });

  it("says no for other countries, private, loopback, empty and garbage", () => {
    for (const ip of [
      "8.8.8.8",
      "2001:4860:4860::8888",
      "127.0.0.1",
      "10.1.2.3",
      "192.168.0.1",
      "::1",
      "",
      "not-an-ip",
      "999.1.1.1",
    ]) {
      expect(isFromChina(ip), ip).toBe(false);
    }
  });
});

describe("GET /api/geolocation", () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: "true" })]);
  });
  afterAll(async () => {
    await Promise.all([direct.close(), proxied.close()]);
  });

  it("uses the socket address and ignores X-Forwarded-For without TRUST_PROXY", async () => {
    const res = await direct.app.inject({
      method: "GET",
      url: "/api/geolocation",
      headers: { "x-forwarded-for": "114.114.114.114" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ isFromChina: false });
    const fromChina = await direct.app.inject({
      method: "GET",
      url: "/api/geolocation",
      remoteAddress: "114.114.114.114",
    });
    expect(fromChina.json().data).toEqual({ isFromChina: true });
  });

  it("uses the address a trusted proxy reports when TRUST_PROXY is set", async () => {
    const res = await proxied.app.inject({
      method: "GET",
      url: "/api/geolocation",
      headers: { "x-forwarded-for": "114.114.114.114" },
    });
    expect(res.json().data).toEqual({ isFromChina: true });
  });

  it("cannot be fooled by a client that prepends its own X-Forwarded-For entry", async () => {
    // The proxy appends the real client (8.8.8.8); the forged left-most entry is ignored.
    const res = await proxied.app.inject({
      method: "GET",
      url: "/api/geolocation",
      headers: { "x-forwarded-for": "114.114.114.114, 8.8.8.8" },
    });
    expect(res.json().data).toEqual({ isFromChina: false });
  });

  it("rejects query parameters it does not know", async () => {
    const res = await direct.app.inject({ method: "GET", url: "/api/geolocation?ip=114.114.114.114" });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("ip");
  });
});
