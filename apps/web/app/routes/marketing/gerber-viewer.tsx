import { useLingui } from "@lingui/react";
import { useSyncExternalStore } from "react";
import { useMatches } from "react-router";

import { GerberViewer } from "~/features/gerber/gerber-viewer";
import { claimValues } from "@ems/content/values";
import { readStoredViewerUrl } from "~/lib/gerber-viewer";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/gerber-viewer";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page) : [];
};

/**
 * The public Gerber viewer. Visitors drop a zip or loose files; nothing is uploaded. When a
 * file address was stored for the viewer (the portal's "open in a new window"), it opens that.
 */
function subscribeToStorage(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

export default function GerberViewerPage() {
  const page = currentPage(useMatches());
  const { i18n } = useLingui();
  // The stored address lives in the browser only: none on the server, the stored one after hydration.
  const sourceUrl = useSyncExternalStore(subscribeToStorage, readStoredViewerUrl, () => null);
  if (!page) return null;
  const values = claimValues(page.locale);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {i18n._(`page.${page.key}.heading`, values)}
      </h1>
      <p className="mt-3 max-w-3xl text-neutral-700 dark:text-neutral-300">
        {i18n._(`page.${page.key}.intro`, values)}
      </p>
      <div className="mt-6">
        <GerberViewer sourceUrl={sourceUrl} />
      </div>
    </div>
  );
}
