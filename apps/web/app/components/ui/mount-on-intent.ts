import { useLayoutEffect, useRef, useState, type FocusEvent, type PointerEvent } from "react";
import { flushSync } from "react-dom";

export interface IntentHandlers<T extends HTMLElement> {
  onPointerEnter: (event: PointerEvent<T>) => void;
  onFocus: (event: FocusEvent<T>) => void;
}

/**
 * Mounts a Radix widget (tooltip, menu) on the first sign that someone is about to use it: a mouse
 * or pen entering its trigger, or keyboard focus on it. Radix's poppers set state from ref callbacks
 * when they mount, which makes React render them a second time, synchronously, inside hydration's
 * commit: on a public page the header's menus and tooltips made that commit the longest task of the
 * load (issue 20, ADR 0022). Until then the caller renders a plain trigger with `intentHandlers`.
 *
 * Mounting replaces the trigger element, so it happens before the press that follows (flushSync, not
 * a render some time later that could land between pointer-down and pointer-up and lose the click),
 * and a keyboard user's focus moves to the new trigger. Touch is left out: a tap that replaced its
 * own target would not click it, and tooltips do not show for touch anyway.
 */
export function useMountOnIntent<T extends HTMLElement>() {
  const [mounted, setMounted] = useState(false);
  const ref = useRef<T>(null);
  const refocus = useRef(false);
  const pointer = useRef<string | null>(null);

  useLayoutEffect(() => {
    const trigger = ref.current;
    if (!mounted || !trigger) return;
    if (refocus.current) {
      refocus.current = false;
      trigger.focus();
    }
    if (pointer.current) {
      // The pointer is already over the new trigger; Radix starts its tooltip delay on a move, and a
      // pointer that has stopped would otherwise wait for the next one.
      trigger.dispatchEvent(new PointerEvent("pointermove", { bubbles: true, pointerType: pointer.current }));
      pointer.current = null;
    }
  }, [mounted]);

  const mount = () => flushSync(() => setMounted(true));
  const intentHandlers: IntentHandlers<T> = {
    onPointerEnter(event) {
      if (event.pointerType === "touch") return;
      pointer.current = event.pointerType;
      mount();
    },
    onFocus(event) {
      if (!event.currentTarget.matches(":focus-visible")) return;
      refocus.current = true;
      mount();
    },
  };
  return { mounted, mount, ref, intentHandlers };
}
