import { useLingui } from "@lingui/react";
import { RESOURCE_DOCUMENTS, RESOURCE_PATHS, type ResourceDocument } from "@ems/contracts/public-paths";
import type { Locale } from "@ems/i18n/locales";
import { FileDown } from "lucide-react";

import { buildUrl } from "~/lib/api-client";

/** A generated document (apps/api resources module) in the page's language. */
export function downloadHref(name: ResourceDocument, locale: Locale): string {
  // The resources pages stay free of zod: the path comes without documents.ts's schemas.
  return buildUrl("", RESOURCE_PATHS[name], { language: locale });
}

export function DownloadList({ locale }: { locale: Locale }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="downloads-title" className="mt-12">
      <h2 id="downloads-title" className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
        {i18n._("downloads.title")}
      </h2>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {RESOURCE_DOCUMENTS.map((name) => (
          <li
            key={name}
            className="flex flex-col rounded-lg border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-950"
          >
            <h3 className="font-semibold text-neutral-900 dark:text-white">
              {i18n._(`downloads.${name}.title`)}
            </h3>
            <p className="mt-2 flex-1 text-sm text-neutral-700 dark:text-neutral-300">
              {i18n._(`downloads.${name}.description`)}
            </p>
            <a
              href={downloadHref(name, locale)}
              className="mt-4 inline-flex items-center gap-2 self-start rounded-md bg-primary-700 px-4 py-2 text-sm font-semibold text-white hover:bg-primary-800 dark:bg-primary-500 dark:text-neutral-950 dark:hover:bg-primary-400"
            >
              <FileDown aria-hidden="true" className="size-4" />
              {i18n._("downloads.download_pdf", { title: i18n._(`downloads.${name}.title`) })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
