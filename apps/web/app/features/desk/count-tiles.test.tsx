import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { DeskData } from "@ems/contracts/desk";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { messages } from "~/locales/en/messages";

import { CountTiles } from "./count-tiles";

afterEach(cleanup);

const i18n = setupI18n({ locale: "en", messages: { en: messages } });

const COUNTS: DeskData["counts"] = {
  open_quotes: 2,
  quotes_in_progress: 1,
  orders_in_production: 3,
  deliveries_last_30_days: 4,
  unpaid_invoices: 3,
  overdue_invoices: 1,
  open_queries: 1,
};

function tiles(counts: DeskData["counts"]) {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <CountTiles counts={counts} locale="en" />
      </MemoryRouter>
    </I18nProvider>,
  );
  const list = screen.getByRole("list", { name: "At a glance" });
  return { list, count: within(list).getAllByRole("listitem").length, classes: list.className.split(" ") };
}

describe("the desk's count tiles", () => {
  it("lays seven out as 2 per row on a phone (the last spanning), 4 + 3 from 768 px, one row from 1280 px", () => {
    const { count, classes } = tiles(COUNTS);
    expect(count).toBe(7);
    expect(classes).toEqual(
      expect.arrayContaining([
        "grid-cols-2",
        "[&>li:last-child]:col-span-2",
        "md:[&>li:last-child]:col-span-1",
        "md:grid-cols-4",
        "xl:grid-cols-7",
      ]),
    );
    // Nothing leaves one tile alone on a row at 1280 px any more.
    expect(classes).not.toContain("xl:grid-cols-6");
  });

  it("lays an engineer's five (no invoices) out as 3 + 2 from 768 px and one row from 1280 px", () => {
    const { count, classes } = tiles({ ...COUNTS, unpaid_invoices: null, overdue_invoices: null });
    expect(count).toBe(5);
    expect(classes).toEqual(expect.arrayContaining(["md:grid-cols-3", "xl:grid-cols-5"]));
  });

  it("lets an even number of tiles fill their rows on a phone", () => {
    const { count, classes } = tiles({ ...COUNTS, open_queries: 0 });
    expect(count).toBe(6);
    expect(classes).toEqual(expect.arrayContaining(["grid-cols-2", "md:grid-cols-3", "xl:grid-cols-6"]));
    expect(classes).not.toContain("[&>li:last-child]:col-span-2");
  });
});
