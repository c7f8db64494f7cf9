import { useLingui } from "@lingui/react";
import { claimValues } from "@ems/content/values";
import type { ReactNode } from "react";
import { useMatches } from "react-router";

import { currentPage } from "~/lib/route-map";

/**
 * The heading, introduction and main actions of a portal page. The heading and introduction are
 * the route map page's own (`page.<key>.heading`, `.intro`) unless the page names its subject.
 */
export function PageHeader({
  title,
  intro,
  actions,
}: {
  title?: string;
  intro?: string;
  actions?: ReactNode;
}) {
  const { i18n } = useLingui();
  const page = currentPage(useMatches());
  const values = page ? claimValues(page.locale) : {};
  const texts = (part: "heading" | "intro") => (page ? i18n._(`page.${page.key}.${part}`, values) : "");
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div className="max-w-3xl min-w-0">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title ?? texts("heading")}</h1>
        <p className="mt-2 text-neutral-700 dark:text-neutral-300">{intro ?? texts("intro")}</p>
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
