import { and, eq, ilike } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "@ems/db/client";
import { createCompany, createCompanyAddress } from "@ems/db/factories";
import { companies, companyAddresses } from "@ems/db/schema";
import { createTestDb } from "@ems/db/testing";
import {
  LIST_COUNT_CAP,
  cappedCount,
  likePattern,
  listPage,
  pageOf,
  pagingOf,
  searchOf,
  sortOrder,
  type CountSource,
} from "./list-query.ts";

let handle: DbHandle;
const db = () => handle.db;

/** Names with ties, so only the tie-breaker keeps pages apart. */
const NAMES = ["Paging Alpha", "Paging Beta", "Paging Beta", "Paging Beta", "Paging Gamma"];
const ours = ilike(companies.name, likePattern("Paging "));
let ids: string[] = [];

beforeAll(async () => {
  handle = await createTestDb();
  ids = [];
  for (const name of NAMES) ids.push((await createCompany(db(), { name })).id);
  await createCompanyAddress(db(), { companyId: ids[0]!, city: "Hamburg" });
  await createCompanyAddress(db(), { companyId: ids[4]!, city: "Hamburg" });
  await createCompanyAddress(db(), { companyId: ids[2]!, city: "Bremen" });
});

afterAll(async () => {
  await handle.close();
});

describe("pagingOf", () => {
  it("turns page and page_size into LIMIT and OFFSET", () => {
    expect(pagingOf({ page: 1, page_size: 25 })).toEqual({ limit: 25, offset: 0 });
    expect(pagingOf({ page: 3, page_size: 10 })).toEqual({ limit: 10, offset: 20 });
  });
});

describe("searchOf and pageOf", () => {
  it("passes the search only when it says something, with the order and the page", () => {
    const query = { q: "", sort: "number" as const, dir: "asc" as const, page: 2, page_size: 25 };
    expect(searchOf(query)).toEqual({ q: undefined, sort: "number", dir: "asc", limit: 25, offset: 25 });
    expect(searchOf({ ...query, q: "SO-2026" }).q).toBe("SO-2026");
  });

  it("answers the rows as DTOs with the page asked for and the count", () => {
    const page = pageOf({ page: 3, page_size: 2 }, { rows: [{ n: 5 }, { n: 6 }], total: 11 }, (row) => ({
      number: `#${row.n}`,
    }));
    expect(page).toEqual({ items: [{ number: "#5" }, { number: "#6" }], page: 3, page_size: 2, total: 11 });
  });
});

describe("sortOrder", () => {
  it("applies the direction to the sort column and every tie-breaker", () => {
    const query = (dir: "asc" | "desc") =>
      db()
        .select({ id: companies.id })
        .from(companies)
        .orderBy(...sortOrder(dir, companies.name, companies.createdAt, companies.id))
        .toSQL().sql;
    expect(query("asc")).toMatch(
      /order by "(companies"\.")?name" asc, "(companies"\.")?created_at" asc, "(companies"\.")?id" asc$/,
    );
    expect(query("desc")).toMatch(
      /order by "(companies"\.")?name" desc, "(companies"\.")?created_at" desc, "(companies"\.")?id" desc$/,
    );
  });
});

describe("cappedCount", () => {
  it("counts the matches up to the cap, LIST_COUNT_CAP by default, every match with a null cap", async () => {
    expect(LIST_COUNT_CAP).toBe(10_000);
    expect(await cappedCount(db(), { table: companies }, ours)).toBe(5);
    expect(await cappedCount(db(), { table: companies, cap: 3 }, ours)).toBe(3);
    expect(await cappedCount(db(), { table: companies, cap: null }, ours)).toBe(5);
    expect(await cappedCount(db(), { table: companies }, and(ours, eq(companies.name, "Nobody")))).toBe(0);
  });

  it("counts over the joins the filter needs", async () => {
    const join: CountSource = {
      table: companies,
      join: (select) => select.innerJoin(companyAddresses, eq(companyAddresses.companyId, companies.id)),
    };
    const inHamburg = and(ours, eq(companyAddresses.city, "Hamburg"));
    expect(await cappedCount(db(), join, inHamburg)).toBe(2);
    expect(await cappedCount(db(), { ...join, cap: 1 }, inHamburg)).toBe(1);
    expect(await cappedCount(db(), { ...join, cap: null }, inHamburg)).toBe(2);
  });
});

describe("listPage", () => {
  const page = (dir: "asc" | "desc", pageNumber: number, where = ours) =>
    listPage(db(), {
      rows: db().select({ id: companies.id, name: companies.name }).from(companies).$dynamic(),
      table: companies,
      where,
      orderBy: sortOrder(dir, companies.name, companies.id),
      paging: pagingOf({ page: pageNumber, page_size: 2 }),
    });

  it("answers one page of the filtered rows in order with the number of matches", async () => {
    const first = await page("asc", 1);
    expect(first.total).toBe(5);
    expect(first.rows.map((row) => row.name)).toEqual(["Paging Alpha", "Paging Beta"]);
    const last = await page("asc", 3);
    expect(last).toEqual({ rows: [{ id: ids[4], name: "Paging Gamma" }], total: 5 });
    expect(await page("asc", 4)).toEqual({ rows: [], total: 5 });
  });

  it("keeps ties in a stable order across pages, in both directions", async () => {
    for (const dir of ["asc", "desc"] as const) {
      const seen = [...(await page(dir, 1)).rows, ...(await page(dir, 2)).rows, ...(await page(dir, 3)).rows];
      const expected = NAMES.map((name, i) => ({ id: ids[i]!, name })).sort(
        (a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
      expect(seen).toEqual(dir === "asc" ? expected : expected.reverse());
    }
  });

  it("filters the count like the page and caps it", async () => {
    const betas = and(ours, eq(companies.name, "Paging Beta"));
    expect((await page("asc", 1, betas)).total).toBe(3);
    const capped = await listPage(db(), {
      rows: db().select({ id: companies.id }).from(companies).$dynamic(),
      table: companies,
      cap: 2,
      where: betas,
      orderBy: sortOrder("asc", companies.id),
      paging: pagingOf({ page: 1, page_size: 10 }),
    });
    expect(capped.rows).toHaveLength(3);
    expect(capped.total).toBe(2);
  });
});
