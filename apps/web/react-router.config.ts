import type { Config } from "@react-router/dev/config";
import { siteConfig } from "@ems/config/site";
import { PAGES } from "@ems/i18n/pages";
import { routeEntries } from "@ems/i18n/route-map";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Pages are server-rendered; apps/api serves build/server/index.js through createRequestListener.
  ssr: true,
  // The public marketing pages of the route map (every language and alias) are prerendered to
  // static HTML at build time; apps/api serves those files and renders everything else per request.
  prerender: () =>
    routeEntries({ productSlug: siteConfig.brand.productSlug })
      .filter((entry) => {
        const info = PAGES[entry.key];
        return info.kind === "marketing" && !("splat" in info && info.splat);
      })
      .map((entry) => `/${entry.path}`),
} satisfies Config;
