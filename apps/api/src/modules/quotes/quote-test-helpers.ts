import { count } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  createCompany,
  createCompanyAddress,
  createSession,
  createUser,
  type CompanyRole,
} from "@ems/db/factories";
import { createParcelService, createQuote, type NewQuote } from "@ems/db/quote-factories";
import type { TestApp } from "../../test/test-app.ts";

/** Shared set-up of the quote, reference and ordering API tests (not a test file itself). */

type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface Caller {
  user: Awaited<ReturnType<typeof createUser>>;
  token: string;
  call(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export interface OutboxMail {
  to: string;
  template: string;
  subject: string;
  text: string;
  html: string;
  language: string;
}

export function quoteTestKit(t: () => TestApp) {
  const db = () => t().db.db;

  async function callerFor(user: Caller["user"]): Promise<Caller> {
    const { token } = await createSession(db(), { userId: user.id });
    return {
      user,
      token,
      call: (method, url, payload) =>
        t().app.inject({
          method,
          url,
          headers: { cookie: `session=${token}` },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        }),
    };
  }

  /** A signed-in member of a customer company with a role. */
  async function customer(
    companyId: string,
    companyRole: CompanyRole = "admin",
    extra: Parameters<typeof createUser>[1] = {},
  ): Promise<Caller> {
    return callerFor(await createUser(db(), { companyId, companyRole, ...extra }));
  }

  let operatorId: string | undefined;
  /** A signed-in member of the operator's staff. */
  async function staff(role: "staff" | "staff_admin" = "staff"): Promise<Caller> {
    operatorId ??= (await createCompany(db(), { name: "Operator", isOperator: true })).id;
    return callerFor(await createUser(db(), { companyId: operatorId, role }));
  }

  /** A customer company with a billing and shipping address, and its administrator. */
  async function customerCompany(name?: string) {
    const company = await createCompany(db(), name ? { name } : {});
    const admin = await customer(company.id, "admin");
    const address = await createCompanyAddress(db(), { companyId: company.id });
    return { company, admin, address };
  }

  async function openQuote(overrides: NewQuote) {
    return createQuote(db(), { status: "Open", ...overrides });
  }

  async function parcelService(overrides: Parameters<typeof createParcelService>[1] = {}) {
    return createParcelService(db(), overrides);
  }

  async function rows(table: PgTable): Promise<number> {
    const [row] = await db().select({ n: count() }).from(table);
    return row?.n ?? 0;
  }

  async function outbox(to: string): Promise<OutboxMail[]> {
    const res = await t().app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
    return (res.json().data as Omit<OutboxMail, "to">[]).map((mail) => ({ ...mail, to }));
  }

  return { db, customer, staff, customerCompany, openQuote, parcelService, rows, outbox };
}
