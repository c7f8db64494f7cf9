import { robotsTxt } from "~/lib/sitemap";
import { siteOrigin } from "~/lib/meta";

export function loader() {
  return new Response(robotsTxt(siteOrigin()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
