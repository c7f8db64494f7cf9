import { useLingui } from "@lingui/react";
import type { QueryHold } from "@ems/contracts/engineering-queries";
import type { Locale } from "@ems/i18n/locales";
import { Link } from "react-router";

import { Alert } from "~/components/ui/alert";
import { queryHref } from "~/lib/engineering-query-links";

/**
 * The engineering queries the order waits for (OrderProgress.waiting_for_answer): the lines built
 * to their versions stay at their data check until the customer answers. Each names its query and
 * links to it on its specification's sheet.
 */
export function WaitingForAnswer({ holds, locale }: { holds: readonly QueryHold[]; locale: Locale }) {
  const { i18n } = useLingui();
  if (holds.length === 0) return null;
  return (
    <Alert variant="warning" title={i18n._("eq.order_waiting_title")} className="mb-4">
      <p>{i18n._("eq.order_waiting", { count: holds.length })}</p>
      <ul className="mt-2 space-y-1">
        {holds.map((hold) => (
          <li key={hold.query_id}>
            <Link
              to={queryHref(locale, hold.query_id)}
              className="font-semibold underline underline-offset-2"
            >
              {i18n._("eq.query_heading", { number: hold.number, title: hold.title })}
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
