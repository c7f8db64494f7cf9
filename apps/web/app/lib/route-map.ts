import { siteConfig } from "@ems/config/site";
import type { Locale } from "@ems/i18n/locales";
import type { PageKey } from "@ems/i18n/pages";
import { alternates, pagePath, parseRouteId, type RouteMapOptions } from "@ems/i18n/route-map";
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
 * Where the language selector points (SPEC §2): on home and the knowledge-base index, that
 * language's root or index; elsewhere the translated path of the same page; a page the route map
 * does not know (an error page) keeps its path under the new prefix. A page that has no
 * translation in the target language gives "#", with a warning for the developers.
 */
export function switchLocaleHref(page: CurrentPage | null, pathname: string, target: Locale): string {
  if (!page) return localizePath(stripLocalePrefix(pathname), target);
  if (page.key === "home" || page.key === "knowledge-base") return href(page.key, target);
  const translated = pageHref(page.key, target, page.params);
  if (translated === null) {
    console.warn(`No ${target} path for page "${page.key}"; the language link points nowhere.`);
    return "#";
  }
  return translated;
}
