import { siteConfig } from "@ems/config/site";
import type { Locale } from "@ems/i18n/locales";
import type { PageKey } from "@ems/i18n/pages";
import { pagePath } from "@ems/i18n/route-map";

/** A page of the product as the route map names it, the same map the web's routes are built from. */
export interface PageLink {
  page: PageKey;
  params?: Record<string, string>;
  query?: Record<string, string>;
}

/**
 * An absolute link to a page of the product in a language (`update-password` → `/de/update-password`),
 * on the origin of PUBLIC_URL. Links never come from the request: its Host and X-Forwarded-Host are
 * whatever the client sent, and a reset link mailed to `evil.example` hands its token to the attacker.
 */
export function publicLink(publicUrl: string, link: PageLink, locale: Locale): string {
  const path = pagePath(link.page, locale, { productSlug: siteConfig.brand.productSlug }, link.params);
  // Every page a mail or a document links to exists in every language; a missing one is a bug.
  if (path === null) throw new Error(`No ${locale} path for page ${link.page}`);
  const url = new URL(path, new URL(publicUrl).origin);
  for (const [key, value] of Object.entries(link.query ?? {})) url.searchParams.set(key, value);
  return url.toString();
}
