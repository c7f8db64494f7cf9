import { describe, expect, it } from "vitest";

import { robotsTxt, sitemapIndexXml, sitemapPath, sitemapXml } from "./sitemap";

const origin = "https://ems.example.test";

describe("sitemaps", () => {
  it("index lists one sitemap per language", () => {
    const xml = sitemapIndexXml(origin);
    expect(xml.match(/<sitemap>/g)).toHaveLength(12);
    expect(xml).toContain(`<loc>${origin}/sitemap-en.xml</loc>`);
    expect(xml).toContain(`<loc>${origin}/fi/sitemap.xml</loc>`);
    expect(sitemapPath("de")).toBe("/de/sitemap.xml");
  });

  it("a language's sitemap lists its public pages with alternates, and no portal or app page", () => {
    const xml = sitemapXml(origin, "de");
    expect(xml).toContain(`<loc>${origin}/de/elektronikfertigung/tht-montage</loc>`);
    expect(xml).toContain(`<loc>${origin}/de/ressourcen/leiterplatten-glossar</loc>`);
    expect(xml).not.toContain("/my/");
    expect(xml).not.toContain("/login");
    const french = sitemapXml(origin, "fr");
    expect(french).not.toContain("glossar");
    expect(french).toContain(`hreflang="de" href="${origin}/de/elektronikfertigung/tht-montage"`);
  });

  it("robots.txt keeps crawlers out of the portal and the API in every language", () => {
    const robots = robotsTxt(origin);
    expect(robots).toContain("Disallow: /my/");
    expect(robots).toContain("Disallow: /sv/my/");
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
