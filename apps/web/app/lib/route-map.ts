import { siteConfig } from "@ems/config/site";
import type { Locale } from "@ems/i18n/locales";
import type { PageKey } from "@ems/i18n/pages";
import { alternates, pagePath, parseRouteId, routeEntries, type RouteMapOptions } from "@ems/i18n/route-map";
import type { UIMatch } from "react-router";

import { localizePath, stripLocalePrefix } from "./locale";

/** The route map bound to this operator's configuration. */
export const ROUTE_OPTIONS: RouteMapOptions = { productSlug: siteConfig.brand.productSlug };

/** The URL of a page in a language, or null where the page does not exist in that language. */
export function pageHref(key: PageKey, locale: Locale, params: Record<string, string> = {}): string | null {
  return pagePath(key, locale, ROUTE_OPTIONS, params);
}

/** Like pageHref for pages that exist in every language (all but the glossary). */
export function href(key: PageKey, locale: Locale, params: Record<string, string> = {}): string {
  const path = pageHref(key, locale, params);
  if (path === null) throw new Error(`Page ${key} does not exist in ${locale}`);
  return path;
}

export function pageAlternates(key: PageKey, params: Record<string, string> = {}) {
  return alternates(key, ROUTE_OPTIONS, params);
}

export interface CurrentPage {
  key: PageKey;
  locale: Locale;
  alias: boolean;
  params: Record<string, string>;
}

/** The page the router matched (the deepest route generated from the route map), if any. */
export function currentPage(
  matches: readonly (Pick<UIMatch, "id" | "params"> | undefined)[],
): CurrentPage | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    if (!match) continue;
    const parsed = parseRouteId(match.id);
    if (parsed) {
      const params = Object.fromEntries(
        Object.entries(match.params).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      return { ...parsed, params };
    }
  }
  return null;
}

/**
 * Where the language selector points: on home and the knowledge-base index, that
 * language's root or index; elsewhere the translated path of the same page; a page the route map
 * does not know (an error page) keeps its path under the new prefix. A page that has no
 * translation in the target language (the glossary outside en and de) leads to that language's
 * knowledge-base index, the nearest reference content a reader of it has (issue 20), with a
 * warning for the developers once per page and process.
 */
export function switchLocaleHref(
  page: CurrentPage | null,
  pathname: string,
  target: Locale,
  translations?: Partial<Record<Locale, string>> | null,
): string {
  if (!page) return localizePath(stripLocalePrefix(pathname), target);
  if (page.key === "home" || page.key === "knowledge-base") return href(page.key, target);
  // Content with slugs of its own (knowledge-base articles and categories) names its translations;
  // one that is missing in the target language leads to that language's knowledge-base index.
  if (translations) return translations[target] ?? href("knowledge-base", target);
  const translated = pageHref(page.key, target, page.params);
  if (translated === null) {
    if (!warnedPages.has(page.key)) {
      warnedPages.add(page.key);
      console.warn(
        `No path for page "${page.key}" in some languages (first: ${target}); their language links lead to the knowledge-base index.`,
      );
    }
    return href("knowledge-base", target);
  }
  return translated;
}

/** Pages already warned about: the selector renders on every navigation, the warning is needed once. */
const warnedPages = new Set<PageKey>();

let pagesByPath: Map<string, { key: PageKey; locale: Locale }> | null = null;

/**
 * The route-map page served at a path without parameters (aliases included), for loaders, which
 * get the URL but not the id of their route.
 */
export function pageAtPath(pathname: string): { key: PageKey; locale: Locale } | null {
  if (!pagesByPath) {
    pagesByPath = new Map();
    for (const entry of routeEntries(ROUTE_OPTIONS)) {
      if (!entry.path.includes(":") && !entry.path.includes("*"))
        pagesByPath.set(`/${entry.path}`, { key: entry.key, locale: entry.locale });
    }
  }
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return pagesByPath.get(trimmed) ?? null;
}

/**
 * The translated paths of the content on screen, when its route's data names them (a knowledge-base
 * article or category: its slugs differ per language, so the route map alone cannot know them).
 */
export function pageTranslations(
  matches: readonly { data?: unknown }[],
): Partial<Record<Locale, string>> | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.data;
    if (data && typeof data === "object" && "translations" in data) {
      return (data as { translations: Partial<Record<Locale, string>> }).translations;
    }
  }
  return null;
}
