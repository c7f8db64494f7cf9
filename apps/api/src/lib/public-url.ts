import type { Locale } from "@ems/i18n/locales";
import { withLocalePrefix } from "@ems/i18n/route-map";

/**
 * An absolute link to a page of the product in a language (`/update-password` → `/de/update-password`),
 * on the origin of PUBLIC_URL. Links never come from the request: its Host and X-Forwarded-Host are
 * whatever the client sent, and a reset link mailed to `evil.example` hands its token to the attacker.
 */
export function publicLink(
  publicUrl: string,
  path: string,
  locale: Locale,
  query: Record<string, string> = {},
): string {
  const url = new URL(withLocalePrefix(path, locale), new URL(publicUrl).origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
