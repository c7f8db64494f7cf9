import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { verify } from "@node-rs/argon2";
import { queryRows, type DbHandle } from "./client.ts";
import { createCompany, createUser } from "./factories.ts";
import { companies, users } from "./schema.ts";
import { DEMO_USER, seedDemoData } from "./seed.ts";
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
    expect(await verify(user.passwordHash, "a long passphrase")).toBe(true);
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
    expect(await verify(rows[0]!.passwordHash, DEMO_USER.password)).toBe(true);
  });
});
