import { formatDate } from "@ems/i18n/format";
import { describe, expect, it } from "vitest";

import { listHref, readListQuery, sortChange } from "~/lib/list-query";

import { linesTotal, ORDER_LIST } from "./order-helpers";

describe("the order list's URL", () => {
  const read = (query: string) => readListQuery(new URLSearchParams(query), ORDER_LIST);

  it("keeps the known, non-empty parameters", () => {
    expect(read("q=SO-2026&status=&sort=total&x=1")).toEqual({
      q: "SO-2026",
      sort: "total",
      dir: "desc",
      page: 1,
      filters: {},
    });
  });

  it("sorts like the API by default and flips the active column", () => {
    expect(read("")).toMatchObject({ sort: "created_at", dir: "desc" });
    expect(sortChange(read(""), ORDER_LIST, "created_at")).toEqual({ sort: "created_at", dir: "asc" });
    expect(sortChange(read(""), ORDER_LIST, "total")).toEqual({ sort: "total", dir: "desc" });
    expect(sortChange(read(""), ORDER_LIST, "delivery_date")).toEqual({ sort: "delivery_date", dir: "asc" });
  });

  it("builds links with changed parameters", () => {
    expect(listHref("/my/orders", read("status=shipped&page=2"), ORDER_LIST, { q: "PO-7" })).toBe(
      "/my/orders?status=shipped&q=PO-7",
    );
  });
});

describe("figures", () => {
  it("formats timestamps by their UTC day", () => {
    expect(formatDate("2026-11-23T23:30:00.000Z", "en")).toBe("Nov 23, 2026");
  });

  it("takes shipping out of the subtotal for the lines' sum", () => {
    expect(linesTotal({ subtotal_minor: 202_490, shipping_minor: 2_490 })).toBe(200_000);
  });
});
