import type { ComponentProps } from "react";

import { cn } from "~/lib/cn";

/** A grey placeholder of the size of content that is still loading; hidden from assistive tech. */
export function Skeleton({ className, ...props }: ComponentProps<"span">) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block animate-pulse rounded-md bg-neutral-200 motion-reduce:animate-none dark:bg-neutral-800",
        className,
      )}
      {...props}
    />
  );
}
