import { useLingui } from "@lingui/react";
import { QUOTE_STATUS_COLORS, type QuoteStatus } from "@ems/contracts/quotes";

import { Badge } from "~/components/ui/badge";

import { statusKey } from "./quote-helpers";

/** A quote's status in its badge colour (docs/behaviour/quotes.md#status-colours) (Open warning, Ordered success, …). */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge tone={QUOTE_STATUS_COLORS[status]}>
      {i18n._("my_quotes.status", { status: statusKey(status) })}
    </Badge>
  );
}
