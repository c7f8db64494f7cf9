import { useLingui } from "@lingui/react";
import { formatFileSize } from "@ems/i18n/format";

import { cn } from "~/lib/cn";
import { useLocale } from "~/lib/use-locale";

/** How much of the company's storage is used, 0 to 100 (rounded down; over 100 shows as 100). */
export function usagePercent(used: number, quota: number): number {
  if (quota <= 0) return 100;
  return Math.min(100, Math.floor((used / quota) * 100));
}

/**
 * A company's storage as words ("1.2 MB of 2 GB used") over a bar that turns red from 90 %: the
 * customer's own file share and the back office sharing files into it show the same.
 */
export function UsageMeter({ used, quota, className }: { used: number; quota: number; className?: string }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const size = (bytes: number) => formatFileSize(bytes, locale);
  const percent = usagePercent(used, quota);
  return (
    <div className={cn("w-full max-w-64 space-y-1.5 sm:w-64", className)}>
      <p className="text-sm text-neutral-700 tabular-nums dark:text-neutral-300">
        {i18n._("file_share.usage", { used: size(used), quota: size(quota) })}
      </p>
      <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700">
        <div
          className={cn(
            "h-full rounded-full",
            percent >= 90 ? "bg-red-600" : "bg-primary-600 dark:bg-primary-400",
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
