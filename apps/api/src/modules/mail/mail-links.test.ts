import { describe, expect, it } from "vitest";

import type { LightMyRequestResponse } from "fastify";
import {
  createCompany,
  createCompanyAddress,
  createSession,
  createUser,
  type CompanyRole,
} from "@ems/db/factories";
import { createContract } from "@ems/db/material-factories";
import { createDeliveryNote, createInvoice, createSalesOrder } from "@ems/db/order-factories";
import { createParcelService, createQuote } from "@ems/db/quote-factories";
import { mailOutbox } from "@ems/db/schema";
import { solvedCaptcha } from "../../test/captcha.ts";
import { useTestApp, type TestApp } from "../../test/test-app.ts";
import { TERMS_VERSION } from "../documents/document-texts.ts";

/**
 * Issue 15 point 1: links in mail come from PUBLIC_URL only. Every route that mails a link is called
 * with a hostile Host, and behind a trusted proxy with a hostile X-Forwarded-Host and -Proto; every
 * link of every mail it writes must start with PUBLIC_URL, and no mail may name the attacker's host.
 */
const PUBLIC_URL = "https://portal.example.test";
const EVIL = "evil.example";

const variants = [
  {
    name: "Host: evil.example and PUBLIC_URL unset (its default, http://localhost:$PORT)",
    env: { PORT: "4321" },
    headers: { host: EVIL },
    origin: "http://localhost:4321",
  },
  {
    name: "X-Forwarded-Host: evil.example behind a trusted proxy and PUBLIC_URL unset",
    env: { PORT: "4321", TRUST_PROXY: "true" },
    headers: { host: "portal.internal:4321", "x-forwarded-host": EVIL, "x-forwarded-proto": "https" },
    origin: "http://localhost:4321",
  },
  {
    name: "both hostile headers and PUBLIC_URL set",
    env: { PUBLIC_URL, TRUST_PROXY: "true" },
    headers: { host: EVIL, "x-forwarded-host": EVIL, "x-forwarded-proto": "http" },
    origin: PUBLIC_URL,
  },
] as const;

type Method = "GET" | "POST" | "PUT";
type Call = (method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
interface Caller {
  user: Awaited<ReturnType<typeof createUser>>;
  call: Call;
}

/** Everything a case needs: callers whose every request carries the hostile headers. */
function linkKit(t: () => TestApp, hostile: Record<string, string>) {
  const db = () => t().db.db;
  const inject: (token: string | null) => Call = (token) => (method, url, payload) =>
    t().app.inject({
      method,
      url,
      headers: { ...hostile, ...(token ? { cookie: `session=${token}` } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  async function callerFor(user: Caller["user"]): Promise<Caller> {
    const { token } = await createSession(db(), { userId: user.id });
    return { user, call: inject(token) };
  }
  const member = async (companyId: string, companyRole: CompanyRole, extra = {}) =>
    callerFor(await createUser(db(), { companyId, companyRole, password: null, ...extra }));
  let operatorId: string | undefined;
  const staff = async (role: "staff" | "staff_admin" = "staff_admin") => {
    operatorId ??= (await createCompany(db(), { name: "Operator", isOperator: true })).id;
    return callerFor(await createUser(db(), { companyId: operatorId, role, password: null }));
  };
  const company = async () => {
    const created = await createCompany(db(), { name: "Nordwind Sensorik GmbH", country: "DE" });
    const address = await createCompanyAddress(db(), { companyId: created.id });
    return { company: created, address, admin: await member(created.id, "admin") };
  };
  return { db, visitor: inject(null), member, staff, company };
}

type Kit = ReturnType<typeof linkKit>;
let n = 0;
const unique = () => `${++n}.${Date.now()}`;

/** Each route that mails a link: it runs the call and names the templates that must be written. */
const cases: { name: string; templates: string[]; run(kit: Kit, t: () => TestApp): Promise<number> }[] = [
  {
    name: "POST /api/auth/reset-password",
    templates: ["password_reset"],
    async run(kit, t) {
      const user = await createUser(kit.db(), { password: null, email: `reset.${unique()}@example.test` });
      const res = await kit.visitor("POST", "/api/auth/reset-password", { email: user.email });
      await t().app.pendingWork.settled();
      return res.statusCode;
    },
  },
  {
    name: "POST /api/register (a new address)",
    templates: ["verify_email"],
    async run(kit, t) {
      const res = await kit.visitor("POST", "/api/register", {
        company: { name: `Linkverk ${unique()} AB`, country: "SE" },
        contact: { first_name: "Nils", last_name: "Berg", email: `new.${unique()}@example.test` },
        password: "northern lights over kiruna",
        language: "sv",
        captcha: await solvedCaptcha(t().app),
        accept_terms: true,
      });
      return res.statusCode;
    },
  },
  {
    name: "POST /api/register (an address with an account)",
    templates: ["account_exists"],
    async run(kit, t) {
      const known = await createUser(kit.db(), { password: null, email: `known.${unique()}@example.test` });
      const res = await kit.visitor("POST", "/api/register", {
        company: { name: `Known ${unique()} GmbH`, country: "DE" },
        contact: { first_name: "Eva", last_name: "Roth", email: known.email },
        password: "a long and unusual passphrase 42",
        language: "de",
        captcha: await solvedCaptcha(t().app),
        accept_terms: true,
      });
      return res.statusCode;
    },
  },
  {
    name: "POST /api/register/resend",
    templates: ["verify_email"],
    async run(kit, t) {
      const first = await kit.visitor("POST", "/api/register", {
        company: { name: `Resend ${unique()} Oy`, country: "FI" },
        contact: { first_name: "Aino", last_name: "Virtanen", email: `resend.${unique()}@example.test` },
        password: "midnight sun over lapland",
        language: "fi",
        captcha: await solvedCaptcha(t().app),
        accept_terms: true,
      });
      const res = await kit.visitor("POST", "/api/register/resend", {
        pending_id: first.json().data.pending_id,
      });
      return res.statusCode;
    },
  },
  {
    name: "POST /api/profile/verify-account",
    templates: ["verify_email"],
    async run(kit) {
      const { company } = await kit.company();
      const user = await kit.member(company.id, "engineer", { emailVerifiedAt: null });
      return (await user.call("POST", "/api/profile/verify-account", {})).statusCode;
    },
  },
  {
    name: "POST /api/company/users (invitation) and its resend",
    templates: ["invitation"],
    async run(kit) {
      const { admin } = await kit.company();
      const invited = await admin.call("POST", "/api/company/users", {
        email: `invited.${unique()}@example.test`,
        first_name: "Elif",
        last_name: "Demir",
        role: "engineer",
        language: "de",
      });
      expect(invited.statusCode).toBe(201);
      const res = await admin.call("POST", `/api/company/users/${invited.json().data.id}/resend-invitation`);
      return res.statusCode;
    },
  },
  {
    name: "POST /api/quotes (request: requester and operator)",
    templates: ["quote_requested", "staff_request"],
    async run(kit) {
      const { admin } = await kit.company();
      return (
        await admin.call("POST", "/api/quotes", {
          title: "Sensor node rev C",
          lines: [{ category: "assemblies", description: "Sensor node", quantities: [50] }],
        })
      ).statusCode;
    },
  },
  {
    name: "POST /api/quotes/:id/renew",
    templates: ["staff_request"],
    async run(kit) {
      const { company, admin } = await kit.company();
      const { quote } = await createQuote(kit.db(), { companyId: company.id, status: "Declined" });
      return (await admin.call("POST", `/api/quotes/${quote.id}/renew`)).statusCode;
    },
  },
  {
    name: "POST /api/staff/quotes/:id/send",
    templates: ["quote_sent"],
    async run(kit) {
      const { company, admin } = await kit.company();
      const staff = await kit.staff();
      const { quote } = await createQuote(kit.db(), {
        companyId: company.id,
        status: "In Progress",
        requestedByUserId: admin.user.id,
        preparedByUserId: staff.user.id,
      });
      const validUntil = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
      return (await staff.call("POST", `/api/staff/quotes/${quote.id}/send`, { valid_until: validUntil }))
        .statusCode;
    },
  },
  {
    name: "PUT /api/staff/quotes/:id/tax",
    templates: ["quote_tax_changed"],
    async run(kit) {
      const { company } = await kit.company();
      const staff = await kit.staff();
      const { quote } = await createQuote(kit.db(), { companyId: company.id, status: "Open" });
      const body = { tax_treatment: "export", reason: "Shipped to the customer's plant in Basel" };
      return (await staff.call("PUT", `/api/staff/quotes/${quote.id}/tax`, body)).statusCode;
    },
  },
  {
    name: "PUT /api/staff/orders/:id/tax",
    templates: ["order_tax_changed"],
    async run(kit) {
      const { company, admin } = await kit.company();
      const staff = await kit.staff();
      const { order } = await createSalesOrder(kit.db(), {
        companyId: company.id,
        placedByUserId: admin.user.id,
      });
      const body = { tax_treatment: "export", reason: "Shipped to the customer's plant in Basel" };
      return (await staff.call("PUT", `/api/staff/orders/${order.id}/tax`, body)).statusCode;
    },
  },
  {
    name: "POST /api/orders (placing an order)",
    templates: ["order_confirmed"],
    async run(kit) {
      const { company, admin, address } = await kit.company();
      const parcel = await createParcelService(kit.db(), {});
      const { quote, lines } = await createQuote(kit.db(), { companyId: company.id, status: "Open" });
      return (
        await admin.call("POST", "/api/orders", {
          quote_id: quote.id,
          lines: [{ line_id: lines[0]!.id, quantity: 10 }],
          po_number: "PO-4711",
          billing_address_id: address.id,
          shipping_address_id: address.id,
          parcel_service_id: parcel.id,
          terms_version: TERMS_VERSION,
          accept_terms: true,
        })
      ).statusCode;
    },
  },
  {
    name: "PUT /api/staff/orders/:id/progress (production starts, then is put on hold)",
    templates: ["production_started", "production_on_hold"],
    async run(kit) {
      const { company, admin } = await kit.company();
      const { order, lines } = await createSalesOrder(kit.db(), {
        companyId: company.id,
        placedByUserId: admin.user.id,
      });
      const staff = await kit.staff();
      return (
        await staff.call("PUT", `/api/staff/orders/${order.id}/progress`, {
          base_version: 0,
          lines: [{ line_id: lines[0]!.id, stages: [{ stage: "smt", percent: 40, planned_date: null }] }],
          hold: { reason: "Waiting for your answer about the BOM" },
        })
      ).statusCode;
    },
  },
  {
    name: "POST /api/staff/deliveries (part of the order)",
    templates: ["delivery_partly_shipped"],
    async run(kit) {
      const { company, admin } = await kit.company();
      const { order, lines } = await createSalesOrder(kit.db(), {
        companyId: company.id,
        placedByUserId: admin.user.id,
      });
      const staff = await kit.staff();
      return (
        await staff.call("POST", "/api/staff/deliveries", {
          order_id: order.id,
          carrier: "DHL Express",
          lines: [{ order_line_id: lines[0]!.id, quantity: 1 }],
        })
      ).statusCode;
    },
  },
  {
    name: "POST /api/staff/invoices",
    templates: ["invoice_issued"],
    async run(kit) {
      const { company, admin } = await kit.company();
      const { order } = await createSalesOrder(kit.db(), {
        companyId: company.id,
        placedByUserId: admin.user.id,
      });
      await createDeliveryNote(kit.db(), { orderId: order.id });
      const staff = await kit.staff();
      return (await staff.call("POST", "/api/staff/invoices", { order_id: order.id })).statusCode;
    },
  },
  {
    name: "POST /api/payments/charge (bank transfer)",
    templates: ["bank_transfer"],
    async run(kit) {
      const { company } = await kit.company();
      const finance = await kit.member(company.id, "finance");
      const { order } = await createSalesOrder(kit.db(), { companyId: company.id });
      const invoice = await createInvoice(kit.db(), { orderId: order.id });
      return (
        await finance.call("POST", "/api/payments/charge", {
          invoice_id: invoice.id,
          method: "bank_transfer",
        })
      ).statusCode;
    },
  },
  {
    name: "POST /api/staff/invoices/:id/payments",
    templates: ["payment_received"],
    async run(kit) {
      const { company } = await kit.company();
      await kit.member(company.id, "finance");
      const { order } = await createSalesOrder(kit.db(), { companyId: company.id });
      const invoice = await createInvoice(kit.db(), { orderId: order.id });
      const staff = await kit.staff();
      return (
        await staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, {
          amount_minor: invoice.totalMinor,
          currency: invoice.currency,
          paid_on: new Date().toISOString().slice(0, 10),
          method: "bank_transfer",
        })
      ).statusCode;
    },
  },
  {
    name: "POST /api/material-requests",
    templates: ["staff_request"],
    async run(kit) {
      const { admin } = await kit.company();
      return (
        await admin.call("POST", "/api/material-requests", {
          expected_on: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
          lines: [{ mpn: "STM32F103C8T6", quantity: 250, packaging: "reel" }],
        })
      ).statusCode;
    },
  },
  {
    name: "POST /api/contracts",
    templates: ["staff_request"],
    async run(kit) {
      const { admin } = await kit.company();
      return (
        await admin.call("POST", "/api/contracts", {
          kind: "framework",
          title: "Framework agreement 2027",
          starts_on: "2027-01-01",
          currency: "EUR",
          terms: "1. Prices are fixed for twelve months.",
        })
      ).statusCode;
    },
  },
  {
    name: "PUT /api/staff/contracts/:id/status",
    templates: ["contract_status"],
    async run(kit) {
      const { company, admin } = await kit.company();
      const contract = await createContract(kit.db(), {
        companyId: company.id,
        createdByUserId: admin.user.id,
      } as Parameters<typeof createContract>[1]);
      const staff = await kit.staff();
      return (await staff.call("PUT", `/api/staff/contracts/${contract.id}/status`, { status: "active" }))
        .statusCode;
    },
  },
];

/** Every absolute address in a mail: in the text, and in the HTML's href attributes. */
function linksIn(mail: { textBody: string; htmlBody: string }): string[] {
  const text = [...mail.textBody.matchAll(/\bhttps?:\/\/[^\s"<>]+/gi)].map((m) => m[0]);
  const hrefs = [...mail.htmlBody.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
  return [...text, ...hrefs];
}

describe.each(variants)("mailed links with $name", (variant) => {
  const t = useTestApp({ RATE_LIMIT_MAX: "10000", ...variant.env });
  const kit = linkKit(t, variant.headers);

  it.each(cases)("$name links only to the configured address", async (route) => {
    const before = new Set((await kit.db().select({ id: mailOutbox.id }).from(mailOutbox)).map((m) => m.id));
    const status = await route.run(kit, t);
    expect(status, route.name).toBeLessThan(300);

    const mails = (await kit.db().select().from(mailOutbox)).filter((mail) => !before.has(mail.id));
    const templates = new Set(mails.map((mail) => mail.template));
    for (const template of route.templates) expect(templates, route.name).toContain(template);
    for (const mail of mails) {
      const where = `${route.name}: ${mail.template}`;
      for (const body of [mail.subject, mail.textBody, mail.htmlBody])
        expect(body, where).not.toContain(EVIL);
      if (!route.templates.includes(mail.template)) continue;
      const links = linksIn(mail);
      expect(links.length, where).toBeGreaterThan(0);
      for (const link of links.filter((l) => !l.startsWith("mailto:")))
        expect(link.startsWith(`${variant.origin}/`), `${where}: ${link}`).toBe(true);
    }
  });
});
