import { siteConfig } from "@ems/config/site";
import {
  SHIPPING_LINE_POSITION,
  invoiceDisplayStatus,
  type Invoice,
  type InvoiceCreate,
  type InvoiceDetails,
  type InvoiceListQuery,
  type InvoicePage,
  type Payment,
  type PaymentMethod,
  type StaffInvoice,
  type StaffInvoiceListQuery,
  type StaffInvoicePage,
} from "@ems/contracts/billing";
import { taxOf } from "@ems/contracts/money";
import { quoteLineAmountMinor } from "@ems/contracts/quotes";
import { addCalendarDays, todayIso } from "@ems/contracts/reference";
import type { Executor } from "@ems/db/factories";
import type { DocumentLineSnapshot } from "@ems/db/schema";
import { notFound } from "../../lib/app-error.ts";
import { searchOf } from "../../lib/list-query.ts";
import { recordActivity } from "../activity/activity-service.ts";
import {
  companyRecipients,
  conflict,
  iso,
  mailEach,
  nextDocumentNumber,
  type DocumentContext,
} from "../documents/documents-service.ts";
import {
  billedByPosition,
  lockOrderForUpdate,
  orderCreditNotes,
  orderDeliveryNotes,
  orderInvoices,
  orderLines,
  quantityByPosition,
  type BilledPosition,
  type SalesOrderLineRow,
} from "../orders/orders-service.ts";
import { facturXPdf, ublXml, type EInvoiceInput } from "../e-invoices/e-invoice-service.ts";
import { invoiceEInvoiceInput } from "./invoice-e-invoice.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import {
  creditedMinorOf,
  findInvoice,
  insertInvoice,
  listInvoiceCreditNotes,
  listInvoicePayments,
  listInvoices,
  lockInvoice,
  markInvoicePaid as markPaid,
  paidMinorOf,
  type InvoicePaymentRecord,
  type InvoiceRecord,
  type InvoiceRow,
} from "./invoices-repository.ts";
import { rolesWith } from "@ems/contracts/permissions";

function invoiceDto(record: InvoiceRecord, today: string): Invoice {
  const { invoice } = record;
  const { status } = invoice;
  return {
    id: invoice.id,
    number: invoice.number,
    order_id: invoice.orderId,
    order_number: record.orderNumber,
    po_number: record.poNumber,
    status,
    display_status: invoiceDisplayStatus(status, invoice.dueOn, today),
    currency: invoice.currency,
    tax_rate_bp: invoice.taxRateBp,
    tax_treatment: invoice.taxTreatment,
    customer_vat_id: invoice.customerVatId,
    delivered_on: invoice.deliveredOn,
    subtotal_minor: invoice.subtotalMinor,
    tax_minor: invoice.taxMinor,
    total_minor: invoice.totalMinor,
    issued_on: invoice.issuedOn,
    due_on: invoice.dueOn,
    paid_at: iso(invoice.paidAt),
    paid_minor: record.paidMinor,
    credited_minor: record.creditedMinor,
    credited_lines: record.creditedLines,
    open_minor: invoice.totalMinor - record.paidMinor - record.creditedMinor,
    transfer_announced:
      record.announcedId && record.announcedMinor !== null && record.announcedAt
        ? {
            payment_id: record.announcedId,
            amount_minor: record.announcedMinor,
            transferred_on: record.announcedOn ?? todayIso(record.announcedAt),
            announced_at: record.announcedAt.toISOString(),
          }
        : null,
    lines: invoice.lines.map((line) => ({
      position: line.position,
      description: line.description,
      quantity: line.quantity,
      unit_price_minor: line.unit_price_minor,
      amount_minor: line.amount_minor,
    })),
  };
}

const staffInvoiceDto = (record: InvoiceRecord, today: string): StaffInvoice => ({
  ...invoiceDto(record, today),
  company_id: record.invoice.companyId,
  company_name: record.companyName,
});

// Sales invoice: getAll (docs/behaviour/billing.md#invoices)

export async function invoicesPage(ctx: DocumentContext, query: InvoiceListQuery): Promise<InvoicePage> {
  const today = todayIso();
  const { rows, total } = await listInvoices(ctx.db, {
    companyId: ctx.tenant,
    status: query.status,
    today,
    orderId: query.order_id,
    ...searchOf(query),
  });
  return {
    items: rows.map((row) => invoiceDto(row, today)),
    page: query.page,
    page_size: query.page_size,
    total,
  };
}

export async function staffInvoicesPage(
  ctx: DocumentContext,
  query: StaffInvoiceListQuery,
): Promise<StaffInvoicePage> {
  const today = todayIso();
  const { rows, total } = await listInvoices(ctx.db, {
    companyId: query.company_id ?? null,
    status: query.status,
    payment: query.payment,
    today,
    orderId: query.order_id,
    ...searchOf(query),
  });
  return {
    items: rows.map((row) => staffInvoiceDto(row, today)),
    page: query.page,
    page_size: query.page_size,
    total,
  };
}

async function detailsOf(ctx: DocumentContext, record: InvoiceRecord): Promise<InvoiceDetails> {
  const [payments, credits] = await Promise.all([
    listInvoicePayments(ctx.db, record.invoice.id),
    listInvoiceCreditNotes(ctx.db, record.invoice.id),
  ]);
  return {
    ...invoiceDto(record, todayIso()),
    billing_address: record.invoice.billingAddress,
    payments: payments.map(paymentDto),
    credit_notes: credits.map((credit) => ({
      id: credit.id,
      number: credit.number,
      issued_on: credit.issuedOn,
      total_minor: credit.totalMinor,
      reason: credit.reason,
    })),
  };
}

export async function invoiceDetails(ctx: DocumentContext, id: string): Promise<InvoiceDetails> {
  const record = await findInvoice(ctx.db, id, ctx.tenant);
  if (!record) throw notFound("No such invoice");
  return detailsOf(ctx, record);
}

/**
 * The buyer's electronic address (BT-49) on the company's e-invoices and e-credit notes: the first
 * member who pays invoices (else who reads them); a company with neither cannot receive one.
 */
export async function eInvoiceBuyerEmail(db: Executor, companyId: string): Promise<string> {
  const [payer] = await companyRecipients(db, companyId, rolesWith("invoices.pay"));
  const reader = payer ?? (await companyRecipients(db, companyId, rolesWith("invoices.read")))[0];
  if (!reader) throw conflict("The company has no member to address the e-invoice to");
  return reader.email;
}

/** The e-invoice input of an invoice, its texts in `language`. */
async function eInvoiceInputOf(
  ctx: DocumentContext,
  record: InvoiceRecord,
  details: InvoiceDetails,
  language: string,
): Promise<EInvoiceInput> {
  const email = await eInvoiceBuyerEmail(ctx.db, record.invoice.companyId);
  return invoiceEInvoiceInput(details, { name: record.companyName }, email, language);
}

async function invoiceXmlFor(
  ctx: DocumentContext,
  id: string,
  companyId: string | null,
  language: string,
): Promise<{ number: string; xml: string }> {
  const record = await findInvoice(ctx.db, id, companyId);
  if (!record) throw notFound("No such invoice");
  const input = await eInvoiceInputOf(ctx, record, await detailsOf(ctx, record), language);
  return { number: input.number, xml: await ublXml(input) };
}

/**
 * The invoice PDF customers and staff download and mails attach: the printed invoice as a Factur-X
 * PDF/A-3 with its EN 16931 XML embedded (docs/behaviour/billing.md#e-invoices).
 */
async function invoicePdfFor(
  ctx: DocumentContext,
  id: string,
  companyId: string | null,
  language: string,
): Promise<{ number: string; pdf: Buffer }> {
  const record = await findInvoice(ctx.db, id, companyId);
  if (!record) throw notFound("No such invoice");
  const details = await detailsOf(ctx, record);
  const [printed, input] = await Promise.all([
    renderInvoicePdf(details, { name: record.companyName }, language),
    eInvoiceInputOf(ctx, record, details, language),
  ]);
  return { number: record.invoice.number, pdf: await facturXPdf(printed, input, language) };
}

export async function invoicePdf(ctx: DocumentContext, id: string): Promise<{ number: string; pdf: Buffer }> {
  return invoicePdfFor(ctx, id, ctx.tenant, ctx.auth.user.language);
}

/** Any company's invoice, for the back office, in `language` (default: the staff member's). */
export async function staffInvoicePdf(
  ctx: DocumentContext,
  id: string,
  language = ctx.auth.user.language,
): Promise<{ number: string; pdf: Buffer }> {
  return invoicePdfFor(ctx, id, null, language);
}

/** The company's invoice as XRechnung UBL XML, its texts in the caller's language. */
export async function invoiceXml(ctx: DocumentContext, id: string): Promise<{ number: string; xml: string }> {
  return invoiceXmlFor(ctx, id, ctx.tenant, ctx.auth.user.language);
}

/** Any company's invoice as XRechnung UBL XML, for the back office. */
export async function staffInvoiceXml(
  ctx: DocumentContext,
  id: string,
  language = ctx.auth.user.language,
): Promise<{ number: string; xml: string }> {
  return invoiceXmlFor(ctx, id, null, language);
}

/** The day of an order's last shipment: the delivery date an invoice states (null before any). */
function lastShipment(notes: readonly { shippedAt: Date }[]): string | null {
  const last = notes.reduce<Date | null>(
    (latest, n) => (latest && latest > n.shippedAt ? latest : n.shippedAt),
    null,
  );
  return last ? todayIso(last) : null;
}

/**
 * The ways customers can pay now. The payments module knows (its gateways and their switch), and it
 * depends on invoices, not the reverse: the app hands its answer in (ADR 0011).
 */
export type PaymentMethodsNow = (db: Executor) => Promise<readonly PaymentMethod[]>;

/** What an invoice bills of one order line, and how much of that had not shipped (advance billing). */
interface BilledLine {
  line: SalesOrderLineRow;
  quantity: number;
  beyondShipped: number;
}

/**
 * The lines an invoice bills, by delivered quantities: per line, at most what delivery notes shipped
 * minus what earlier invoices bill net of their credit notes; with advance billing at most what was
 * ordered minus that. Without chosen lines, that maximum of every line that has one.
 */
function billedLines(
  lines: readonly SalesOrderLineRow[],
  wanted: InvoiceCreate["lines"],
  shipped: ReadonlyMap<number, number>,
  billed: ReadonlyMap<number, BilledPosition>,
  advance: boolean,
): BilledLine[] {
  const figures = (line: SalesOrderLineRow) => {
    const delivered = Math.min(shipped.get(line.position) ?? 0, line.quantity);
    const invoiced = billed.get(line.position)?.quantity ?? 0;
    return {
      delivered,
      invoiced,
      shippedLeft: Math.max(0, delivered - invoiced),
      orderedLeft: Math.max(0, line.quantity - invoiced),
    };
  };
  const billedOf = (line: SalesOrderLineRow, quantity: number): BilledLine => {
    const { shippedLeft } = figures(line);
    return { line, quantity, beyondShipped: Math.max(0, quantity - shippedLeft) };
  };
  if (!wanted)
    return lines.flatMap((line) => {
      const { shippedLeft, orderedLeft } = figures(line);
      const quantity = advance ? orderedLeft : shippedLeft;
      return quantity > 0 ? [billedOf(line, quantity)] : [];
    });
  return wanted.map((choice) => {
    const line = lines.find((candidate) => candidate.id === choice.order_line_id);
    if (!line) throw notFound("No such line in this order");
    const { delivered, invoiced, shippedLeft, orderedLeft } = figures(line);
    const most = advance ? orderedLeft : shippedLeft;
    const quantity = choice.quantity ?? most;
    const numbers = `shipped ${delivered}, invoiced ${invoiced} of ${line.quantity} ordered`;
    if (orderedLeft === 0) throw conflict(`Line ${line.position} is invoiced in full already`);
    if (quantity === 0)
      throw conflict(`Line ${line.position}: nothing shipped is left to invoice (${numbers})`);
    if (quantity > most)
      throw conflict(
        advance
          ? `Line ${line.position}: ${quantity} is more than the ${most} ordered and not yet invoiced (${numbers})`
          : `Line ${line.position}: ${quantity} is more than the ${most} shipped and not yet invoiced (${numbers}); bill in advance with a reason to invoice more`,
      );
    return billedOf(line, quantity);
  });
}

/** Whether what stands billed of the line, net of credit notes, is more than its units: its one-off costs. */
function oneOffCostsBilled(line: SalesOrderLineRow, billed: BilledPosition | undefined): boolean {
  return billed !== undefined && billed.amount > billed.quantity * line.unitPriceMinor;
}

/**
 * Invoices (part of) an order by delivered quantities (docs/behaviour/billing.md#invoices), plus the
 * shipping charge once. The order row stays locked until commit, so two invoices issued at once
 * cannot bill the same quantity. Tax is charged at the order's rate; due after the payment term. The
 * mail offers the payment methods that are switched on, and the bank account for transfers.
 */
export async function createInvoice(
  ctx: DocumentContext,
  input: InvoiceCreate,
  paymentMethods: PaymentMethodsNow,
): Promise<StaffInvoice> {
  const now = new Date();
  const issuedOn = todayIso(now);
  const created = await ctx.db.transaction(async (tx) => {
    const order = await lockOrderForUpdate(tx, input.order_id);
    if (!order) throw notFound("No such order");
    if (order.status === "cancelled") throw conflict("The order is cancelled: it cannot be invoiced");
    const [lines, bills, credits, notes] = await Promise.all([
      orderLines(tx, order.id),
      orderInvoices(tx, order.id),
      orderCreditNotes(tx, order.id),
      orderDeliveryNotes(tx, order.id),
    ]);
    const shipped = quantityByPosition(notes);
    // A credit note issued meanwhile (under the invoice's lock, not the order's) only frees more.
    const billed = billedByPosition(bills, credits);
    const chosen = billedLines(lines, input.lines, shipped, billed, Boolean(input.advance_billing)).sort(
      (a, b) => a.line.position - b.line.position,
    );

    const shippingBilled = billed.has(SHIPPING_LINE_POSITION);
    if (input.include_shipping === true && shippingBilled) throw conflict("The shipping is already invoiced");
    // The shipping rides with the first invoice of goods, or alone once every line is billed.
    const linesDone = lines.every((line) => (billed.get(line.position)?.quantity ?? 0) >= line.quantity);
    const withShipping =
      (input.include_shipping ?? (!shippingBilled && (chosen.length > 0 || linesDone))) &&
      order.shippingMinor > 0;

    const snapshot: DocumentLineSnapshot[] = chosen.map(({ line, quantity }) => ({
      position: line.position,
      description: line.description,
      quantity,
      unit_price_minor: line.unitPriceMinor,
      // The line's one-off costs are billed once, with its first invoice, and again only after a
      // credit note took them back (with the last credited unit of an invoice's position).
      amount_minor: quoteLineAmountMinor(
        quantity,
        line.unitPriceMinor,
        oneOffCostsBilled(line, billed.get(line.position)) ? 0 : line.engineeringCostMinor,
      ),
    }));
    if (withShipping) {
      snapshot.push({
        position: SHIPPING_LINE_POSITION,
        description: order.parcelServiceName,
        quantity: 1,
        unit_price_minor: order.shippingMinor,
        amount_minor: order.shippingMinor,
      });
    }
    if (snapshot.length === 0)
      throw conflict(
        linesDone
          ? "Everything of this order is invoiced already"
          : "Nothing shipped is left to invoice: ship first, or bill in advance with a reason",
      );

    const subtotal = snapshot.reduce((sum, line) => sum + line.amount_minor, 0);
    const tax = taxOf(subtotal, order.taxRateBp);
    const invoice = await insertInvoice(tx, {
      companyId: order.companyId,
      orderId: order.id,
      number: await nextDocumentNumber(tx, "invoice", now),
      status: "unpaid",
      currency: order.currency,
      taxRateBp: order.taxRateBp,
      taxTreatment: order.taxTreatment,
      customerVatId: order.customerVatId,
      deliveredOn: lastShipment(notes),
      subtotalMinor: subtotal,
      taxMinor: tax,
      totalMinor: subtotal + tax,
      billingAddress: order.billingAddress,
      lines: snapshot,
      issuedOn,
      dueOn: addCalendarDays(issuedOn, siteConfig.legal.paymentTermDays),
    });
    await recordActivity(tx, {
      action: "invoice.created",
      companyId: order.companyId,
      actor: ctx.actor,
      subject: { type: "invoice", id: invoice.id },
      details: { number: invoice.number, order: order.number, total_minor: invoice.totalMinor },
      request: ctx.request,
    });
    const advance = chosen.filter((billedLine) => billedLine.beyondShipped > 0);
    if (input.advance_billing && advance.length > 0) {
      await recordActivity(tx, {
        action: "invoice.advance_billed",
        companyId: order.companyId,
        actor: ctx.actor,
        subject: { type: "invoice", id: invoice.id },
        details: {
          number: invoice.number,
          order: order.number,
          reason: input.advance_billing.reason,
          // Per position, the quantity billed before it shipped.
          not_shipped: advance.map((a) => `${a.line.position}: ${a.beyondShipped}`).join(", "),
        },
        request: ctx.request,
      });
    }
    return { invoice, order };
  });

  const { invoice, order } = created;
  const [recipients, methods] = await Promise.all([
    companyRecipients(ctx.db, order.companyId, rolesWith("invoices.pay")),
    paymentMethods(ctx.db),
  ]);
  await mailEach(ctx, recipients, "invoice_issued", { page: "my-invoices" }, (texts) => ({
    number: invoice.number,
    order: order.number,
    total: texts.money(invoice.totalMinor, invoice.currency),
    due_date: texts.date(invoice.dueOn),
    card: methods.includes("card") ? "on" : "off",
    ...siteConfig.legal.bank,
  }));
  const record = await findInvoice(ctx.db, invoice.id, null);
  if (!record) throw notFound("No such invoice");
  return staffInvoiceDto(record, todayIso());
}

// For the payments and credit-notes modules, which settle invoices inside their own transactions
// (ADR 0011: they depend on invoices, never the reverse).

export type { InvoiceRow };

/** A payment as an invoice's details and the payments module answer it. */
export function paymentDto(record: InvoicePaymentRecord): Payment {
  const { payment } = record;
  return {
    id: payment.id,
    invoice_id: payment.invoiceId,
    invoice_number: record.invoiceNumber,
    method: payment.method,
    provider: payment.provider,
    status: payment.status,
    amount_minor: payment.amountMinor,
    currency: payment.currency,
    provider_reference: payment.providerReference,
    paid_on: payment.paidOn ?? todayIso(payment.createdAt),
    failure_reason: payment.failureReason,
    created_at: payment.createdAt.toISOString(),
    updated_at: payment.updatedAt.toISOString(),
  };
}

/** The company's invoice row (any company's with null), or null when there is none. */
export async function companyInvoice(
  db: Executor,
  id: string,
  companyId: string | null,
): Promise<InvoiceRow | null> {
  const record = await findInvoice(db, id, companyId);
  return record?.invoice ?? null;
}

/** An invoice as a payment or a credit note finds it under its lock. */
export interface LockedInvoice {
  invoice: InvoiceRow;
  /** Its order is cancelled: nothing more is paid on it. */
  orderCancelled: boolean;
  /** What its succeeded payments brought in so far. */
  paidMinor: number;
  /** What its credit notes took back so far. */
  creditedMinor: number;
  /** total − paid − credited; 0 or less once the invoice is paid. */
  openMinor: number;
}

/**
 * The invoice's row, locked until the caller's transaction ends, so payments and credit notes of
 * one invoice queue and each sees every payment and credit note committed before it.
 */
export async function lockInvoiceForPayment(tx: Executor, id: string): Promise<LockedInvoice | null> {
  const locked = await lockInvoice(tx, id);
  if (!locked) return null;
  const [paidMinor, creditedMinor] = await Promise.all([paidMinorOf(tx, id), creditedMinorOf(tx, id)]);
  return {
    invoice: locked.invoice,
    orderCancelled: locked.orderStatus === "cancelled",
    paidMinor,
    creditedMinor,
    openMinor: locked.invoice.totalMinor - paidMinor - creditedMinor,
  };
}

/**
 * After a payment succeeded or a credit note was issued, inside its transaction and under the
 * invoice's lock: the invoice is paid (settled) once its payments and credit notes reach the total
 * (ADR 0018). Answers what is open now (negative: the customer's credit) and whether this made the
 * invoice paid.
 */
export async function settleInvoice(
  tx: Executor,
  invoice: InvoiceRow,
  at: Date,
): Promise<{ openMinor: number; nowPaid: boolean }> {
  const [paidMinor, creditedMinor] = await Promise.all([
    paidMinorOf(tx, invoice.id),
    creditedMinorOf(tx, invoice.id),
  ]);
  const openMinor = invoice.totalMinor - paidMinor - creditedMinor;
  const nowPaid = openMinor <= 0 && (await markPaid(tx, invoice.id, at));
  return { openMinor, nowPaid };
}
