import { useLingui } from "@lingui/react";
import { MessageSquareWarning } from "lucide-react";
import { Link } from "react-router";

import { listLinkClass } from "~/components/list/link-class";
import { cn } from "~/lib/cn";
import { querySheetHref } from "~/lib/engineering-query-links";
import { useLocale } from "~/lib/use-locale";

import type { BomLineQuery } from "./bom-queries";

/** The link to the assembly's sheet opened at the query, where it is read and answered. */
export function BomQueryLink({ query, className }: { query: BomLineQuery; className?: string }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <Link
      to={querySheetHref(locale, query.subject, query.id)}
      data-query-link={query.number}
      aria-label={i18n._("bom.line_query", { number: query.number })}
      className={cn(listLinkClass, "inline-flex max-w-36 items-start gap-1 text-xs", className)}
      // The row around it selects its line on a click; following the link is all this click does.
      onClick={(event) => event.stopPropagation()}
    >
      <MessageSquareWarning aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      {/* Non-breaking hyphens: a narrow column would otherwise split the number after "EQ-". */}
      <span>{i18n._("bom.line_query", { number: query.number.replaceAll("-", "\u2011") })}</span>
    </Link>
  );
}

/**
 * Above the BOM table: how many engineering queries about lines of this BOM wait for the customer's
 * answer (or were answered and not yet closed), each linked to the sheet where it is answered.
 * Nothing when no query pins a line shown.
 */
export function BomQueriesNotice({ queries }: { queries: readonly BomLineQuery[] }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  if (queries.length === 0) return null;
  const open = queries.filter((query) => query.status === "open").length;
  return (
    <section
      aria-labelledby="bom-queries-notice"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <MessageSquareWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        <h2 id="bom-queries-notice" className="font-semibold">
          {open > 0
            ? i18n._("bom.queries_open", { count: open })
            : i18n._("bom.queries_answered", { count: queries.length })}
        </h2>
        <ul className="space-y-1">
          {queries.map((query) => (
            <li key={query.id} className="break-words">
              <Link
                to={querySheetHref(locale, query.subject, query.id)}
                className="font-semibold underline underline-offset-2"
              >
                {i18n._("eq.query_heading", { number: query.number, title: query.title })}
              </Link>{" "}
              <span>
                {i18n._("bom.query_item_status", { status: query.status, count: query.line_ids.length })}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
