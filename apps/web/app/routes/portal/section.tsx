import { useLingui } from "@lingui/react";
import { useMatches } from "react-router";

import { claimValues } from "@ems/content/values";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/section";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/**
 * A section of the customer portal (docs/behaviour/public-site.md#signed-in-routes), behind the dashboard layout's guard.
 * Each section's lists and forms arrive with its own issue; the page names the section and says what
 * it holds.
 */
export default function PortalSection() {
  const page = currentPage(useMatches());
  const { i18n } = useLingui();
  if (!page) return null;
  const values = claimValues(page.locale);
  return (
    <section aria-labelledby="section-title" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <h1 id="section-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {i18n._(`page.${page.key}.heading`, values)}
      </h1>
      <p className="mt-4 max-w-3xl text-neutral-700 dark:text-neutral-300">
        {i18n._(`page.${page.key}.intro`, values)}
      </p>
    </section>
  );
}
