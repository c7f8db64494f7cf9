import { Badge, type BadgeTone } from "~/components/ui/badge";

export type { BadgeTone as StatusTone };

/**
 * The status of a row (a quote, an order, an invoice…): its label in the colour its state has. The
 * colours come from the one map per kind of document in `~/lib/status-tones`, so a status looks the
 * same in the portal and the back office.
 */
export function StatusBadge({ label, tone }: { label: string; tone: BadgeTone | undefined }) {
  return <Badge tone={tone ?? "neutral"}>{label}</Badge>;
}
