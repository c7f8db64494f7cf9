import type { Config } from "@react-router/dev/config";
import { siteConfig } from "@ems/config/site";
import { knowledgeBase } from "@ems/content/knowledge-base";
import { LOCALES } from "@ems/i18n/locales";
import { PAGES } from "@ems/i18n/pages";
import { routeEntries } from "@ems/i18n/route-map";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Pages are server-rendered; apps/api serves build/server/index.js through createRequestListener.
  ssr: true,
  // The public marketing pages of the route map (every language and alias) and every published
  // knowledge-base category and article are prerendered to static HTML at build time; apps/api
  // serves those files and renders everything else (search results, previews) per request.
  prerender: () => {
    const pages = routeEntries({ productSlug: siteConfig.brand.productSlug })
      .filter((entry) => {
        const info = PAGES[entry.key];
        return info.kind === "marketing" && !("splat" in info && info.splat);
      })
      .map((entry) => `/${entry.path}`);
    const kb = knowledgeBase();
    const content = LOCALES.flatMap((locale) => [
      ...kb.categories(locale).map((category) => category.path),
      ...kb.articles(locale).map((article) => article.path),
    ]);
    return [...pages, ...content];
  },
} satisfies Config;
