import { useEffect, useState } from "react";

/** docs/behaviour/public-site.md#header-scroll: the header changes its style after this many pixels of scrolling. */
export const HEADER_SCROLL_THRESHOLD = { home: 350, other: 100 } as const;

export function headerScrollThreshold(isHome: boolean): number {
  return isHome ? HEADER_SCROLL_THRESHOLD.home : HEADER_SCROLL_THRESHOLD.other;
}

/** Past the threshold means strictly beyond it: at exactly 350 px the home header is unchanged. */
export function isPastThreshold(scrollY: number, threshold: number): boolean {
  return scrollY > threshold;
}

/**
 * Whether the page is scrolled past `threshold`. False on the server and on the first client render
 * (so hydration matches), then follows a passive scroll listener, updating only when it flips.
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setPast(isPastThreshold(window.scrollY, threshold));
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return past;
}
