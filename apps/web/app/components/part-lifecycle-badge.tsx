import { useLingui } from "@lingui/react";
import type { PartLifecycle } from "@ems/contracts/parts";

import { Badge, type BadgeTone } from "~/components/ui/badge";

/** Obsolete cannot be bought; NRND and a last-time-buy window mean the part is on its way out. */
export const LIFECYCLE_TONES: Readonly<Record<PartLifecycle, BadgeTone>> = {
  active: "success",
  nrnd: "warning",
  last_time_buy: "warning",
  obsolete: "error",
};

/**
 * A part's lifecycle as a small label, for tables where the full wording would not fit: "NRND"
 * abbreviated, every state named in full for screen readers and on hover. Not known shows nothing.
 */
export function PartLifecycleBadge({ lifecycle }: { lifecycle: PartLifecycle | null }) {
  const { i18n } = useLingui();
  if (!lifecycle) return null;
  const full = i18n._("parts.lifecycle_of", { state: i18n._(`parts.lifecycle.${lifecycle}`) });
  return (
    <span title={full}>
      <span aria-hidden="true">
        <Badge tone={LIFECYCLE_TONES[lifecycle]}>
          {i18n._(lifecycle === "nrnd" ? "parts.lifecycle_nrnd_abbr" : `parts.lifecycle.${lifecycle}`)}
        </Badge>
      </span>
      <span className="sr-only">{full}</span>
    </span>
  );
}
