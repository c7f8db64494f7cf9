import { describe, expect, it } from "vitest";

import { listApiParams, listHref, pageCount, readListQuery, sortChange, type ListSpec } from "./list-query";

const spec: ListSpec = {
  sorts: ["issued_on", "due_on", "number", "total"],
  ascFirst: ["number"],
  filters: { status: ["paid", "unpaid", "overdue"] },
  ids: ["order_id"],
};
const read = (query: string) => readListQuery(new URLSearchParams(query), spec);

describe("readListQuery", () => {
  it("defaults to the first sort, newest first, page 1", () => {
    expect(read("")).toEqual({ q: "", sort: "issued_on", dir: "desc", page: 1, filters: {} });
  });

  it("reads sort with a direction, the page, the search and valid filters", () => {
    expect(read("sort=due_on:asc&page=3&q=%20INV-2026%20&status=overdue")).toEqual({
      q: "INV-2026",
      sort: "due_on",
      dir: "asc",
      page: 3,
      filters: { status: "overdue" },
    });
  });

  it("drops what the API would reject", () => {
    expect(read("sort=price:up&page=-2&status=lost&order_id=42")).toEqual(read(""));
    expect(read("page=1.5").page).toBe(1);
    expect(read("page=10001").page).toBe(1);
    expect(read(`q=${"x".repeat(150)}`).q).toHaveLength(100);
  });

  it("sorts text columns ascending when no direction is given", () => {
    expect(read("sort=number").dir).toBe("asc");
    expect(read("sort=total").dir).toBe("desc");
  });

  it("keeps a uuid filter", () => {
    const id = "0b6f2a4e-1c1d-4b7a-9a55-3f1e2d3c4b5a";
    expect(read(`order_id=${id}`).filters).toEqual({ order_id: id });
  });
});

describe("listApiParams", () => {
  it("sends sort and dir apart", () => {
    expect(listApiParams(read("sort=due_on:asc&status=paid&q=7"))).toEqual({
      status: "paid",
      q: "7",
      sort: "due_on",
      dir: "asc",
      page: "1",
    });
  });
});

describe("listHref", () => {
  const state = read("status=unpaid&page=4&q=abc");

  it("changes the page and keeps the rest", () => {
    expect(listHref("/my/invoices", state, spec, { page: 5 })).toBe(
      "/my/invoices?status=unpaid&q=abc&page=5",
    );
  });

  it("starts at page 1 when a filter changes, and removes a cleared filter", () => {
    expect(listHref("/my/invoices", state, spec, { filters: { status: null } })).toBe("/my/invoices?q=abc");
  });

  it("leaves the default sort out of the URL", () => {
    expect(listHref("/my/invoices", read("sort=due_on:asc"), spec, { sort: "issued_on", dir: "desc" })).toBe(
      "/my/invoices",
    );
  });
});

describe("sortChange", () => {
  it("flips the direction of the current sort, else starts with the column's first direction", () => {
    expect(sortChange(read("sort=due_on:asc"), spec, "due_on")).toEqual({ sort: "due_on", dir: "desc" });
    expect(sortChange(read(""), spec, "number")).toEqual({ sort: "number", dir: "asc" });
    expect(sortChange(read(""), spec, "total")).toEqual({ sort: "total", dir: "desc" });
  });
});

describe("pageCount", () => {
  it("has at least one page", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
