import { formatDate, formatRate } from "@ems/i18n/format";
import { orderTotals } from "@ems/contracts/orders";
import type { QuoteDetail } from "@ems/contracts/quotes";
import type { ParcelService } from "@ems/contracts/reference";
import { describe, expect, it } from "vitest";

import { listHref, readListQuery, sortChange } from "~/lib/list-query";

import {
  daysUntil,
  orderSummary,
  preselectedParcelService,
  QUOTE_LIST,
  statusKey,
  yearsSpanned,
} from "./quote-helpers";

type Line = QuoteDetail["lines"][number];

const line = (id: string, engineering: number, tiers: [number, number][]): Line => ({
  id,
  position: Number(id.slice(-1)),
  category: "assemblies",
  description: `Line ${id}`,
  lead_time_days: 10,
  engineering_cost_minor: engineering,
  delivery_date: "2026-12-07",
  tiers: tiers.map(([quantity, unit]) => ({
    quantity,
    unit_price_minor: unit,
    total_minor: quantity * unit + engineering,
  })),
  ordered_quantity: null,
  pcb_spec: null,
  assembly_spec: null,
});

const quote = {
  tax_rate_bp: 1900,
  lines: [
    line("line-1", 45_000, [
      [10, 4_200],
      [50, 3_100],
    ]),
    line("line-2", 0, [
      [10, 900],
      [100, 350],
    ]),
  ],
};

describe("the quote list's URL", () => {
  const read = (query: string) => readListQuery(new URLSearchParams(query), QUOTE_LIST);

  it("keeps the known filters and defaults to the newest first, like the API", () => {
    expect(read("status=Open&q=%20%20&category=pcb&page=2&foo=bar")).toEqual({
      q: "",
      sort: "created_at",
      dir: "desc",
      page: 2,
      filters: { status: "Open", category: "pcb" },
    });
    expect(read("sort=nonsense&dir=sideways")).toMatchObject({ sort: "created_at", dir: "desc" });
  });

  it("flips the active column and starts another in its natural order", () => {
    expect(sortChange(read(""), QUOTE_LIST, "created_at")).toEqual({ sort: "created_at", dir: "asc" });
    expect(sortChange(read("sort=number&dir=asc"), QUOTE_LIST, "number")).toEqual({
      sort: "number",
      dir: "desc",
    });
    expect(sortChange(read(""), QUOTE_LIST, "title")).toEqual({ sort: "title", dir: "asc" });
    expect(sortChange(read("sort=title"), QUOTE_LIST, "valid_until")).toEqual({
      sort: "valid_until",
      dir: "desc",
    });
  });

  it("links a column header as sort and dir (the journeys rely on it)", () => {
    const state = read("q=x&status=Open&page=3");
    expect(listHref("/my/quotes", state, QUOTE_LIST, sortChange(state, QUOTE_LIST, "number"))).toBe(
      "/my/quotes?status=Open&q=x&sort=number&dir=asc",
    );
  });
});

describe("dates and numbers", () => {
  it("counts calendar days between UTC days", () => {
    expect(daysUntil("2026-12-20", "2026-11-23")).toBe(27);
    expect(daysUntil("2026-11-23", "2026-11-23")).toBe(0);
    expect(daysUntil("2026-03-30", "2026-03-28")).toBe(2);
    expect(daysUntil("2026-11-20", "2026-11-23")).toBe(-3);
  });

  it("formats a plain date as the UTC day it names, in the page's language", () => {
    expect(formatDate("2026-12-07", "en")).toBe("Dec 7, 2026");
    expect(formatDate("2026-12-07", "de")).toBe("07.12.2026");
  });

  it("formats basis points as a percentage", () => {
    expect(formatRate(1900, "en")).toBe("19%");
    expect(formatRate(1950, "de")).toBe("19,5\u00a0%");
  });

  it("turns statuses into ICU select keys", () => {
    expect(statusKey("Partially Ordered")).toBe("partially_ordered");
    expect(statusKey("Open")).toBe("open");
  });

  it("lists the years from today to the latest date, at most three", () => {
    expect(yearsSpanned("2026-11-23", ["2026-12-07", null])).toEqual([2026]);
    expect(yearsSpanned("2026-11-23", ["2027-01-15"])).toEqual([2026, 2027]);
    expect(yearsSpanned("2026-11-23", ["2031-01-15"])).toEqual([2026, 2027, 2028]);
  });
});

describe("the order form's summary", () => {
  it("matches the API's totals for the same choices, shipping and tax included", () => {
    const choices = { "line-1": 50, "line-2": null };
    const summary = orderSummary(quote, choices, 2_490);
    const server = orderTotals(
      [{ quantity: 50, unit_price_minor: 3_100, engineering_cost_minor: 45_000 }],
      2_490,
      1900,
    );
    expect(summary).toEqual({
      lines_minor: 200_000,
      shipping_minor: 2_490,
      subtotal_minor: server.subtotal_minor,
      tax_minor: server.tax_minor,
      total_minor: server.total_minor,
      ordered_lines: 1,
      outcome: "Partially Ordered",
    });
    // The figures the API stored for this very order (SO-2026-00001 in the demo run).
    expect(summary.total_minor).toBe(240_963);
  });

  it("says Ordered when every line is chosen, and charges no shipping for nothing", () => {
    expect(orderSummary(quote, { "line-1": 10, "line-2": 100 }, 2_490).outcome).toBe("Ordered");
    const none = orderSummary(quote, { "line-1": null, "line-2": null }, 2_490);
    expect(none).toMatchObject({ total_minor: 0, shipping_minor: 0, ordered_lines: 0, outcome: null });
  });

  it("ignores a quantity that is not one of the line's tiers", () => {
    expect(orderSummary(quote, { "line-1": 7, "line-2": 10 }, 0).ordered_lines).toBe(1);
  });
});

describe("preselectedParcelService", () => {
  const service = (id: string, price: number, days: number): ParcelService => ({
    id,
    name: `Service ${id}`,
    carrier: "Carrier",
    price_minor: price,
    currency: "EUR",
    transit_days: days,
    active: true,
  });
  // In the API's order (carrier, then name): the dearest first, as the walk found it preselected.
  const express = service("express", 2_490, 1);
  const standard = service("standard", 690, 3);
  const economy = service("economy", 690, 5);
  const services = [express, economy, standard];

  it("starts with the cheapest, the faster one when two cost the same", () => {
    expect(preselectedParcelService(services, null)).toBe(standard);
    expect(preselectedParcelService([express, economy], null)).toBe(economy);
  });

  it("starts with the company's default when the dialog offers it, however dear", () => {
    expect(preselectedParcelService(services, "express")).toBe(express);
  });

  it("falls back to the cheapest when the default is not offered (inactive or another currency)", () => {
    expect(preselectedParcelService(services, "retired")).toBe(standard);
  });

  it("has nothing to start with when nothing is offered", () => {
    expect(preselectedParcelService([], "express")).toBeUndefined();
  });
});
