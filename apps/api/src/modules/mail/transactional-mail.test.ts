import { afterEach, describe, expect, it, vi } from "vitest";
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { LightMyRequestResponse } from "fastify";
import { createCompany, createCompanyAddress, createSession, createUser } from "@ems/db/factories";
import { createParcelService, createQuote } from "@ems/db/quote-factories";
import {
  activityLog,
  contactMessages,
  contracts,
  mailOutbox,
  materialRequests,
  quoteLines,
  quotes,
  salesOrders,
} from "@ems/db/schema";
import { solvedCaptcha } from "../../test/captcha.ts";
import { useTestApp } from "../../test/test-app.ts";
import { TERMS_VERSION } from "../documents/document-texts.ts";
import type { MailRequest } from "./mail-service.ts";

/**
 * Issue 15 point 6: the operator's mail about a request is written in the request's transaction,
 * so the request and its mail exist both or neither. When writing the mail fails, the request
 * answers 500 and leaves nothing behind: no document, no activity entry, no other mail.
 */
const t = useTestApp({ RATE_LIMIT_MAX: "10000", PUBLIC_URL: "https://portal.example.test" });
const db = () => t().db.db;

afterEach(() => {
  vi.restoreAllMocks();
});

/** Makes writing mail of one template fail (whichever way the code writes it); others go through. */
function failMailOf(template: string) {
  const mailer = t().app.mailer;
  const failing = (request: MailRequest) => {
    if (request.template === template) throw new Error("the outbox is unavailable");
  };
  const write = mailer.write.bind(mailer);
  const send = mailer.send.bind(mailer);
  vi.spyOn(mailer, "write").mockImplementation(async (executor, request) => {
    failing(request);
    return write(executor, request);
  });
  vi.spyOn(mailer, "send").mockImplementation(async (request) => {
    failing(request);
    return send(request);
  });
}

async function signedIn(companyRole: "admin" | "buyer" = "admin") {
  const company = await createCompany(db(), { name: "Nordwind Sensorik GmbH", country: "DE" });
  const user = await createUser(db(), { companyId: company.id, companyRole, password: null });
  const { token } = await createSession(db(), { userId: user.id });
  const call = (method: "POST" | "PUT", url: string, payload?: unknown) =>
    t().app.inject({
      method,
      url,
      headers: { cookie: `session=${token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return { company, user, call };
}

const size = async (table: PgTable) => (await db().select({ n: count() }).from(table))[0]!.n;

const cases: {
  name: string;
  template: string;
  tables: PgTable[];
  /** Sets up what the request needs; answers the request, not yet made, and what it must leave alone. */
  prepare(): Promise<{ request: () => Promise<LightMyRequestResponse>; unchanged?: () => Promise<void> }>;
}[] = [
  {
    name: "POST /api/quotes",
    template: "staff_request",
    tables: [quotes, quoteLines],
    async prepare() {
      const { call } = await signedIn();
      return {
        request: () =>
          call("POST", "/api/quotes", {
            title: "Sensor node rev C",
            lines: [{ category: "assemblies", description: "Sensor node", quantities: [50, 250] }],
          }),
      };
    },
  },
  {
    name: "POST /api/quotes/:id/renew",
    template: "staff_request",
    tables: [quotes],
    async prepare() {
      const { company, call } = await signedIn();
      const { quote } = await createQuote(db(), { companyId: company.id, status: "Declined" });
      return {
        request: () => call("POST", `/api/quotes/${quote.id}/renew`),
        async unchanged() {
          const [row] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
          expect(row!.status).toBe("Declined");
        },
      };
    },
  },
  {
    name: "POST /api/material-requests",
    template: "staff_request",
    tables: [materialRequests],
    async prepare() {
      const { call } = await signedIn("buyer");
      return {
        request: () =>
          call("POST", "/api/material-requests", {
            expected_on: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
            lines: [{ mpn: "STM32F103C8T6", quantity: 250, packaging: "reel" }],
          }),
      };
    },
  },
  {
    name: "POST /api/contracts",
    template: "staff_request",
    tables: [contracts],
    async prepare() {
      const { call } = await signedIn("buyer");
      return {
        request: () =>
          call("POST", "/api/contracts", {
            kind: "framework",
            title: "Framework agreement 2027",
            starts_on: "2027-01-01",
            currency: "EUR",
            terms: "1. Prices are fixed for twelve months.",
          }),
      };
    },
  },
  {
    name: "POST /api/orders",
    template: "order_confirmed",
    tables: [salesOrders],
    async prepare() {
      const { company, call } = await signedIn();
      const address = await createCompanyAddress(db(), { companyId: company.id });
      const parcel = await createParcelService(db(), {});
      const { quote, lines } = await createQuote(db(), { companyId: company.id, status: "Open" });
      return {
        request: () =>
          call("POST", "/api/orders", {
            quote_id: quote.id,
            lines: [{ line_id: lines[0]!.id, quantity: 10 }],
            po_number: "PO-4711",
            billing_address_id: address.id,
            shipping_address_id: address.id,
            parcel_service_id: parcel.id,
            terms_version: TERMS_VERSION,
            accept_terms: true,
          }),
        async unchanged() {
          const [row] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
          expect(row!.status).toBe("Open");
        },
      };
    },
  },
  {
    name: "POST /api/contact",
    template: "contact_received",
    tables: [contactMessages],
    async prepare() {
      const captcha = await solvedCaptcha(t().app);
      return {
        request: () =>
          t().app.inject({
            method: "POST",
            url: "/api/contact",
            payload: {
              name: "Klara Huber",
              email: `klara.${Date.now()}@example.test`,
              message: "Could you assemble 200 boards of our sensor node by March?",
              language: "de",
              captcha,
            },
          }),
      };
    },
  },
];

describe("mail written in the request's transaction", () => {
  it.each(cases)("$name: a failing $template mail rolls the request back", async (route) => {
    const tables = [...route.tables, activityLog, mailOutbox];
    const { request, unchanged } = await route.prepare();
    const before = await Promise.all(tables.map(size));
    failMailOf(route.template);
    const res = await request();
    expect(res.statusCode, route.name).toBe(500);
    expect(await Promise.all(tables.map(size)), route.name).toEqual(before);
    await unchanged?.();
  });

  it("writes the request and its mail together when nothing fails", async () => {
    const { call } = await signedIn();
    const before = await size(mailOutbox);
    const res = await call("POST", "/api/quotes", {
      title: "Motor driver",
      lines: [{ category: "pcb", description: "Bare boards", quantities: [100] }],
    });
    expect(res.statusCode).toBe(201);
    const mails = await db().select().from(mailOutbox);
    expect(mails.length).toBe(before + 2);
    expect(mails.map((mail) => mail.template)).toEqual(
      expect.arrayContaining(["staff_request", "quote_requested"]),
    );
  });
});
