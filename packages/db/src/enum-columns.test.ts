import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import type { DbHandle } from "./client.ts";
import { createCompany, createUser } from "./factories.ts";
import { createSalesOrder } from "./order-factories.ts";
import { createQuote } from "./quote-factories.ts";
import { createTestDb } from "./testing.ts";

/**
 * The enum columns are typed in TypeScript and checked by the database (schema.ts `oneOf`): a value
 * outside the list is refused even when it comes from raw SQL, a script or a future bug. Each case
 * writes the same statement once with an allowed value (it must pass, so the refusal below is the
 * CHECK and nothing else) and once with a value outside the list.
 */

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle.close();
});

/** The CHECK constraint a refused write violated (SQLSTATE 23514), or what else went wrong. */
async function violatedCheck(statement: SQL): Promise<string> {
  try {
    await handle.db.execute(statement);
  } catch (error) {
    for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
      const { code, constraint } = cause as Error & { code?: unknown; constraint?: unknown };
      if (code === "23514") return String(constraint);
    }
    throw error;
  }
  return "(accepted)";
}

describe("enum columns", () => {
  let n = 0;
  const cases: [string, (value: string) => Promise<SQL>, string, string][] = [
    [
      "users_language_check",
      async (language) => {
        const company = await createCompany(handle.db);
        return sql`insert into users (company_id, email, first_name, last_name, language)
          values (${company.id}, ${`enum${++n}@example.test`}, 'A', 'B', ${language})`;
      },
      "ro",
      "xx",
    ],
    [
      "users_role_check",
      async (role) => {
        const user = await createUser(handle.db);
        return sql`update users set role = ${role} where id = ${user.id}`;
      },
      "staff_admin",
      "customer_admin",
    ],
    [
      "company_members_role_check",
      async (role) => {
        const company = await createCompany(handle.db);
        const user = await createUser(handle.db, { companyId: company.id, membershipStatus: null });
        return sql`insert into company_members (company_id, user_id, role)
          values (${company.id}, ${user.id}, ${role})`;
      },
      "buyer",
      "owner",
    ],
    [
      "quotes_status_check",
      async (status) => {
        const { quote } = await createQuote(handle.db, { companyId: (await createCompany(handle.db)).id });
        return sql`update quotes set status = ${status} where id = ${quote.id}`;
      },
      "Lost",
      "bogus",
    ],
    [
      "sales_order_lines_category_check",
      async (category) => {
        const { lines } = await createSalesOrder(handle.db, {
          companyId: (await createCompany(handle.db)).id,
        });
        return sql`update sales_order_lines set category = ${category} where id = ${lines[0]!.id}`;
      },
      "pcb",
      "cable",
    ],
    [
      "mail_outbox_language_check",
      async (language) =>
        sql`insert into mail_outbox (to_address, language, template, subject, text_body, html_body)
          values ('a@example.test', ${language}, 'login_code', 'S', 'T', 'H')`,
      "fi",
      "en-US",
    ],
    [
      "contact_messages_language_check",
      async (language) => sql`insert into contact_messages (reference, name, email, message, language)
        values (${`ENQ-TEST-${++n}`}, 'A', 'a@example.test', 'Hello', ${language})`,
      "de",
      "pl",
    ],
    [
      "login_challenges_method_check",
      async (method) => sql`insert into login_challenges (method, expires_at) values (${method}, now())`,
      "totp",
      "sms",
    ],
  ];

  it.each(cases)("%s accepts a listed value and refuses another", async (constraint, write, good, bad) => {
    expect(await violatedCheck(await write(good))).toBe("(accepted)");
    expect(await violatedCheck(await write(bad))).toBe(constraint);
  });
});
