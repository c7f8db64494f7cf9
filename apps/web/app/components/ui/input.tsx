import type { ComponentProps } from "react";

import { cn } from "~/lib/cn";

export const inputClassName =
  "block h-11 w-full rounded-md border border-neutral-400 bg-white px-3 text-base text-neutral-900 placeholder:text-neutral-500 disabled:opacity-60 aria-invalid:border-red-700 dark:border-neutral-500 dark:bg-neutral-950 dark:text-neutral-100 dark:placeholder:text-neutral-400 dark:aria-invalid:border-red-400";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClassName, className)} {...props} />;
}
