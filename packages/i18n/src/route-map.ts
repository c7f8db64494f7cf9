import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales.ts";
import {
  PAGES,
  PAGE_KEYS,
  UNTRANSLATED_PATHS,
  type LanguagePaths,
  type Layout,
  type PageKey,
} from "./pages.ts";
import { da } from "./paths/da.ts";
import { de } from "./paths/de.ts";
import { en } from "./paths/en.ts";
import { es } from "./paths/es.ts";
import { fi } from "./paths/fi.ts";
import { fr } from "./paths/fr.ts";
import { it } from "./paths/it.ts";
import { nl } from "./paths/nl.ts";
import { no } from "./paths/no.ts";
import { pt } from "./paths/pt.ts";
import { ro } from "./paths/ro.ts";
import { sv } from "./paths/sv.ts";

/**
 * The route map: every page key → its path in each of the 12 languages. A Record over the
 * locales, each a Record over the translated page keys, so a missing language or page is a compile
 * error. It generates the React Router routes, the hreflang links, the sitemaps and the language
 * switcher.
 */
export const TRANSLATED_PATHS: Record<Locale, LanguagePaths> = {
  en,
  de,
  es,
  fr,
  it,
  nl,
  pt,
  ro,
  sv,
  da,
  no,
  fi,
};

/** Replaces `{product}` in paths; the operator's product slug comes from the site configuration. */
export interface RouteMapOptions {
  productSlug: string;
}

/** The path prefix of a language: "" for English, "/de" for German. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/** A path in a language: withLocalePrefix("/login", "de") is "/de/login"; "/" becomes "/de". */
export function withLocalePrefix(path: string, locale: Locale): string {
  const normalized = path.startsWith("/") ? path : `/${path}`;
  const prefix = localePrefix(locale);
  if (!prefix) return normalized;
  return normalized === "/" ? prefix : `${prefix}${normalized}`;
}

/** The unprefixed path pattern of a page in a language, or null where the page does not exist. */
export function pagePattern(key: PageKey, locale: Locale, options: RouteMapOptions): string | null {
  const fixed = (UNTRANSLATED_PATHS as Partial<Record<PageKey, string>>)[key];
  const path = fixed ?? TRANSLATED_PATHS[locale][key as keyof LanguagePaths];
  return path === null || path === undefined ? null : path.replaceAll("{product}", options.productSlug);
}

/**
 * The full URL path of a page in a language, with parameters filled in; null where the page does
 * not exist in that language. A splat page takes its slug as `params["*"]`.
 */
export function pagePath(
  key: PageKey,
  locale: Locale,
  options: RouteMapOptions,
  params: Record<string, string> = {},
): string | null {
  const pattern = pagePattern(key, locale, options);
  if (pattern === null) return null;
  let missing = false;
  const filled = pattern
    .replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) missing = true;
      return encodeURIComponent(value ?? "");
    })
    .replace(/\/\*$/, () => {
      const splat = params["*"];
      if (splat === undefined) {
        missing = true;
        return "";
      }
      return `/${splat
        .split("/")
        .filter(Boolean)
        .map((segment) => encodeURIComponent(segment))
        .join("/")}`;
    });
  return missing ? null : withLocalePrefix(filled, locale);
}

/**
 * Extra spellings that serve a page besides its primary path: German content pages through
 * the shared content handler, the redirect targets of legacy case-study paths, and the doubled-prefix
 * German pages (/it/de/…). Each names the page and the language it renders in; its canonical link
 * points to the primary path.
 */
export interface Alias {
  key: PageKey;
  locale: Locale;
  /** The full path, prefix included. */
  path: string;
}

/** German content paths exactly as docs/behaviour/public-site.md#german-content-paths lists them, served by the German page. */
const GERMAN_CONTENT_PATHS: readonly { key: PageKey; path: string }[] = [
  { key: "em-tht-assembly", path: "/elektronikfertigung/tht-montage" },
  { key: "em-pcba-volume-production", path: "/elektronikfertigung/Serienproduktion" },
  { key: "em-pcba-volume-production", path: "/elektronikfertigung/serienproduktion" },
  { key: "about-elexess-part-search", path: "/ueber/elexess-part-search" },
  { key: "resources-faq", path: "/resources/faq" },
  { key: "resources-europe-vs-asia", path: "/resources/europe-vs-asia-pcb-assembly" },
  { key: "resources-pcb-glossary", path: "/resources/leiterplatten-glossar" },
  { key: "resources-product-vs-traditional-ems", path: "/resources/{product}-vs-traditionelle-ems" },
];

export function aliases(options: RouteMapOptions): Alias[] {
  const result: Alias[] = [];
  const seen = new Set<string>();
  const add = (alias: Alias) => {
    if (seen.has(alias.path)) return;
    const primary = pagePath(alias.key, alias.locale, options);
    if (primary === alias.path) return;
    seen.add(alias.path);
    result.push(alias);
  };
  for (const { key, path } of GERMAN_CONTENT_PATHS) {
    const german = `/de${path.replaceAll("{product}", options.productSlug)}`;
    add({ key, locale: "de", path: german });
    for (const locale of LOCALES) {
      if (locale === DEFAULT_LOCALE || locale === "de") continue;
      add({ key, locale: "de", path: `/${locale}${german}` });
    }
  }
  // Legacy case-study targets that keep the English slug under a localised section (docs/behaviour/public-site.md#case-study-redirects).
  for (const locale of ["de", "it", "ro"] as const) {
    const primary = pagePath("resources-case-studies", locale, options);
    if (primary)
      add({ key: "resources-case-studies", locale, path: primary.replace(/\/[^/]+$/, "/case-studies") });
  }
  return result;
}

/** One route of the router: a page in a language at a path (its primary path or an alias). */
export interface RouteEntry {
  /** Unique route id: `page:<key>:<locale>` or `page:<key>:<locale>:alias:<n>`. */
  id: string;
  key: PageKey;
  locale: Locale;
  layout: Layout;
  /** React Router path pattern without the leading slash ("" for the English home). */
  path: string;
  alias: boolean;
}

export function routeEntries(options: RouteMapOptions): RouteEntry[] {
  const entries: RouteEntry[] = [];
  for (const key of PAGE_KEYS) {
    for (const locale of LOCALES) {
      const pattern = pagePattern(key, locale, options);
      if (pattern === null) continue;
      entries.push({
        id: `page:${key}:${locale}`,
        key,
        locale,
        layout: PAGES[key].layout,
        path: withLocalePrefix(pattern, locale).slice(1),
        alias: false,
      });
    }
  }
  aliases(options).forEach((alias, n) => {
    entries.push({
      id: `page:${alias.key}:${alias.locale}:alias:${n}`,
      key: alias.key,
      locale: alias.locale,
      layout: PAGES[alias.key].layout,
      path: alias.path.slice(1),
      alias: true,
    });
  });
  return entries;
}

/** Parses a route id made by routeEntries. */
export function parseRouteId(id: string): { key: PageKey; locale: Locale; alias: boolean } | null {
  const match = /^page:([a-z0-9-]+):([a-z]{2})(:alias:\d+)?$/.exec(id);
  if (!match) return null;
  const [, key, locale, alias] = match;
  if (!(key! in PAGES) || !(LOCALES as readonly string[]).includes(locale!)) return null;
  return { key: key as PageKey, locale: locale as Locale, alias: Boolean(alias) };
}

/** The languages a page exists in, with its path in each: the hreflang alternates. */
export function alternates(
  key: PageKey,
  options: RouteMapOptions,
  params: Record<string, string> = {},
): { locale: Locale; path: string }[] {
  return LOCALES.flatMap((locale) => {
    const path = pagePath(key, locale, options, params);
    return path === null ? [] : [{ locale, path }];
  });
}

/**
 * Legacy case-study paths (docs/behaviour/public-site.md#case-study-redirects): answered with 301 to the localised case-study page.
 * The legacy slug says which language the visitor came for, with or without a language prefix.
 */
const LEGACY_CASE_STUDY_SLUGS: Record<string, { locale: Locale; alias: boolean }> = {
  "case-studies": { locale: "en", alias: false },
  fallstudien: { locale: "de", alias: false },
  "casi-studio": { locale: "it", alias: false },
  "studii-de-caz": { locale: "ro", alias: false },
};

export function legacyCaseStudyTarget(pathname: string, options: RouteMapOptions): string | null {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 0 || segments.length > 2) return null;
  const slug = segments.at(-1)!;
  const legacy = LEGACY_CASE_STUDY_SLUGS[slug];
  if (!legacy) return null;
  const prefix = segments.length === 2 ? segments[0]! : null;
  if (prefix !== null && !(LOCALES as readonly string[]).includes(prefix)) return null;
  // "case-studies" under a prefix keeps that language; the localised slugs name their own language.
  const locale: Locale = slug === "case-studies" && prefix ? (prefix as Locale) : legacy.locale;
  const primary = pagePath("resources-case-studies", locale, options);
  if (!primary) return null;
  // /de/case-studies → /de/ressourcen/case-studies (documented targets); others → the localised page.
  if (slug === "case-studies" && (locale === "de" || locale === "it" || locale === "ro")) {
    return primary.replace(/\/[^/]+$/, "/case-studies");
  }
  return primary;
}
