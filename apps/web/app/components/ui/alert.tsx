import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

import { cn } from "~/lib/cn";

const STYLES = {
  info: ["border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50", Info],
  success: [
    "border-primary-300 bg-primary-50 text-primary-950 dark:border-primary-800 dark:bg-primary-950 dark:text-primary-50",
    CircleCheck,
  ],
  warning: [
    "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50",
    TriangleAlert,
  ],
  error: [
    "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50",
    CircleAlert,
  ],
} as const;

/** A message in the page; errors are announced at once (role alert), the rest politely (status). */
export function Alert({
  variant = "info",
  title,
  children,
  className,
}: {
  variant?: keyof typeof STYLES;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const [style, Icon] = STYLES[variant];
  return (
    <div
      role={variant === "error" ? "alert" : "status"}
      className={cn("flex gap-3 rounded-lg border p-4 text-sm", style, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
