import { glossary } from "@ems/content/glossary";
import { knowledgeBase } from "@ems/content/knowledge-base";
import { pageBody } from "@ems/content/pages";
import type { Locale } from "@ems/i18n/locales";
import type { PageKey } from "@ems/i18n/pages";

/** What a marketing page shows below its heading: the Markdown body and, for some pages, data. */
export function marketingPageContent(locale: Locale, key: PageKey) {
  const body = pageBody(locale, key);
  return {
    html: body?.html ?? null,
    headings: body?.headings ?? [],
    glossary: key === "resources-pcb-glossary" ? glossary(locale) : null,
  };
}

export type MarketingPageContent = ReturnType<typeof marketingPageContent>;

export { knowledgeBase };
