import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { formatCount } from "~/lib/counter";

import { CounterBand } from "./counter-band";

function i18nFor(locale: string) {
  return setupI18n({
    locale,
    messages: {
      [locale]: {
        "footer.figures_heading": ["Figures"],
        "counter.active_boms": ["BOMs"],
        "counter.boards": ["Boards"],
        "counter.components": ["Components"],
        "counter.customers": ["Customers"],
        "counter.note": ["Estimates"],
      },
    },
  });
}

function figure(label: string): string {
  return screen.getByText(label).parentElement?.querySelector("dd")?.textContent ?? "";
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("CounterBand", () => {
  it.each(["de", "fr", "en"])("uses comma thousands separators in %s", (locale) => {
    vi.useFakeTimers({ now: new Date("2026-07-01T12:00:00Z") });
    render(
      <I18nProvider i18n={i18nFor(locale)}>
        <CounterBand />
      </I18nProvider>,
    );
    expect(figure("BOMs")).toBe("4,425");
    expect(figure("Customers")).toBe("300+");
    expect(figure("Boards")).toMatch(/^\d{1,3}(,\d{3})+$/);
    expect(figure("Components")).toMatch(/^\d{1,3}(,\d{3})+$/);
    // Not the German "2.500.000" or the French "2 500 000".
    expect(figure("Components")).not.toMatch(/[.\s\u202f\u00a0]/);
  });

  it("grows the components figure by one each second", () => {
    vi.useFakeTimers({ now: new Date("2026-07-01T12:00:00Z") });
    render(
      <I18nProvider i18n={i18nFor("de")}>
        <CounterBand />
      </I18nProvider>,
    );
    const read = () => Number(figure("Components").replaceAll(",", ""));
    const start = read();
    act(() => vi.advanceTimersByTime(1000));
    expect(read()).toBe(start + 1);
    act(() => vi.advanceTimersByTime(3000));
    expect(read()).toBe(start + 4);
  });

  it("formatCount ignores the page language", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
  });
});
