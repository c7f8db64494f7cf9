import { sitemapXml } from "~/lib/sitemap";
import { localeFromPath } from "~/lib/locale";
import { siteOrigin } from "~/lib/meta";

import type { Route } from "./+types/sitemap";

/** One language's sitemap: /sitemap-en.xml and /<lang>/sitemap.xml. */
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  return new Response(sitemapXml(siteOrigin(), locale), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
