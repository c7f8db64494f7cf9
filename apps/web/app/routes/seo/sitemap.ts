import { knowledgeBaseSitemap } from "~/features/content/knowledge-base.server";
import { sitemapXml } from "~/lib/sitemap";
import { localeFromPath } from "~/lib/locale";
import { siteOrigin } from "~/lib/meta";

import type { Route } from "./+types/sitemap";

/** One language's sitemap (/sitemap-en.xml, /<lang>/sitemap.xml): its pages and knowledge base. */
export function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  return new Response(sitemapXml(siteOrigin(), locale, knowledgeBaseSitemap(locale)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
