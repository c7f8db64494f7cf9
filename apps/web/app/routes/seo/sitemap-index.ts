import { sitemapIndexXml } from "~/lib/sitemap";
import { siteOrigin } from "~/lib/meta";

export function loader() {
  return new Response(sitemapIndexXml(siteOrigin()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
