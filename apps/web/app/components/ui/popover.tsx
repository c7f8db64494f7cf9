import { Popover as PopoverPrimitive } from "radix-ui";
import type { ComponentProps } from "react";

import { cn } from "~/lib/cn";

import { usePortalContainer } from "./portal-container";
import { FLOATING_ANIMATION, FLOATING_COLLISION_PADDING, FLOATING_SIDE_OFFSET } from "./tooltip";

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverAnchor = PopoverPrimitive.Anchor;
export const PopoverClose = PopoverPrimitive.Close;

/** Popover panel with the offset (8), collision padding (8) and 100 ms animation. */
export function PopoverContent({
  className,
  sideOffset = FLOATING_SIDE_OFFSET,
  collisionPadding = FLOATING_COLLISION_PADDING,
  align = "center",
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  const container = usePortalContainer();
  return (
    <PopoverPrimitive.Portal container={container}>
      <PopoverPrimitive.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        align={align}
        className={cn(
          FLOATING_ANIMATION,
          "z-50 w-72 rounded-md border border-neutral-200 bg-white p-4 text-neutral-900 shadow-lg outline-none dark:border-neutral-700 dark:bg-neutral-900 dark:text-neutral-100",
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
