import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { LightMyRequestResponse } from "fastify";
import { createCompany, createSession, createUser, type CompanyRole } from "@ems/db/factories";
import type { TestApp } from "../../test/test-app.ts";

/** Shared set-up of the order, delivery, invoice and payment API tests (not a test file itself). */

type Method = "GET" | "POST" | "PUT" | "DELETE";
type User = Awaited<ReturnType<typeof createUser>>;

export interface Caller {
  user: User;
  /** The session cookie, for requests `call` cannot make (raw bodies). */
  cookie: string;
  call(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

export interface OutboxMail {
  to: string;
  template: string;
  subject: string;
  text: string;
  language: string;
}

export const MISSING_ID = "00000000-0000-4000-8000-000000000000";

export function fulfilmentKit(t: () => TestApp) {
  const db = () => t().db.db;

  async function callerFor(user: User): Promise<Caller> {
    const { token } = await createSession(db(), { userId: user.id });
    const cookie = `session=${token}`;
    return {
      user,
      cookie,
      call: (method, url, payload) =>
        t().app.inject({
          method,
          url,
          headers: { cookie },
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
    // Sessions are created directly, so no password (and no slow argon2 hash) is needed.
    return callerFor(await createUser(db(), { companyId, companyRole, password: null, ...extra }));
  }

  let operatorId: string | undefined;
  /** A signed-in member of the operator's staff. */
  async function staff(role: "staff" | "staff_admin" = "staff"): Promise<Caller> {
    operatorId ??= (await createCompany(db(), { name: "Operator", isOperator: true })).id;
    return callerFor(await createUser(db(), { companyId: operatorId, role, password: null }));
  }

  /** A customer company with its administrator. */
  async function customerCompany(name?: string) {
    const company = await createCompany(db(), name ? { name } : {});
    const admin = await customer(company.id, "admin");
    return { company, admin };
  }

  async function outbox(to: string): Promise<OutboxMail[]> {
    const res = await t().app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
    return res.json().data as OutboxMail[];
  }

  const rows = async (table: PgTable) => (await db().select({ n: count() }).from(table))[0]!.n;

  return { db, customer, staff, customerCompany, outbox, rows };
}
