import type { ComponentProps } from "react";

import { cn } from "~/lib/cn";

import { LONG_TEXT_MIN, useLimitedText } from "./limited-text";

export const inputClassName =
  "block h-11 w-full rounded-md border border-neutral-400 bg-white px-3 text-base text-neutral-900 placeholder:text-neutral-500 disabled:opacity-60 aria-invalid:border-red-700 dark:border-neutral-500 dark:bg-neutral-950 dark:text-neutral-100 dark:placeholder:text-neutral-400 dark:aria-invalid:border-red-400";

/** Kinds of one-line field that hold no prose: their limit is a technical one, never counted. */
const UNCOUNTED_TYPES = new Set(["password", "hidden", "email"]);

/**
 * A one-line field. With a limit of LONG_TEXT_MIN characters or more (addresses, names of things,
 * websites) it counts characters and lets longer text in to say so, instead of cutting it off.
 */
export function Input({ className, maxLength, ...props }: ComponentProps<"input">) {
  if (maxLength !== undefined && maxLength >= LONG_TEXT_MIN && !UNCOUNTED_TYPES.has(props.type ?? "text"))
    return <LimitedInput {...props} className={className} max={maxLength} />;
  return <input className={cn(inputClassName, className)} maxLength={maxLength} {...props} />;
}

function LimitedInput({
  className,
  max,
  ...props
}: Omit<ComponentProps<"input">, "max" | "maxLength"> & { max: number }) {
  const { control, status } = useLimitedText(max, props);
  return (
    <div className="space-y-1">
      <input className={cn(inputClassName, className)} {...props} {...control} />
      {status}
    </div>
  );
}
