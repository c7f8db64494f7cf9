import { glossary } from "@ems/content/glossary";
import { knowledgeBase } from "@ems/content/knowledge-base";
import { pageBody } from "@ems/content/pages";
import type { Locale } from "@ems/i18n/locales";
import type { PageKey } from "@ems/i18n/pages";
import { data } from "react-router";

import { pageAtPath } from "~/lib/route-map";

/** What a marketing page shows below its heading: the Markdown body and, for some pages, data. */
export function marketingPageContent(locale: Locale, key: PageKey) {
  const body = pageBody(locale, key);
  return {
    html: body?.html ?? null,
    headings: body?.headings ?? [],
    glossary: key === "resources-pcb-glossary" ? glossary(locale) : null,
  };
}

/** The loader of a marketing page module: the content of the route-map page at the request's path. */
export function marketingPageData(request: Request) {
  const page = pageAtPath(new URL(request.url).pathname);
  if (!page) throw data("Page not found", { status: 404 });
  return marketingPageContent(page.locale, page.key);
}

export type MarketingPageContent = ReturnType<typeof marketingPageContent>;

export { knowledgeBase };
