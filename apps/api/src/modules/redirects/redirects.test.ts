import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/test-app.ts";
import { deleteRedirectRule, upsertRedirectRule } from "./redirects-repository.ts";
import { REDIRECT_RULES_TTL_MS, RedirectRuleCache } from "./redirects-service.ts";

const t = useTestApp();

describe("GET /api/redirect-rules", () => {
  it("lists the rules as the envelope, cacheable", async () => {
    await upsertRedirectRule(t().db.db, {
      fromPath: "/old-quality",
      target: "/about/quality",
      statusCode: 301,
    });
    const res = await t().app.inject({ method: "GET", url: "/api/redirect-rules" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({
      fromPath: "/old-quality",
      target: "/about/quality",
      statusCode: 301,
    });
    expect(res.headers["cache-control"]).toContain("max-age=60");
  });

  it("rejects query parameters", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/redirect-rules?from=/x" });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("from");
  });
});

describe("RedirectRuleCache", () => {
  it("resolves paths, ignoring a trailing slash, and refreshes after its TTL", async () => {
    let now = 1_000_000;
    const cache = new RedirectRuleCache(t().db.db, () => now);
    await upsertRedirectRule(t().db.db, {
      fromPath: "/shop",
      target: "https://shop.example.test/",
      statusCode: 302,
    });
    expect(await cache.resolve("/shop/")).toEqual({
      fromPath: "/shop",
      target: "https://shop.example.test/",
      statusCode: 302,
    });
    expect(await cache.resolve("/nothing")).toBeNull();

    await deleteRedirectRule(t().db.db, "/shop");
    expect(await cache.resolve("/shop")).not.toBeNull();
    now += REDIRECT_RULES_TTL_MS;
    expect(await cache.resolve("/shop")).toBeNull();
  });

  it("replaces a rule for the same path instead of duplicating it", async () => {
    await upsertRedirectRule(t().db.db, { fromPath: "/dup", target: "/a", statusCode: 301 });
    await upsertRedirectRule(t().db.db, { fromPath: "/dup", target: "/b", statusCode: 302 });
    const cache = new RedirectRuleCache(t().db.db);
    expect(await cache.resolve("/dup")).toEqual({ fromPath: "/dup", target: "/b", statusCode: 302 });
  });

  it("refuses a status other than 301 or 302 at the database too", async () => {
    await expect(
      upsertRedirectRule(t().db.db, { fromPath: "/bad", target: "/x", statusCode: 307 as 301 }),
    ).rejects.toThrow();
  });
});
