import { formatMoney } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";
import { Link } from "react-router";

import { listLinkClass } from "~/components/list/link-class";

/**
 * The open amount per currency (overdue invoices included), with links to the invoices not yet due
 * and to the overdue ones (the list's unpaid filter leaves overdue invoices out).
 */
export function UnpaidSummary({
  totals,
  unpaid,
  overdue,
  locale,
  unpaidHref,
  overdueHref,
}: {
  totals: { currency: string; amount_minor: number }[];
  unpaid: number;
  overdue: number;
  locale: Locale;
  unpaidHref: string;
  overdueHref: string;
}) {
  const { i18n } = useLingui();
  return (
    <section
      aria-labelledby="unpaid-summary-title"
      className="rounded-xl border border-neutral-200 bg-white p-4 sm:p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id="unpaid-summary-title" className="text-sm font-semibold text-neutral-700 dark:text-neutral-300">
        {i18n._("billing.invoices.unpaid_title")}
      </h2>
      {totals.length ? (
        <ul className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
          {totals.map((total) => (
            <li key={total.currency} className="text-2xl font-bold tabular-nums">
              {formatMoney(total.amount_minor, total.currency, locale)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-2xl font-bold">{i18n._("billing.invoices.nothing_unpaid")}</p>
      )}
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {unpaid - overdue > 0 ? (
          <Link to={unpaidHref} className={listLinkClass}>
            {i18n._("billing.invoices.not_due_count", { count: unpaid - overdue })}
          </Link>
        ) : null}
        {overdue > 0 ? (
          <Link to={overdueHref} className={listLinkClass}>
            {i18n._("billing.invoices.overdue_count", { count: overdue })}
          </Link>
        ) : null}
      </p>
    </section>
  );
}
