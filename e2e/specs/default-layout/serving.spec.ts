import { expect, test } from "@playwright/test";

test.describe("one process serves pages, assets and the API", () => {
  test("pages carry the security headers and hashed assets are cached for a year", async ({ request }) => {
    const page = await request.get("/");
    const headers = page.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");

    const html = await page.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await request.get(asset!);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("the API answers beside the pages, with the OpenAPI reference", async ({ request }) => {
    const health = await request.get("/api/health");
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: 200, error: null, data: { status: "ok" } });
    const docs = await request.get("/api/docs/");
    expect(docs.status()).toBe(200);
    const spec = await request.get("/api/openapi.json");
    expect((await spec.json()).paths["/api/languages"]).toBeDefined();
  });
});
