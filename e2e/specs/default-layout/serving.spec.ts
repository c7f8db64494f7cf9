import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../support/settings.ts";

test.describe("one process serves pages, assets and the API", () => {
  test("pages carry the security headers and hashed assets are cached for a year, precompressed", async ({
    request,
  }) => {
    const page = await request.get("/");
    const headers = page.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");

    const html = await page.text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await request.get(asset!, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Compressed at build time (quality 11), not per request.
    expect(response.headers()["content-encoding"]).toBe("br");
    const plain = await request.get(asset!, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    expect(await plain.text()).toBe(await response.text());
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

  test("a trailing slash redirects to the page's one address, never to another site", async ({ request }) => {
    const slash = await request.get("/de/kontakt/?from=mail", { maxRedirects: 0 });
    expect(slash.status()).toBe(301);
    expect(slash.headers()["location"]).toBe("/de/kontakt?from=mail");
    for (const hostile of ["//evil.example/", "///evil.example//", "/%2F%2Fevil.example/"]) {
      const response = await request.get(`${E2E_BASE_URL}${hostile}`, { maxRedirects: 0 });
      const location = response.headers()["location"] ?? "";
      expect(location.startsWith("//"), hostile).toBe(false);
      expect(location.startsWith("http"), hostile).toBe(false);
    }
  });

  test("prerendered route data is served from memory, and searches are rendered per request", async ({
    request,
  }) => {
    const data = await request.get("/knowledge-base.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["content-type"]).toContain("text/x-script");
    const plain = await data.text();
    const search = await (await request.get("/knowledge-base.data?q=stencil")).text();
    expect(search).not.toBe(plain);
    expect(search).toContain("solder-mask-and-stencil-design");
  });

  test("prerendered pages go out compressed in the encoding the client accepts, the same page in each", async ({
    request,
  }) => {
    const bodies: string[] = [];
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["identity", undefined],
    ] as const) {
      const response = await request.get("/de/kontakt", {
        headers: { "Accept-Encoding": accept },
      });
      expect(response.status()).toBe(200);
      expect(response.headers()["content-encoding"], accept).toBe(encoding);
      expect(response.headers()["vary"]).toContain("Accept-Encoding");
      bodies.push(await response.text());
    }
    expect(bodies[0]).toContain('<html lang="de"');
    expect(new Set(bodies).size).toBe(1);
  });
});
