import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { ERROR_DEFAULTS } from "@ems/contracts/errors";
import { createCompany, createSession, createUser } from "@ems/db/factories";
import { createTestApp, type TestApp } from "../test/test-app.ts";
import { DATABASE_ERROR_MESSAGE, serializeError } from "./errors.ts";

/**
 * Issue 15 point 5: a failed query is logged with its SQLSTATE and where it failed, never with the
 * values it was sent. drizzle's error message is "Failed query: <sql>\nparams: <values>", the driver's
 * error carries `detail` ("Failing row contains (…)") and PGlite's also `params`.
 */

const MARKER = "zz-marker-7f3a9c";
const lines: string[] = [];
let current: TestApp;

beforeAll(async () => {
  current = await createTestApp(
    {},
    { logger: { level: "info", stream: { write: (line: string) => void lines.push(line) } } },
  );
});
afterAll(async () => {
  await current.close();
});

const db = () => current.db.db;

/** The error a query raises, as the repositories would see it. */
async function failedQuery(query: ReturnType<typeof sql>): Promise<Error> {
  try {
    await db().execute(query);
  } catch (error) {
    return error as Error;
  }
  throw new Error("the query did not fail");
}

describe("logging a failed query", () => {
  it("logs a 500 with the SQLSTATE and constraint but without the request's values, and answers the generic envelope", async () => {
    const company = await createCompany(db(), { name: "Alpha Sensors GmbH" });
    const user = await createUser(db(), { companyId: company.id, companyRole: "admin" });
    const { token } = await createSession(db(), { userId: user.id });
    // A constraint the application does not know about makes an ordinary insert fail in PostgreSQL.
    await db().execute(
      sql.raw(`alter table company_contacts add constraint marker_refused check (position <> '${MARKER}')`),
    );
    lines.length = 0;

    const res = await current.app.inject({
      method: "POST",
      url: "/api/company/contacts",
      headers: { cookie: `session=${token}` },
      payload: { first_name: "Jonas", last_name: "Weber", email: "jonas@alpha.example", position: MARKER },
    });

    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      data: null,
      status: 500,
      message: ERROR_DEFAULTS.message,
      error: ERROR_DEFAULTS.code,
      field: null,
      otherData: null,
    });
    expect(lines.join("")).not.toContain(MARKER);
    expect(lines.join("")).not.toContain("jonas@alpha.example");
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const logged = entries.find((entry) => entry.err !== undefined);
    expect(logged, lines.join("")).toBeDefined();
    expect(logged!.err).toMatchObject({
      message: DATABASE_ERROR_MESSAGE,
      database: { code: "23514", constraint: "marker_refused", table: "company_contacts" },
    });
    expect((logged!.err as { database: { query: string } }).database.query).toMatch(
      /insert into "company_contacts".*\$1/,
    );
  });

  it("keeps values out of every kind of database error, however deeply it is wrapped", async () => {
    const cases = [
      { query: sql`select ${MARKER}::uuid`, code: "22P02" }, // the driver's message repeats the value
      { query: sql`select ${`a\u0000${MARKER}`}::text`, code: "22021" }, // a NUL
    ];
    for (const { query, code } of cases) {
      const error = await failedQuery(query);
      for (const logged of [error, new Error("could not store the quote", { cause: error })]) {
        const serialized = serializeError(logged) as { message: string; stack: string; database: object };
        const text = JSON.stringify(serialized);
        expect(serialized.database, code).toMatchObject({ code });
        expect(serialized.stack, code).toMatch(/\n\s+at /);
        if (logged !== error) expect(serialized.message).toBe("could not store the quote");
        expect(text, code).not.toContain(MARKER);
      }
    }
  });

  it("logs every other error as pino does", () => {
    const serialized = serializeError(new TypeError(`bad ${MARKER}`)) as Record<string, unknown>;
    expect(serialized).toMatchObject({ type: "TypeError", message: `bad ${MARKER}` });
    expect(serialized.stack).toContain("TypeError");
  });
});
