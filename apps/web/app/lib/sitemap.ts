import { LOCALES, type Locale } from "@ems/i18n/locales";
import { PAGES, PAGE_KEYS } from "@ems/i18n/pages";

import { pageAlternates, pageHref } from "./route-map";

/** Where each language's sitemap lives: English beside the index, the others under their prefix. */
export function sitemapPath(locale: Locale): string {
  return locale === "en" ? "/sitemap-en.xml" : `/${locale}/sitemap.xml`;
}

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** /sitemap.xml is an index at the site root linking one sitemap per language. */
export function sitemapIndexXml(origin: string): string {
  const items = LOCALES.map(
    (locale) => `  <sitemap><loc>${escapeXml(`${origin}${sitemapPath(locale)}`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** A page of the sitemap that the route map does not know (knowledge-base categories and articles). */
export interface SitemapEntry {
  path: string;
  alternates: { locale: Locale; path: string }[];
}

/** The public pages of one language, each with its hreflang alternates, then the given content pages. */
export function sitemapXml(origin: string, locale: Locale, content: readonly SitemapEntry[] = []): string {
  const entries: SitemapEntry[] = [];
  for (const key of PAGE_KEYS) {
    const info = PAGES[key];
    if (info.kind !== "marketing" || ("splat" in info && info.splat)) continue;
    const own = pageHref(key, locale);
    if (!own) continue;
    entries.push({ path: own, alternates: pageAlternates(key) });
  }
  entries.push(...content);
  const urls: string[] = [];
  for (const { path: own, alternates } of entries) {
    const links = alternates.map(
      (a) =>
        `    <xhtml:link rel="alternate" hreflang="${a.locale}" href="${escapeXml(`${origin}${a.path}`)}"/>`,
    );
    const fallback = alternates.find((a) => a.locale === "en") ?? alternates[0];
    if (fallback)
      links.push(
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(`${origin}${fallback.path}`)}"/>`,
      );
    urls.push(`  <url>\n    <loc>${escapeXml(`${origin}${own}`)}</loc>\n${links.join("\n")}\n  </url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    // The portal and the API are for signed-in customers and programs, not for search results.
    "Disallow: /api/",
    ...LOCALES.map((locale) => `Disallow: ${locale === "en" ? "" : `/${locale}`}/my/`),
    "Disallow: /redirect",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
