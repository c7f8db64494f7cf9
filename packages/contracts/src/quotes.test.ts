import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderTotals, placeOrderSchema } from "./orders.ts";
import {
  QUOTE_STATUSES,
  QUOTE_STATUS_COLORS,
  QUOTE_TRANSITIONS,
  canTransition,
  quoteListQuerySchema,
  quoteRequestSchema,
  staffQuoteCreateSchema,
  staffQuoteListQuerySchema,
  statusesLeadingTo,
  type QuoteStatus,
} from "./quotes.ts";
import { addCalendarDays, addWorkingDays, isWeekend, todayIso } from "./reference.ts";

const none = new Set<string>();

describe("addWorkingDays", () => {
  it("skips Saturdays and Sundays and counts from the day after", () => {
    // 2026-11-20 is a Friday.
    expect(addWorkingDays("2026-11-20", 1, none)).toBe("2026-11-23");
    expect(addWorkingDays("2026-11-20", 5, none)).toBe("2026-11-27");
    expect(addWorkingDays("2026-11-18", 2, none)).toBe("2026-11-20");
    expect(addWorkingDays("2026-11-20", 10, none)).toBe("2026-12-04");
  });

  it("answers the start day for zero days and starts weekends on Monday", () => {
    expect(addWorkingDays("2026-11-21", 0, none)).toBe("2026-11-21");
    expect(addWorkingDays("2026-11-21", 1, none)).toBe("2026-11-23");
    expect(addWorkingDays("2026-11-22", 1, none)).toBe("2026-11-23");
  });

  it("skips holidays across the year end", () => {
    const holidays = new Set(["2025-12-25", "2025-12-26", "2026-01-01"]);
    // Wed 24 Dec: 29, 30, 31 Dec, (1 Jan holiday), Fri 2 Jan, Mon 5 Jan.
    expect(addWorkingDays("2025-12-24", 5, holidays)).toBe("2026-01-05");
    expect(addWorkingDays("2025-12-24", 1, holidays)).toBe("2025-12-29");
    expect(addWorkingDays("2025-12-31", 1, holidays)).toBe("2026-01-02");
    expect(addWorkingDays("2025-12-31", 1, none)).toBe("2026-01-01");
  });

  it("does not count a holiday on a weekend twice", () => {
    // 2026-12-26 is a Saturday, 2026-12-25 a Friday.
    const withWeekendHoliday = new Set(["2026-12-25", "2026-12-26"]);
    expect(addWorkingDays("2026-12-24", 2, withWeekendHoliday)).toBe("2026-12-29");
    expect(addWorkingDays("2026-12-24", 2, new Set(["2026-12-25"]))).toBe("2026-12-29");
    expect(addWorkingDays("2026-12-24", 1, new Set(["2026-12-26", "2026-12-27"]))).toBe("2026-12-25");
  });

  it("handles leap days and long lead times", () => {
    expect(addWorkingDays("2024-02-28", 2, none)).toBe("2024-03-01");
    expect(addWorkingDays("2028-02-28", 1, none)).toBe("2028-02-29");
    // 365 working days is 73 weeks.
    expect(addWorkingDays("2026-01-05", 365, none)).toBe(addCalendarDays("2026-01-05", 73 * 7));
  });

  it("refuses impossible dates and day counts", () => {
    expect(() => addWorkingDays("2026-02-30", 1, none)).toThrow(RangeError);
    expect(() => addWorkingDays("26-1-1", 1, none)).toThrow(RangeError);
    expect(() => addWorkingDays("2026-01-05", -1, none)).toThrow(RangeError);
    expect(() => addWorkingDays("2026-01-05", 1.5, none)).toThrow(RangeError);
  });

  it("lands on a working day with exactly the asked number of working days in between", () => {
    const day = fc.integer({ min: 0, max: 3000 }).map((offset) => addCalendarDays("2024-01-01", offset));
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 1, max: 120 }),
        fc.uniqueArray(day, { maxLength: 40 }),
        (from, days, list) => {
          const holidays = new Set(list);
          const result = addWorkingDays(from, days, holidays);
          expect(isWeekend(result) || holidays.has(result)).toBe(false);
          let counted = 0;
          for (let d = addCalendarDays(from, 1); d <= result; d = addCalendarDays(d, 1))
            if (!isWeekend(d) && !holidays.has(d)) counted += 1;
          expect(counted).toBe(days);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("quote state machine", () => {
  it("matches the agreed transitions exactly", () => {
    expect(QUOTE_TRANSITIONS).toEqual({
      Draft: ["Open", "Lost"],
      "In Progress": ["Open", "Lost"],
      Open: ["Ordered", "Partially Ordered", "Declined", "Lost", "Expired"],
      Expired: ["In Progress", "Open"],
      Declined: ["In Progress"],
      Ordered: [],
      "Partially Ordered": [],
      Lost: [],
    });
    expect(canTransition("Open", "Ordered")).toBe(true);
    expect(canTransition("Ordered", "Open")).toBe(false);
    expect(canTransition("Draft", "Ordered")).toBe(false);
    expect(canTransition("Lost", "In Progress")).toBe(false);
    expect(statusesLeadingTo("Open")).toEqual(["Draft", "In Progress", "Expired"]);
    expect(statusesLeadingTo("In Progress")).toEqual(["Declined", "Expired"]);
  });

  it("has a transition list and a badge colour for every status", () => {
    for (const status of QUOTE_STATUSES) {
      expect(QUOTE_TRANSITIONS[status]).toBeDefined();
      for (const to of QUOTE_TRANSITIONS[status]) expect(QUOTE_STATUSES).toContain(to as QuoteStatus);
    }
    expect(QUOTE_STATUS_COLORS).toEqual({
      Ordered: "success",
      Declined: "error",
      Lost: "neutral",
      Open: "warning",
      Expired: "neutral",
      Draft: "info",
      "In Progress": "info",
      "Partially Ordered": "success",
    });
  });
});

describe("quote schemas", () => {
  const requestLine = { category: "pcb", description: "Controller board rev B", quantities: [10, 100] };

  it("accepts a request and refuses repeated quantities, 51 lines and unknown properties", () => {
    expect(quoteRequestSchema.safeParse({ title: "Sensor boards", lines: [requestLine] }).success).toBe(true);
    expect(
      quoteRequestSchema.safeParse({
        title: "Sensor boards",
        lines: [{ ...requestLine, quantities: [5, 5] }],
      }).success,
    ).toBe(false);
    expect(
      quoteRequestSchema.safeParse({ title: "Sensor boards", lines: Array(51).fill(requestLine) }).success,
    ).toBe(false);
    expect(
      quoteRequestSchema.safeParse({ title: "Sensor boards", lines: [requestLine], status: "Open" }).success,
    ).toBe(false);
    expect(
      quoteRequestSchema.safeParse({
        title: "Sensor boards",
        lines: [{ ...requestLine, quantities: [1, 2, 3, 4, 5, 6, 7] }],
      }).success,
    ).toBe(false);
  });

  const staffLine = {
    category: "assemblies",
    description: "Motor driver",
    lead_time_days: 10,
    engineering_cost_minor: 25_000,
    tiers: [
      { quantity: 10, unit_price_minor: 1_250 },
      { quantity: 100, unit_price_minor: 990 },
    ],
  };
  const staffCreate = {
    company_id: "00000000-0000-4000-8000-000000000001",
    title: "Motor drivers",
    currency: "EUR",
    valid_until: addCalendarDays(todayIso(), 30),
    lines: [staffLine],
  };

  it("wants strictly increasing tiers, a future validity and amounts that fit", () => {
    expect(staffQuoteCreateSchema.safeParse(staffCreate).success).toBe(true);
    const decreasing = staffQuoteCreateSchema.safeParse({
      ...staffCreate,
      lines: [{ ...staffLine, tiers: [...staffLine.tiers].reverse() }],
    });
    expect(decreasing.success).toBe(false);
    expect(decreasing.error?.issues[0]?.path).toEqual(["lines", 0, "tiers"]);
    expect(staffQuoteCreateSchema.safeParse({ ...staffCreate, valid_until: todayIso() }).success).toBe(false);
    expect(
      staffQuoteCreateSchema.safeParse({
        ...staffCreate,
        lines: [{ ...staffLine, tiers: [{ quantity: 1_000_000, unit_price_minor: 1_000_000 }] }],
      }).success,
    ).toBe(false);
  });

  it("defaults list queries and keeps them strict", () => {
    expect(quoteListQuerySchema.parse({})).toEqual({
      page: 1,
      page_size: 25,
      sort: "created_at",
      dir: "desc",
    });
    expect(quoteListQuerySchema.safeParse({ page_size: "5" }).success).toBe(false);
    expect(quoteListQuerySchema.safeParse({ page_size: "101" }).success).toBe(false);
    expect(quoteListQuerySchema.safeParse({ status: "open" }).success).toBe(false);
    expect(quoteListQuerySchema.safeParse({ company_id: staffCreate.company_id }).success).toBe(false);
    expect(staffQuoteListQuerySchema.safeParse({ company_id: staffCreate.company_id }).success).toBe(true);
    expect(staffQuoteListQuerySchema.safeParse({ extra: "1" }).success).toBe(false);
  });
});

describe("ordering", () => {
  const order = {
    quote_id: "00000000-0000-4000-8000-000000000001",
    lines: [{ line_id: "00000000-0000-4000-8000-000000000002", quantity: 10 }],
    po_number: "PO-4711",
    billing_address_id: "00000000-0000-4000-8000-000000000003",
    shipping_address_id: "00000000-0000-4000-8000-000000000003",
    parcel_service_id: "00000000-0000-4000-8000-000000000004",
    terms_version: "2026-1",
    accept_terms: true,
  };

  it("needs accepted terms and each line once", () => {
    expect(placeOrderSchema.safeParse(order).success).toBe(true);
    expect(placeOrderSchema.safeParse({ ...order, accept_terms: false }).success).toBe(false);
    expect(placeOrderSchema.safeParse({ ...order, lines: [order.lines[0], order.lines[0]] }).success).toBe(
      false,
    );
    expect(placeOrderSchema.safeParse({ ...order, po_number: " " }).success).toBe(false);
  });

  it("adds lines, one-off costs, shipping and rounded tax in exact minor units", () => {
    expect(
      orderTotals(
        [
          { quantity: 10, unit_price_minor: 1_255, engineering_cost_minor: 25_000 },
          { quantity: 3, unit_price_minor: 333, engineering_cost_minor: 0 },
        ],
        1_499,
        1900,
      ),
    ).toEqual({ subtotal_minor: 40_048, tax_minor: 7_609, total_minor: 47_657 });
    // 0.5 minor units of tax round away from zero.
    expect(orderTotals([{ quantity: 1, unit_price_minor: 50, engineering_cost_minor: 0 }], 0, 100)).toEqual({
      subtotal_minor: 50,
      tax_minor: 1,
      total_minor: 51,
    });
  });
});
