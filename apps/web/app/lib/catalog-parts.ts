import { PAGES, UNTRANSLATED_PATHS, type PageKey } from "@ems/i18n/pages";

import { stripLocalePrefix } from "./locale";

/**
 * Each language's catalog ships in two lazily loaded parts (apps/web/scripts/split-catalogs.ts):
 * the public part every page loads, and the portal part with the texts of the signed-in area, the
 * account pages and the Gerber viewer. Marketing pages render from the public part alone; every
 * other page of the route map (its path is the same in every language) and anything under /my and
 * /staff needs both.
 *
 * Decided from the URL alone, like the language (`localeFromPath`), so the server render, the
 * hydration in entry.client.tsx and the root clientLoader of every client navigation agree.
 */
const PORTAL_PATTERNS: readonly RegExp[] = (Object.entries(UNTRANSLATED_PATHS) as [PageKey, string][])
  .filter(([key]) => PAGES[key].kind !== "marketing")
  .map(([, pattern]) => new RegExp(`^${pattern.replace(/:\w+/g, "[^/]+")}$`))
  .concat(/^\/(my|staff)(\/|$)/);

export function needsPortalCatalog(pathname: string): boolean {
  const path = stripLocalePrefix(pathname).replace(/(.)\/+$/, "$1");
  return PORTAL_PATTERNS.some((pattern) => pattern.test(path));
}
