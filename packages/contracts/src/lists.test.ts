import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listQuerySchema, pageOf } from "./lists.ts";

const schema = listQuerySchema({
  sorts: ["created_at", "number"],
  defaultSort: "created_at",
  filters: { status: z.enum(["open", "closed"]).optional() },
});

describe("listQuerySchema", () => {
  it("fills the defaults and reads numbers from the query string", () => {
    expect(schema.parse({})).toEqual({ page: 1, page_size: 25, sort: "created_at", dir: "desc" });
    expect(
      schema.parse({ page: "3", page_size: "100", sort: "number", dir: "asc", status: "open", q: "PO-7" }),
    ).toEqual({ page: 3, page_size: 100, sort: "number", dir: "asc", status: "open", q: "PO-7" });
    const ascending = listQuerySchema({ sorts: ["name"], defaultSort: "name", defaultDir: "asc" });
    expect(ascending.parse({}).dir).toBe("asc");
  });

  it("refuses unknown parameters, sorts and filter values, and pages out of range", () => {
    for (const query of [
      { sort: "total" },
      { dir: "up" },
      { status: "lost" },
      { page: "0" },
      { page: "10001" },
      { page_size: "9" },
      { page_size: "101" },
      { page: "1.5" },
      { statuss: "open" },
      { q: "x".repeat(101) },
      { q: "a\u0000b" },
    ]) {
      expect(schema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});

describe("pageOf", () => {
  it("describes one page of items with its position and the total", () => {
    const page = pageOf(z.object({ id: z.string() }));
    expect(page.parse({ items: [{ id: "a" }], page: 1, page_size: 25, total: 1 }).items).toHaveLength(1);
    expect(page.safeParse({ items: [], page: 1 }).success).toBe(false);
  });
});
