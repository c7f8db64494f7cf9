import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";

import { claimValues } from "@ems/content/values";
import type { CurrentPage } from "~/lib/route-map";

import { ContentLayout } from "./content-layout";
import { LegalTemplateNotice } from "./legal-notice";
import { MarkdownBody } from "./markdown-body";
import { PageCallToAction } from "./page-cta";
import type { TocHeading } from "./table-of-contents";

/**
 * A public page of the route map: heading and introduction from the page texts
 * (content/locales/<lang>/pages.json), the Markdown body (content/pages), the page's own parts
 * (children: glossary, downloads; `lead` before the text: the contact form) and the call to action.
 */
export function MarketingPageView({
  page,
  content,
  lead,
  children,
}: {
  page: CurrentPage;
  content: { html: string | null; headings: readonly TocHeading[] };
  lead?: ReactNode;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  const values = claimValues(page.locale);
  const isLegal = page.key.startsWith("legal-");
  const header = (
    <header>
      <h1
        id="page-title"
        className="text-3xl font-bold tracking-tight text-balance text-neutral-900 sm:text-4xl dark:text-white"
      >
        {i18n._(`page.${page.key}.heading`, values)}
      </h1>
      <p className="mt-6 text-lg leading-relaxed text-neutral-700 dark:text-neutral-300">
        {i18n._(`page.${page.key}.intro`, values)}
      </p>
      {isLegal ? <LegalTemplateNotice /> : null}
    </header>
  );
  return (
    <>
      <ContentLayout header={header} lead={lead} headings={content.headings}>
        {content.html ? <MarkdownBody html={content.html} className="mt-10" /> : null}
        {children}
      </ContentLayout>
      {isLegal || page.key === "contact" ? null : <PageCallToAction locale={page.locale} />}
    </>
  );
}
