import { formatDate, formatMoney } from "@ems/i18n/format";
import { pdfText } from "@ems/testing/pdf-text";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { siteConfig } from "@ems/config/site";
import { taxOf } from "@ems/contracts/money";
import { todayIso } from "@ems/contracts/reference";
import { COMPANY_ROLES } from "@ems/contracts/roles";
import { createCreditNote, createInvoice, createPayment, createSalesOrder } from "@ems/db/order-factories";
import { activityLog, creditNotes, documentSequences, invoices, payments } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { MISSING_ID, fulfilmentKit } from "../orders/fulfilment-test-kit.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "10000", PUBLIC_URL: "https://portal.example.test" });
const kit = fulfilmentKit(t);
const db = () => kit.db();
const flat = (text: string) => text.replace(/[\u00a0\u202f\s]+/g, " ");

/** An invoice of two lines (the first with one-off costs) and the shipping, at 19 % VAT. */
async function invoiced(overrides: Partial<Parameters<typeof createInvoice>[1]> = {}, companyName?: string) {
  const { company, admin } = await kit.customerCompany(companyName);
  const { order } = await createSalesOrder(db(), {
    companyId: company.id,
    status: "shipped",
    shippingMinor: 3900,
    taxRateBp: 1900,
    lines: [
      { description: "Motor driver", quantity: 100, unitPriceMinor: 1250, engineeringCostMinor: 15_000 },
      { description: "Sensor board", quantity: 40, unitPriceMinor: 880, engineeringCostMinor: 0 },
    ],
  });
  const invoice = await createInvoice(db(), { orderId: order.id, ...overrides });
  return { company, admin, order, invoice };
}

const creditUrl = (invoiceId: string) => `/api/staff/invoices/${invoiceId}/credit-notes`;

async function invoiceRow(id: string) {
  const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

describe("POST /api/staff/invoices/:id/credit-notes", () => {
  it("credits everything of an unpaid invoice, settles it, logs it and mails the payers the PDF", async () => {
    const staff = await kit.staff();
    const { company, admin, invoice } = await invoiced();
    const finance = await kit.customer(company.id, "finance", { language: "de" });
    const buyer = await kit.customer(company.id, "buyer");
    const announced = await createPayment(db(), { invoiceId: invoice.id, amountMinor: 10_000 });

    const res = await staff.call("POST", creditUrl(invoice.id), { reason: "  Order cancelled  " });
    expect(res.statusCode).toBe(201);
    const note = res.json().data;
    const year = new Date().getUTCFullYear();
    expect(note).toMatchObject({
      number: expect.stringMatching(new RegExp(`^CN-${year}-\\d{5}$`)),
      invoice_id: invoice.id,
      invoice_number: invoice.number,
      invoice_issued_on: invoice.issuedOn,
      company_id: company.id,
      reason: "Order cancelled",
      currency: "EUR",
      tax_rate_bp: 1900,
      tax_treatment: "domestic",
      subtotal_minor: invoice.subtotalMinor,
      tax_minor: invoice.taxMinor,
      total_minor: invoice.totalMinor,
      issued_on: todayIso(),
    });
    expect(note.lines.map((l: { position: number }) => l.position)).toEqual([0, 1, 2]);
    expect(note.lines[1]).toMatchObject({ quantity: 100, unit_price_minor: 1250, amount_minor: 140_000 });

    // Fully credited: nothing is open and the invoice counts as paid; the waiting transfer is closed.
    const stored = await invoiceRow(invoice.id);
    expect(stored.status).toBe("paid");
    expect(stored.paidAt).not.toBeNull();
    const detail = (await admin.call("GET", `/api/invoices/${invoice.id}`)).json().data;
    expect(detail).toMatchObject({
      status: "paid",
      paid_minor: 0,
      credited_minor: invoice.totalMinor,
      open_minor: 0,
      transfer_announced: null,
      credit_notes: [
        {
          id: note.id,
          number: note.number,
          issued_on: todayIso(),
          total_minor: invoice.totalMinor,
          reason: "Order cancelled",
        },
      ],
    });
    const [closed] = await db().select().from(payments).where(eq(payments.id, announced.id));
    expect(closed).toMatchObject({ status: "failed", failureReason: "superseded" });

    const log = await db().select().from(activityLog).where(eq(activityLog.companyId, company.id));
    expect(log.find((e) => e.action === "credit_note.created")).toMatchObject({
      actorUserId: staff.user.id,
      subjectType: "credit_note",
      subjectId: note.id,
    });

    const german = (await kit.outbox(finance.user.email)).find((m) => m.template === "credit_note_issued");
    expect(german?.language).toBe("de");
    expect(german!.subject).toBe(`Rechnungskorrektur ${note.number} zur Rechnung ${invoice.number}`);
    expect(flat(german!.text)).toContain(flat(formatMoney(invoice.totalMinor, "EUR", "de")));
    expect(german!.text).toContain("Grund: Order cancelled");
    expect(german!.text).toContain("als PDF im Anhang");
    const mail = german as unknown as { id: string; attachments: { id: string; filename: string }[] };
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `${note.number}.pdf` })]);
    const file = await t().app.inject({
      method: "GET",
      url: `/api/dev/outbox/${mail.id}/attachments/${mail.attachments[0]!.id}`,
    });
    expect(flat(await pdfText(file.rawPayload))).toContain("Rechnungskorrektur");
    expect((await kit.outbox(admin.user.email)).some((m) => m.template === "credit_note_issued")).toBe(true);
    expect((await kit.outbox(buyer.user.email)).some((m) => m.template === "credit_note_issued")).toBe(false);
  });

  it("credits chosen quantities at the invoice's prices, then the rest with the one-off costs", async () => {
    const staff = await kit.staff();
    const { admin, invoice } = await invoiced();

    const part = await staff.call("POST", creditUrl(invoice.id), {
      reason: "30 boards returned",
      lines: [{ position: 1, quantity: 30 }],
    });
    expect(part.statusCode).toBe(201);
    const first = part.json().data;
    expect(first.lines).toEqual([
      {
        position: 1,
        description: "Motor driver",
        quantity: 30,
        unit_price_minor: 1250,
        amount_minor: 37_500,
      },
    ]);
    expect(first).toMatchObject({
      subtotal_minor: 37_500,
      tax_minor: taxOf(37_500, 1900),
      total_minor: 37_500 + taxOf(37_500, 1900),
    });
    let detail = (await admin.call("GET", `/api/invoices/${invoice.id}`)).json().data;
    expect(detail).toMatchObject({
      status: "unpaid",
      credited_minor: first.total_minor,
      open_minor: invoice.totalMinor - first.total_minor,
      credited_lines: [{ position: 1, quantity: 30 }],
    });
    const listed = (await staff.call("GET", `/api/staff/invoices?q=${invoice.number}`)).json().data.items[0];
    expect(listed).toMatchObject({
      credited_minor: first.total_minor,
      credited_lines: [{ position: 1, quantity: 30 }],
    });

    const rest = await staff.call("POST", creditUrl(invoice.id), {
      reason: "The rest of the motor drivers",
      lines: [{ position: 1, quantity: 70 }],
    });
    expect(rest.statusCode).toBe(201);
    // The last units of a line bring back what is left of it: 140 000 − 37 500, one-off costs included.
    expect(rest.json().data.lines[0]).toMatchObject({ quantity: 70, amount_minor: 102_500 });

    // Without lines: what is still not credited (the sensor boards and the shipping), and the tax
    // that is left, so the three notes add up to the invoice exactly.
    const last = await staff.call("POST", creditUrl(invoice.id), { reason: "Everything else" });
    expect(last.statusCode).toBe(201);
    expect(last.json().data.lines.map((l: { position: number }) => l.position)).toEqual([0, 2]);
    detail = (await admin.call("GET", `/api/invoices/${invoice.id}`)).json().data;
    expect(detail.credited_minor).toBe(invoice.totalMinor);
    expect(detail.open_minor).toBe(0);
    expect(detail.status).toBe("paid");
    expect(detail.credit_notes.map((c: { number: string }) => c.number)).toEqual([
      first.number,
      rest.json().data.number,
      last.json().data.number,
    ]);
    // One series: each note the next number.
    const serials = detail.credit_notes.map((c: { number: string }) => Number(c.number.slice(-5)));
    expect(serials).toEqual([serials[0], serials[0] + 1, serials[0] + 2]);
  });

  it("refuses more than is left to credit with 409 and writes nothing", async () => {
    const staff = await kit.staff();
    const { invoice } = await invoiced();
    await createCreditNote(db(), {
      invoiceId: invoice.id,
      lines: [
        {
          position: 2,
          description: "Sensor board",
          quantity: 40,
          unit_price_minor: 880,
          amount_minor: 35_200,
        },
      ],
      subtotalMinor: 35_200,
      taxMinor: taxOf(35_200, 1900),
      totalMinor: 35_200 + taxOf(35_200, 1900),
    });
    const before = {
      notes: await kit.rows(creditNotes),
      activity: await kit.rows(activityLog),
      sequences: await db().select().from(documentSequences),
    };
    for (const [lines, message] of [
      [[{ position: 1, quantity: 101 }], "Line 1: at most 100 of 100 can still be credited"],
      [[{ position: 2, quantity: 1 }], "Line 2 is credited in full already"],
      [[{ position: 0, quantity: 2 }], "Line 0: at most 1 of 1 can still be credited"],
      [
        [
          { position: 1, quantity: 10 },
          { position: 2, quantity: 1 },
        ],
        "Line 2 is credited in full already",
      ],
    ] as const) {
      const res = await staff.call("POST", creditUrl(invoice.id), { reason: "Too much", lines });
      expect(res.statusCode, message).toBe(409);
      expect(res.json()).toMatchObject({ error: "CONFLICT", message });
    }
    const missingLine = await staff.call("POST", creditUrl(invoice.id), {
      reason: "No such line",
      lines: [{ position: 7, quantity: 1 }],
    });
    expect(missingLine.statusCode).toBe(404);
    expect(await kit.rows(creditNotes)).toBe(before.notes);
    expect(await kit.rows(activityLog)).toBe(before.activity);
    // The refused notes gave their numbers back: the series has no gap.
    expect(await db().select().from(documentSequences)).toEqual(before.sequences);

    await staff.call("POST", creditUrl(invoice.id), { reason: "All the rest" });
    const nothing = await staff.call("POST", creditUrl(invoice.id), { reason: "Once more" });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe("Everything of this invoice is credited already");
  });

  it("lets exactly one of 20 concurrent full credit notes through", async () => {
    const staff = await kit.staff();
    const { invoice } = await invoiced();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        staff.call("POST", creditUrl(invoice.id), { reason: `Attempt ${i}` }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const notes = await db().select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.totalMinor).toBe(invoice.totalMinor);
  }, 60_000);

  it("keeps concurrent part credit notes within what was invoiced", async () => {
    const staff = await kit.staff();
    const { invoice } = await invoiced();
    // 12 × 10 of 100 motor drivers: ten fit, two do not.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        staff.call("POST", creditUrl(invoice.id), {
          reason: "Returned",
          lines: [{ position: 1, quantity: 10 }],
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    const notes = await db().select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id));
    expect(notes.reduce((sum, n) => sum + n.subtotalMinor, 0)).toBe(140_000);
  }, 60_000);

  it("turns what a paid invoice got beyond the rest into the customer's credit; payments stay refused", async () => {
    const staff = await kit.staff();
    const { admin, invoice } = await invoiced({ status: "paid", paidAt: new Date() });
    await createPayment(db(), { invoiceId: invoice.id, status: "succeeded" });
    const res = await staff.call("POST", creditUrl(invoice.id), {
      reason: "Ten faulty boards",
      lines: [{ position: 2, quantity: 10 }],
    });
    expect(res.statusCode).toBe(201);
    const detail = (await admin.call("GET", `/api/invoices/${invoice.id}`)).json().data;
    expect(detail).toMatchObject({
      status: "paid",
      paid_minor: invoice.totalMinor,
      credited_minor: res.json().data.total_minor,
      open_minor: -res.json().data.total_minor,
    });
    const payment = await staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, {
      amount_minor: 100,
      currency: "EUR",
      paid_on: todayIso(),
      method: "manual",
    });
    expect(payment.statusCode).toBe(409);
  });

  it("deducts credit notes from what the desk and a transfer announcement count as open", async () => {
    const staff = await kit.staff();
    const { admin, invoice } = await invoiced();
    const credit = await staff.call("POST", creditUrl(invoice.id), {
      reason: "Sensor boards not needed",
      lines: [{ position: 2, quantity: 40 }],
    });
    const open = invoice.totalMinor - (credit.json().data.total_minor as number);
    const desk = (await admin.call("GET", "/api/desk")).json().data;
    expect(desk.unpaid_total).toEqual([{ currency: "EUR", amount_minor: open }]);
    const announced = await admin.call("POST", "/api/payments/charge", {
      invoice_id: invoice.id,
      method: "bank_transfer",
    });
    expect(announced.statusCode).toBe(200);
    expect(announced.json().data).toMatchObject({ status: "pending", amount_minor: open });
  });

  it("counts payments and credit notes together: a part payment and a credit note settle the invoice", async () => {
    const staff = await kit.staff();
    const { admin, invoice } = await invoiced();
    const credit = await staff.call("POST", creditUrl(invoice.id), {
      reason: "Sensor boards not needed",
      lines: [{ position: 2, quantity: 40 }],
    });
    const credited = credit.json().data.total_minor as number;
    const rest = invoice.totalMinor - credited;
    const paid = await staff.call("POST", `/api/staff/invoices/${invoice.id}/payments`, {
      amount_minor: rest,
      currency: "EUR",
      paid_on: todayIso(),
      method: "bank_transfer",
    });
    expect(paid.statusCode).toBe(200);
    const detail = (await admin.call("GET", `/api/invoices/${invoice.id}`)).json().data;
    expect(detail).toMatchObject({
      status: "paid",
      paid_minor: rest,
      credited_minor: credited,
      open_minor: 0,
    });
    expect((await kit.outbox(admin.user.email)).some((m) => m.template === "payment_received")).toBe(true);
  });

  it("refuses bad bodies with the field and writes nothing", async () => {
    const staff = await kit.staff();
    const { invoice } = await invoiced();
    const before = { notes: await kit.rows(creditNotes), activity: await kit.rows(activityLog) };
    const line = { position: 1, quantity: 1 };
    for (const [body, field] of [
      [{}, "reason"],
      [{ reason: "  ab  " }, "reason"],
      [{ reason: "x".repeat(501) }, "reason"],
      [{ reason: "Bad\u0000byte" }, "reason"],
      [{ reason: 42 }, "reason"],
      [{ reason: "Fine", lines: [] }, "lines"],
      [{ reason: "Fine", lines: [line, line] }, "lines"],
      [{ reason: "Fine", lines: [{ position: 1, quantity: 0 }] }, "lines.0.quantity"],
      [{ reason: "Fine", lines: [{ position: -1, quantity: 1 }] }, "lines.0.position"],
      [{ reason: "Fine", lines: [{ position: 1, quantity: 1.5 }] }, "lines.0.quantity"],
      [{ reason: "Fine", lines: [{ position: 1 }] }, "lines.0.quantity"],
      [{ reason: "Fine", lines: [{ ...line, amount_minor: 1 }] }, "lines.0.amount_minor"],
      [{ reason: "Fine", total_minor: 1 }, ""],
      [
        { reason: "Fine", lines: Array.from({ length: 201 }, (_, i) => ({ position: i, quantity: 1 })) },
        "lines",
      ],
    ] as const) {
      const res = await staff.call("POST", creditUrl(invoice.id), body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error).toBe("VALIDATION_ERROR");
      if (field) expect(res.json().field, JSON.stringify(body).slice(0, 80)).toBe(field);
    }
    expect((await staff.call("POST", creditUrl("INV-1"), { reason: "Fine" })).statusCode).toBe(400);
    expect((await staff.call("POST", creditUrl(MISSING_ID), { reason: "Fine" })).statusCode).toBe(404);
    expect(await kit.rows(creditNotes)).toBe(before.notes);
    expect(await kit.rows(activityLog)).toBe(before.activity);
  });

  it("is for staff only", async () => {
    const { company, invoice } = await invoiced();
    for (const role of COMPANY_ROLES) {
      const member = await kit.customer(company.id, role);
      expect((await member.call("POST", creditUrl(invoice.id), { reason: "Mine" })).statusCode).toBe(403);
      expect((await member.call("GET", "/api/staff/credit-notes")).statusCode).toBe(403);
    }
    expect(await db().select().from(creditNotes).where(eq(creditNotes.invoiceId, invoice.id))).toHaveLength(
      0,
    );
  });
});

describe("credit note lists", () => {
  it("shows a company only its own credit notes, filters by invoice and hides others' PDFs", async () => {
    const mine = await invoiced();
    const second = await createInvoice(db(), { orderId: mine.order.id });
    const theirs = await invoiced();
    const a = await createCreditNote(db(), { invoiceId: mine.invoice.id });
    const b = await createCreditNote(db(), { invoiceId: second.id });
    const foreign = await createCreditNote(db(), { invoiceId: theirs.invoice.id });

    const all = (await mine.admin.call("GET", "/api/credit-notes")).json().data;
    expect(all.total).toBe(2);
    expect(all.items.map((n: { id: string }) => n.id).sort()).toEqual([a.id, b.id].sort());
    expect(all.items[0]).not.toHaveProperty("company_name");
    const one = (await mine.admin.call("GET", `/api/credit-notes?invoice_id=${second.id}`)).json().data;
    expect(one.items.map((n: { id: string }) => n.id)).toEqual([b.id]);
    const search = (await mine.admin.call("GET", `/api/credit-notes?q=${a.number}`)).json().data;
    expect(search.items.map((n: { id: string }) => n.id)).toEqual([a.id]);
    expect(
      (await mine.admin.call("GET", `/api/credit-notes?invoice_id=${theirs.invoice.id}`)).json().data.total,
    ).toBe(0);

    expect((await mine.admin.call("GET", `/api/credit-notes/${foreign.id}/pdf`)).statusCode).toBe(404);
    expect((await mine.admin.call("GET", `/api/credit-notes/${MISSING_ID}/pdf`)).statusCode).toBe(404);
    expect((await mine.admin.call("GET", "/api/credit-notes?invoice_id=nope")).statusCode).toBe(400);
    expect((await mine.admin.call("GET", "/api/credit-notes?page_size=1000")).statusCode).toBe(400);
    const engineer = await kit.customer(mine.company.id, "engineer");
    expect((await engineer.call("GET", "/api/credit-notes")).statusCode).toBe(403);
  });

  it("lets staff search every company's credit notes by number, invoice number and company", async () => {
    const staff = await kit.staff();
    const { invoice } = await invoiced({}, "Credit Search Fabrik GmbH");
    const note = await createCreditNote(db(), { invoiceId: invoice.id });
    for (const q of [note.number, invoice.number, "Search Fabrik"]) {
      const page = (await staff.call("GET", `/api/staff/credit-notes?q=${encodeURIComponent(q)}`)).json()
        .data;
      expect(
        page.items.map((n: { id: string }) => n.id),
        q,
      ).toEqual([note.id]);
      expect(page.items[0]).toMatchObject({
        company_name: "Credit Search Fabrik GmbH",
        invoice_number: invoice.number,
      });
    }
    const pdf = await staff.call("GET", `/api/staff/credit-notes/${note.id}/pdf?language=fr`);
    expect(pdf.statusCode).toBe(200);
    expect(flat(await pdfText(pdf.rawPayload))).toContain("Avoir");
    expect((await staff.call("GET", `/api/staff/credit-notes/${note.id}/pdf?language=xx`)).statusCode).toBe(
      400,
    );
  });
});

describe("GET /api/credit-notes/:id/pdf", () => {
  it("prints the invoice it refers to, the reason, the lines, totals, tax note, both VAT IDs and the footer", async () => {
    const staff = await kit.staff();
    const { company, invoice } = await invoiced({
      taxTreatment: "reverse_charge",
      customerVatId: "FR40303265045",
    });
    const reader = await kit.customer(company.id, "finance", { language: "en" });
    const created = await staff.call("POST", creditUrl(invoice.id), {
      reason: "Five boards damaged in transit",
      lines: [{ position: 2, quantity: 5 }],
    });
    const note = created.json().data;
    const res = await reader.call("GET", `/api/credit-notes/${note.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="${note.number}.pdf"`);
    const text = flat(await pdfText(res.rawPayload));
    expect(text).toContain("Credit note");
    expect(text).toContain(note.number);
    // The subject line may wrap beside the VAT IDs: its words, then the invoice's date.
    expect(text).toMatch(
      new RegExp(
        `Refers to invoice ${invoice.number} of .*${flat(formatDate(invoice.issuedOn, "en")).slice(-4)}`,
      ),
    );
    expect(text).toContain("Reason: Five boards damaged in transit");
    expect(text).toContain("Sensor board");
    expect(text).toContain(flat(formatMoney(note.total_minor, "EUR", "en")));
    expect(text).toContain("FR40303265045");
    expect(text).toContain(siteConfig.legal.vatId);
    expect(text).toContain("196");
    expect(text).toContain(siteConfig.brand.legalName);

    const german = await kit.customer(company.id, "finance", { language: "de" });
    const de = flat(await pdfText((await german.call("GET", `/api/credit-notes/${note.id}/pdf`)).rawPayload));
    expect(de).toContain("Rechnungskorrektur");
    expect(de).toContain(`Zur Rechnung ${invoice.number} vom ${flat(formatDate(invoice.issuedOn, "de"))}`);
    expect(de).toContain("Grund: Five boards damaged in transit");
  });
});
