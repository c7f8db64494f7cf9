import { Tooltip as TooltipPrimitive } from "radix-ui";
import {
  cloneElement,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
  type SyntheticEvent,
} from "react";

import { cn } from "~/lib/cn";

import { useMountOnIntent } from "./mount-on-intent";
import { usePortalContainer } from "./portal-container";

/** Tooltips and popovers sit 8 px from their anchor, 8 px from the viewport edge. */
export const FLOATING_SIDE_OFFSET = 8;
export const FLOATING_COLLISION_PADDING = 8;

/** The 100 ms fade and zoom shared by tooltips, popovers and menus; see app.css. */
export const FLOATING_ANIMATION = "ems-floating";

export const TooltipProvider = TooltipPrimitive.Provider;

export function TooltipContent({
  className,
  sideOffset = FLOATING_SIDE_OFFSET,
  collisionPadding = FLOATING_COLLISION_PADDING,
  children,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  const container = usePortalContainer();
  return (
    <TooltipPrimitive.Portal container={container}>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(
          FLOATING_ANIMATION,
          "z-50 max-w-xs rounded-md bg-neutral-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md dark:bg-neutral-100 dark:text-neutral-900",
          className,
        )}
        {...props}
      >
        {children}
      </TooltipPrimitive.Content>
    </TooltipPrimitive.Portal>
  );
}

type TriggerProps = {
  onPointerEnter?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
};

/**
 * A tooltip on one trigger element. It repeats the trigger's accessible name for sighted mouse and
 * keyboard users; it is not announced twice because the trigger already carries the label. Radix
 * mounts when a mouse reaches the trigger or the keyboard focuses it (useMountOnIntent): until then the
 * trigger renders alone, so a page full of tooltips hydrates like one without.
 */
export function Tooltip({
  content,
  children,
  side = "bottom",
}: {
  content: ReactNode;
  children: ReactElement;
  side?: ComponentProps<typeof TooltipPrimitive.Content>["side"];
}) {
  const { mounted, ref, intentHandlers } = useMountOnIntent<HTMLButtonElement>();
  if (!mounted) {
    const own = children.props as TriggerProps;
    return cloneElement(children as ReactElement<TriggerProps>, {
      onPointerEnter: (event: SyntheticEvent) => {
        own.onPointerEnter?.(event);
        intentHandlers.onPointerEnter(event as Parameters<typeof intentHandlers.onPointerEnter>[0]);
      },
      onFocus: (event: SyntheticEvent) => {
        own.onFocus?.(event);
        intentHandlers.onFocus(event as Parameters<typeof intentHandlers.onFocus>[0]);
      },
    });
  }
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild ref={ref}>
        {children}
      </TooltipPrimitive.Trigger>
      <TooltipContent side={side}>{content}</TooltipContent>
    </TooltipPrimitive.Root>
  );
}
