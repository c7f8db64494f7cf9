import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { headerScrollThreshold, isPastThreshold, useScrolledPast } from "./header-scroll";

function scrollTo(y: number) {
  Object.defineProperty(window, "scrollY", { configurable: true, value: y });
  window.dispatchEvent(new Event("scroll"));
}

afterEach(() => scrollTo(0));

describe("header scroll threshold", () => {
  it("is 350 px on home pages and 100 px elsewhere", () => {
    expect(headerScrollThreshold(true)).toBe(350);
    expect(headerScrollThreshold(false)).toBe(100);
  });

  it("changes only beyond the threshold", () => {
    expect(isPastThreshold(0, 350)).toBe(false);
    expect(isPastThreshold(350, 350)).toBe(false);
    expect(isPastThreshold(351, 350)).toBe(true);
    expect(isPastThreshold(101, 100)).toBe(true);
    expect(isPastThreshold(200, 350)).toBe(false);
  });

  it("follows the scroll position", async () => {
    const home = renderHook(() => useScrolledPast(headerScrollThreshold(true)));
    const other = renderHook(() => useScrolledPast(headerScrollThreshold(false)));
    expect(home.result.current).toBe(false);
    expect(other.result.current).toBe(false);

    await act(async () => {
      scrollTo(200);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(home.result.current).toBe(false);
    expect(other.result.current).toBe(true);

    await act(async () => {
      scrollTo(400);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(home.result.current).toBe(true);

    await act(async () => {
      scrollTo(0);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(home.result.current).toBe(false);
    expect(other.result.current).toBe(false);
  });
});
