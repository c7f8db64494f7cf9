import { useLingui } from "@lingui/react";
import type { OrderStatus, WorkOrderStage } from "@ems/contracts/orders";

import { StatusBadge } from "~/components/list/status-badge";
import { ORDER_STATUS_TONES } from "~/lib/status-tones";

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui();
  return <StatusBadge tone={ORDER_STATUS_TONES[status]} label={i18n._("my_orders.status", { status })} />;
}

/** A percentage as a bar, named for screen readers (e.g. "Progress of SO-2026-00001: 40 %, SMT assembly"). */
export function ProgressBar({
  percent,
  label,
  stage,
  size = "md",
}: {
  percent: number;
  label: string;
  stage?: WorkOrderStage | null;
  size?: "sm" | "md";
}) {
  const { i18n } = useLingui();
  const stageName = stage ? i18n._("my_orders.stage", { stage }) : null;
  const text = i18n._("my_orders.percent", { percent });
  return (
    <div className="flex min-w-36 items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={stageName ? `${text}, ${stageName}` : text}
        className={`w-full overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700 ${size === "sm" ? "h-1.5" : "h-2.5"}`}
      >
        <div
          className="h-full rounded-full bg-primary-700 transition-[width] dark:bg-primary-400"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-11 shrink-0 text-right text-xs font-semibold tabular-nums">{text}</span>
    </div>
  );
}
