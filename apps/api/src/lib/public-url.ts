import type { FastifyRequest } from "fastify";
import type { Locale } from "@ems/i18n/locales";
import { withLocalePrefix } from "@ems/i18n/route-map";

/**
 * The origin links in e-mails point to: PUBLIC_URL when set (what the operator's customers reach),
 * else the origin of the request (protocol and Host as Fastify sees them, so a spoofed
 * X-Forwarded-Host from an untrusted peer is ignored).
 */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}

/** An absolute link to a page of the product in a language (`/update-password` → `/de/update-password`). */
export function publicLink(
  request: FastifyRequest,
  publicUrl: string | undefined,
  path: string,
  locale: Locale,
  query: Record<string, string> = {},
): string {
  const url = new URL(withLocalePrefix(path, locale), publicOrigin(request, publicUrl));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
