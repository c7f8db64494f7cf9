import { useLingui } from "@lingui/react";
import { claimValues } from "@ems/content/values";
import type { ProductionBom } from "@ems/contracts/assemblies";
import { formatDate, formatNumber } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { FileDown } from "lucide-react";

import { Badge } from "~/components/ui/badge";

/**
 * The production BOM as the factory builds it (GET …/production-bom): one row per fitted line with
 * the part that is placed, an accepted substitute with the MPN it replaces and why, and who supplies
 * it; the designators not fitted below. The customer's BOM page and the back office show the same.
 */
export function ProductionBomTable({
  production,
  locale,
  pdfHref,
}: {
  production: ProductionBom;
  locale: Locale;
  pdfHref: string;
}) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="production-bom-title" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="production-bom-title" className="text-lg font-semibold">
            {i18n._("assembly.production.title")}
          </h2>
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            {i18n._("assembly.production.released", {
              version: production.bom_version,
              date: formatDate(production.released_at, locale),
              name: production.released_by_name ?? "—",
            })}
          </p>
        </div>
        <a
          href={pdfHref}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-800 underline underline-offset-2 dark:text-primary-300"
        >
          <FileDown aria-hidden="true" className="size-4" />
          {i18n._("assembly.production.pdf")}
        </a>
      </div>
      <div className="overflow-x-auto rounded-lg border border-neutral-200 dark:border-neutral-800">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">{i18n._("assembly.production.title")}</caption>
          <thead className="bg-neutral-50 text-xs font-semibold tracking-wide text-neutral-700 uppercase dark:bg-neutral-900 dark:text-neutral-300">
            <tr>
              <th scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                {i18n._("assembly.production.col_position")}
              </th>
              <th scope="col" className="px-3 py-2">
                {i18n._("assembly.production.col_designators")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {i18n._("assembly.production.col_quantity")}
              </th>
              <th scope="col" className="px-3 py-2">
                {i18n._("assembly.production.col_part")}
              </th>
              <th scope="col" className="px-3 py-2">
                {i18n._("assembly.production.col_supplied")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {production.lines.map((line) => (
              <tr key={line.position} className="align-top">
                <td className="px-3 py-2 text-right tabular-nums">{line.position}</td>
                <td className="max-w-64 px-3 py-2 break-words">{line.designators.join(", ")}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatNumber(line.quantity, locale)}</td>
                <td className="px-3 py-2">
                  <span className="block">
                    {[line.manufacturer, line.mpn].filter(Boolean).join(" ") || "—"}
                  </span>
                  <span className="block text-xs text-neutral-700 dark:text-neutral-300">
                    {[line.value, line.footprint, line.part_number].filter(Boolean).join(" · ")}
                  </span>
                  {line.substituted_for ? (
                    <span className="mt-1 block text-xs">
                      <Badge tone="info">{i18n._("assembly.production.substitute")}</Badge>{" "}
                      {i18n._("assembly.production.replaces", {
                        mpn: line.substituted_for,
                        reason: line.substitution_reason ?? "",
                      })}
                    </span>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  <Badge tone={line.consigned ? "primary" : "neutral"}>
                    {i18n._(
                      line.consigned
                        ? "assembly.production.supplied_customer"
                        : "assembly.production.supplied_operator",
                      claimValues(locale),
                    )}
                  </Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {production.dnp.length > 0 ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {i18n._("assembly.production.dnp", { designators: production.dnp.join(", ") })}
        </p>
      ) : null}
    </section>
  );
}
