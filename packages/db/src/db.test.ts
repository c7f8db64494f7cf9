import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, isNotNull, sql } from "drizzle-orm";
import { verify } from "@node-rs/argon2";
import { queryRows, type DbHandle } from "./client.ts";
import { createCompany, createUser } from "./factories.ts";
import { companies, users } from "./schema.ts";
import { DEMO_USER, seedDemoData } from "./seed.ts";
import {
  assemblySpecVersions,
  bomLines,
  creditNotes,
  customerParts,
  engineeringQueries,
  holidays,
  invoices,
  parcelServices,
  placementSets,
  quoteLines,
  quotes,
  salesOrders,
} from "./schema.ts";
import { createTestDb } from "./testing.ts";

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

describe("migrations", () => {
  it("create the pg_trgm extension the search indexes rely on", async () => {
    const rows = await queryRows(handle.db, sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(rows).toHaveLength(1);
  });
});

describe("factories", () => {
  it("apply overrides and fill the rest", async () => {
    const company = await createCompany(handle.db, { name: "Acme Boards", country: "RO" });
    expect(company).toMatchObject({ name: "Acme Boards", country: "RO" });
    expect(company.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("hash the password with argon2id and create a company when none is given", async () => {
    const user = await createUser(handle.db, { email: "Jane@Example.test", password: "a long passphrase" });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(user.passwordHash!, "a long passphrase")).toBe(true);
    const [company] = await handle.db.select().from(companies).where(eq(companies.id, user.companyId));
    expect(company).toBeDefined();
  });

  it("refuse a second account with the same e-mail in another case", async () => {
    await createUser(handle.db, { email: "dup@example.test" });
    await expect(createUser(handle.db, { email: "DUP@example.test" })).rejects.toThrow();
  });
});

describe("seedDemoData", () => {
  it("writes the demo user once and is idempotent", async () => {
    expect(await seedDemoData(handle.db)).toEqual({ created: true });
    expect(await seedDemoData(handle.db)).toEqual({ created: false });
    const rows = await handle.db.select().from(users).where(eq(users.email, DEMO_USER.email));
    expect(rows).toHaveLength(1);
    expect(await verify(rows[0]!.passwordHash!, DEMO_USER.password)).toBe(true);
  });

  it("gives the demo company quotes in several statuses, orders, invoices and the reference data", async () => {
    const company = rows0(await handle.db.select().from(users).where(eq(users.email, DEMO_USER.email)));
    const statuses = (
      await handle.db
        .select({ status: quotes.status })
        .from(quotes)
        .where(eq(quotes.companyId, company.companyId))
    ).map((row) => row.status);
    expect(new Set(statuses)).toEqual(new Set(["Open", "In Progress", "Expired", "Declined", "Ordered"]));
    const orders = await handle.db
      .select()
      .from(salesOrders)
      .where(eq(salesOrders.companyId, company.companyId));
    expect(orders.map((o) => o.status).sort()).toEqual(["completed", "in_production", "shipped"]);
    expect(orders.every((o) => /^SO-\d{4}-\d{5}$/.test(o.number))).toBe(true);
    const bills = await handle.db.select().from(invoices).where(eq(invoices.companyId, company.companyId));
    expect(bills.map((i) => i.status).sort()).toEqual(["paid", "unpaid"]);
    // The unpaid one was corrected by a credit note for five boards, numbered in its own series.
    const credits = await handle.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.companyId, company.companyId));
    expect(credits).toHaveLength(1);
    expect(credits[0]!.number).toMatch(/^CN-\d{4}-\d{5}$/);
    expect(credits[0]!.invoiceId).toBe(bills.find((i) => i.status === "unpaid")!.id);
    expect(credits[0]!.lines.map((l) => l.quantity)).toEqual([5]);
    expect((await handle.db.select().from(parcelServices)).length).toBeGreaterThanOrEqual(3);
    const year = new Date().getUTCFullYear();
    const days = (await handle.db.select().from(holidays)).map((h) => h.date);
    expect(days).toContain(`${year}-12-25`);
    expect(days).toContain(`${year + 1}-01-01`);
  });

  it("gives the demo company an item master and the NW-420 assembly with a BOM, quoted on its line", async () => {
    const company = rows0(await handle.db.select().from(users).where(eq(users.email, DEMO_USER.email)));
    const parts = await handle.db
      .select()
      .from(customerParts)
      .where(eq(customerParts.companyId, company.companyId!));
    expect(parts.map((p) => p.partNumber).sort()).toEqual([
      "NW-0001",
      "NW-0002",
      "NW-0003",
      "NW-0004",
      "NW-0005",
      "NW-0006",
    ]);
    // The BOM view shows each case of a part's lifecycle: known and fine, flagged, not known.
    const lifecycles = new Map(parts.map((p) => [p.partNumber, p.lifecycle]));
    expect(lifecycles.get("NW-0001")).toBe("active");
    expect(lifecycles.get("NW-0005")).toBeNull();
    expect(lifecycles.get("NW-0006")).toBe("nrnd");
    const [line] = await handle.db
      .select()
      .from(quoteLines)
      .where(isNotNull(quoteLines.assemblySpecVersionId));
    const [version] = await handle.db
      .select()
      .from(assemblySpecVersions)
      .where(eq(assemblySpecVersions.id, line!.assemblySpecVersionId!));
    expect(version).toMatchObject({ frozenReason: "quote" });
    const lines = await handle.db
      .select()
      .from(bomLines)
      .where(eq(bomLines.bomVersionId, version!.bomVersionId!));
    expect(lines).toHaveLength(12);
    expect(lines.filter((l) => l.matchStatus === "matched")).toHaveLength(6);
    expect(lines.filter((l) => l.substitution !== null).map((l) => l.designators)).toEqual([["L1"]]);
    // Its pick-and-place data places every fitted part, so the board views can show them.
    const [placed] = await handle.db
      .select()
      .from(placementSets)
      .where(eq(placementSets.id, version!.placementSetId!));
    const designators = new Set((placed!.placements as { designator: string }[]).map((p) => p.designator));
    const fitted = lines.filter((l) => !l.dnp).flatMap((l) => l.designators);
    expect(fitted.filter((d) => !designators.has(d))).toEqual([]);
    // Our engineers asked about two of its parts: one waits for the answer, one was answered.
    const queries = await handle.db
      .select()
      .from(engineeringQueries)
      .where(eq(engineeringQueries.assemblySpecVersionId, version!.id))
      .orderBy(engineeringQueries.createdAt);
    expect(queries.map((q) => [q.status, q.location.designators])).toEqual([
      ["answered", ["U4"]],
      ["open", ["D1"]],
    ]);
    expect(queries.every((q) => /^EQ-\d{4}-\d{5}$/.test(q.number))).toBe(true);
    const inBom = new Set(lines.flatMap((l) => l.designators));
    expect(queries.every((q) => q.location.designators.every((d) => inBom.has(d)))).toBe(true);
    // Each also pins the BOM line of its part, which the BOM page marks.
    const lineOf = new Map(lines.map((l) => [l.id, l.designators]));
    expect(queries.map((q) => q.location.bom_line_ids.map((id) => lineOf.get(id)))).toEqual([
      [["U4"]],
      [["D1"]],
    ]);
  });
});

function rows0<T>(rows: T[]): T {
  if (!rows[0]) throw new Error("expected a row");
  return rows[0];
}
