import { describe, expect, it } from "vitest";

import {
  isFiltered,
  listApiParams,
  listHref,
  pageCount,
  readListQuery,
  sortChange,
  type ListSpec,
} from "./list-query";

const spec: ListSpec = {
  sorts: ["issued_on", "due_on", "number", "total"],
  ascFirst: ["number"],
  filters: { status: ["paid", "unpaid", "overdue"], view: ["deliveries"] },
  ids: ["order_id"],
  dates: ["from"],
  local: ["view"],
};
const read = (query: string) => readListQuery(new URLSearchParams(query), spec);

describe("readListQuery", () => {
  it("defaults to the first sort, newest first, page 1", () => {
    expect(read("")).toEqual({ q: "", sort: "issued_on", dir: "desc", page: 1, filters: {} });
  });

  it("reads sort and dir, the page, the search and valid filters", () => {
    expect(read("sort=due_on&dir=asc&page=3&q=%20INV-2026%20&status=overdue&from=2026-01-31")).toEqual({
      q: "INV-2026",
      sort: "due_on",
      dir: "asc",
      page: 3,
      filters: { status: "overdue", from: "2026-01-31" },
    });
  });

  it("also reads the key:dir value of a sort select", () => {
    expect(read("sort=due_on:asc")).toMatchObject({ sort: "due_on", dir: "asc" });
  });

  it("drops what the API would reject", () => {
    expect(read("sort=price&dir=up&page=-2&status=lost&order_id=42&from=yesterday")).toEqual(read(""));
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
  it("sends sort and dir apart and leaves page-only filters out", () => {
    expect(listApiParams(read("sort=due_on&dir=asc&status=paid&q=7&view=deliveries"), spec)).toEqual({
      status: "paid",
      q: "7",
      sort: "due_on",
      dir: "asc",
      page: "1",
    });
  });

  it("sends no sort for a list without one", () => {
    const unsorted: ListSpec = { sorts: [] };
    expect(listApiParams(readListQuery(new URLSearchParams("page=2"), unsorted), unsorted)).toEqual({
      page: "2",
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
    expect(listHref("/my/invoices", state, spec, { filters: { status: "paid" } })).toBe(
      "/my/invoices?status=paid&q=abc",
    );
    expect(listHref("/my/invoices", state, spec, { q: "xyz" })).toBe("/my/invoices?status=unpaid&q=xyz");
  });

  it("writes a sort as sort and dir, and leaves the default sort out of the URL", () => {
    expect(listHref("/my/invoices", read(""), spec, { sort: "number", dir: "asc" })).toBe(
      "/my/invoices?sort=number&dir=asc",
    );
    expect(
      listHref("/my/invoices", read("sort=due_on&dir=asc"), spec, { sort: "issued_on", dir: "desc" }),
    ).toBe("/my/invoices");
  });

  it("round-trips: reading a link gives back the state it was built from", () => {
    const states = [
      read(""),
      read("sort=number&dir=desc&page=7&status=overdue&view=deliveries"),
      read("q=a%20b&order_id=0b6f2a4e-1c1d-4b7a-9a55-3f1e2d3c4b5a&from=2026-02-01"),
    ];
    for (const s of states) {
      const url = new URL(listHref("/my/invoices", s, spec, { page: s.page }), "https://example.test");
      expect(readListQuery(url.searchParams, spec)).toEqual(s);
    }
  });
});

describe("sortChange", () => {
  it("flips the direction of the current sort, else starts with the column's first direction", () => {
    expect(sortChange(read("sort=due_on&dir=asc"), spec, "due_on")).toEqual({ sort: "due_on", dir: "desc" });
    expect(sortChange(read("sort=due_on&dir=desc"), spec, "due_on")).toEqual({ sort: "due_on", dir: "asc" });
    expect(sortChange(read(""), spec, "number")).toEqual({ sort: "number", dir: "asc" });
    expect(sortChange(read(""), spec, "total")).toEqual({ sort: "total", dir: "desc" });
  });

  it("starts an ascending default sort ascending", () => {
    const names: ListSpec = { sorts: ["name", "created_at"], ascFirst: ["name"] };
    const state = readListQuery(new URLSearchParams(""), names);
    expect(state).toMatchObject({ sort: "name", dir: "asc" });
    expect(listHref("/staff", state, names, sortChange(state, names, "name"))).toBe(
      "/staff?sort=name&dir=desc",
    );
  });
});

describe("isFiltered", () => {
  it("counts the search and filters but not views", () => {
    expect(isFiltered(read("view=deliveries&sort=number"), spec)).toBe(false);
    expect(isFiltered(read("q=x"), spec)).toBe(true);
    expect(isFiltered(read("status=paid"), spec)).toBe(true);
  });
});

describe("pageCount", () => {
  it("has at least one page", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
