import { expect, test } from "@playwright/test";
import { siteConfig } from "../../../packages/config/src/site.ts";

const origin = siteConfig.url;

test.describe("SEO", () => {
  test("/sitemap.xml is an index of one sitemap per language, each answering", async ({ request }) => {
    const index = await request.get("/sitemap.xml");
    expect(index.status()).toBe(200);
    expect(index.headers()["content-type"]).toContain("application/xml");
    const body = await index.text();
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toHaveLength(12);
    expect(locs).toContain(`${origin}/de/sitemap.xml`);
    for (const loc of locs) {
      const sitemap = await request.get(loc.replace(origin, ""));
      expect(sitemap.status(), loc).toBe(200);
      expect(await sitemap.text(), loc).toContain("<urlset");
    }
    const german = await (await request.get("/de/sitemap.xml")).text();
    expect(german).toContain(`<loc>${origin}/de/elektronikfertigung/tht-montage</loc>`);
    expect(german).toContain(`hreflang="x-default" href="${origin}/electronics-manufacturing/tht-assembly"`);
    expect(german).not.toContain("/my/");
  });

  test("pages carry a self canonical and hreflang alternates with x-default", async ({ page }) => {
    await page.goto("/de/elektronikfertigung/tht-montage");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${origin}/de/elektronikfertigung/tht-montage`,
    );
    const alternates = page.locator('link[rel="alternate"][hreflang]');
    await expect(alternates).toHaveCount(13);
    await expect(page.locator('link[hreflang="x-default"]')).toHaveAttribute(
      "href",
      `${origin}/electronics-manufacturing/tht-assembly`,
    );
    await expect(page.locator('link[hreflang="en"]')).toHaveAttribute(
      "href",
      `${origin}/electronics-manufacturing/tht-assembly`,
    );

    await page.goto("/resources/pcb-glossary");
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(3);
  });

  test("home has Organization and WebSite JSON-LD listing en, de, it and ro", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    const website = blocks.find((b) => b["@type"] === "WebSite");
    expect(blocks.find((b) => b["@type"] === "Organization")).toBeDefined();
    expect(website.inLanguage).toEqual(["en", "de", "it", "ro"]);
  });

  test("robots.txt allows the site, keeps crawlers out of the portal and names the sitemap", async ({
    request,
  }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /api/");
    expect(robots).toContain("Disallow: /de/my/");
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
