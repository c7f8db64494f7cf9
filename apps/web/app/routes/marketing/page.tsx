import { useLingui } from "@lingui/react";
import { useMatches } from "react-router";

import { claimValues } from "~/lib/claims";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/page";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page) : [];
};

/**
 * The shared module of the public pages of the route map: title, description, heading and
 * introduction come from the page texts (content/locales/<lang>/pages.json). Each page's full
 * content arrives with the content issue; what shows now is real, page-specific text.
 */
export default function MarketingPage() {
  const page = currentPage(useMatches());
  const { i18n } = useLingui();
  if (!page) return null;
  const values = claimValues(page.locale);
  return (
    <article
      aria-labelledby="page-title"
      className="mx-auto w-full max-w-4xl px-4 py-12 sm:px-6 sm:py-16 lg:py-20"
    >
      <h1
        id="page-title"
        className="text-3xl font-bold tracking-tight text-balance text-neutral-900 sm:text-4xl dark:text-white"
      >
        {i18n._(`page.${page.key}.heading`, values)}
      </h1>
      <p className="mt-6 max-w-3xl text-lg leading-relaxed text-neutral-700 dark:text-neutral-300">
        {i18n._(`page.${page.key}.intro`, values)}
      </p>
    </article>
  );
}
