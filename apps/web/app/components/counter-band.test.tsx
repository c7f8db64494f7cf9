import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

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
  it.each([
    ["de", "4.425", /^\d{1,3}(\.\d{3})+$/],
    ["fr", "4\u202f425", /^\d{1,3}(\u202f\d{3})+$/],
    ["sv", "4\u00a0425", /^\d{1,3}(\u00a0\d{3})+$/],
    ["en", "4,425", /^\d{1,3}(,\d{3})+$/],
  ])("groups the figures as %s writes numbers", (locale, boms, grouped) => {
    vi.useFakeTimers({ now: new Date("2026-07-01T12:00:00Z") });
    render(
      <I18nProvider i18n={i18nFor(locale)}>
        <CounterBand />
      </I18nProvider>,
    );
    expect(figure("BOMs")).toBe(boms);
    expect(figure("Customers")).toBe("300+");
    expect(figure("Boards")).toMatch(grouped);
    expect(figure("Components")).toMatch(grouped);
  });

  it("grows the components figure by one each second", () => {
    vi.useFakeTimers({ now: new Date("2026-07-01T12:00:00Z") });
    render(
      <I18nProvider i18n={i18nFor("de")}>
        <CounterBand />
      </I18nProvider>,
    );
    const read = () => Number(figure("Components").replaceAll(".", ""));
    const start = read();
    act(() => vi.advanceTimersByTime(1000));
    expect(read()).toBe(start + 1);
    act(() => vi.advanceTimersByTime(3000));
    expect(read()).toBe(start + 4);
  });
});
