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
  invoicedPositions,
  lockOrderForUpdate,
  orderDeliveryNotes,
  orderInvoices,
  orderLines,
} from "../orders/orders-service.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import {
  findInvoice,
  insertInvoice,
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
    open_minor: invoice.totalMinor - record.paidMinor,
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
  const payments = await listInvoicePayments(ctx.db, record.invoice.id);
  return {
    ...invoiceDto(record, todayIso()),
    billing_address: record.invoice.billingAddress,
    payments: payments.map(paymentDto),
  };
}

export async function invoiceDetails(ctx: DocumentContext, id: string): Promise<InvoiceDetails> {
  const record = await findInvoice(ctx.db, id, ctx.tenant);
  if (!record) throw notFound("No such invoice");
  return detailsOf(ctx, record);
}

async function invoicePdfFor(
  ctx: DocumentContext,
  id: string,
  companyId: string | null,
  language: string,
): Promise<{ number: string; pdf: Buffer }> {
  const record = await findInvoice(ctx.db, id, companyId);
  if (!record) throw notFound("No such invoice");
  const pdf = await renderInvoicePdf(await detailsOf(ctx, record), { name: record.companyName }, language);
  return { number: record.invoice.number, pdf };
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

/**
 * Invoices (part of) an order: the chosen lines, or every line no invoice bills yet, plus the
 * shipping charge once. The order row stays locked until commit, so two invoices issued at once
 * cannot bill the same line. Tax is charged at the order's rate; due after the payment term. The
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
    const [lines, bills] = await Promise.all([orderLines(tx, order.id), orderInvoices(tx, order.id)]);
    const billed = invoicedPositions(bills);

    let chosen = lines.filter((line) => !billed.has(line.position));
    if (input.lines) {
      chosen = input.lines.map((wanted) => {
        const line = lines.find((candidate) => candidate.id === wanted.order_line_id);
        if (!line) throw notFound("No such line in this order");
        if (billed.has(line.position)) throw conflict(`Line ${line.position} is already invoiced`);
        return line;
      });
    }
    const shippingBilled = billed.has(SHIPPING_LINE_POSITION);
    if (input.include_shipping === true && shippingBilled) throw conflict("The shipping is already invoiced");
    const withShipping = (input.include_shipping ?? !shippingBilled) && order.shippingMinor > 0;

    const snapshot: DocumentLineSnapshot[] = chosen
      .sort((a, b) => a.position - b.position)
      .map((line) => ({
        position: line.position,
        description: line.description,
        quantity: line.quantity,
        unit_price_minor: line.unitPriceMinor,
        amount_minor: line.amountMinor,
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
    if (snapshot.length === 0) throw conflict("Everything of this order is invoiced already");

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
      deliveredOn: lastShipment(await orderDeliveryNotes(tx, order.id)),
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

// For the payments module, which settles invoices inside its own transactions (ADR 0011: payments
// depends on invoices, never the reverse).

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

/** An invoice as a payment finds it under its lock. */
export interface LockedInvoice {
  invoice: InvoiceRow;
  /** Its order is cancelled: nothing more is paid on it. */
  orderCancelled: boolean;
  /** What its succeeded payments brought in so far. */
  paidMinor: number;
  /** total − paid; 0 or less once the invoice is paid. */
  openMinor: number;
}

/**
 * The invoice's row, locked until the caller's transaction ends, so payments of one invoice queue
 * and each sees every payment committed before it.
 */
export async function lockInvoiceForPayment(tx: Executor, id: string): Promise<LockedInvoice | null> {
  const locked = await lockInvoice(tx, id);
  if (!locked) return null;
  const paidMinor = await paidMinorOf(tx, id);
  return {
    invoice: locked.invoice,
    orderCancelled: locked.orderStatus === "cancelled",
    paidMinor,
    openMinor: locked.invoice.totalMinor - paidMinor,
  };
}

/**
 * After a payment succeeded, inside its transaction and under the invoice's lock: the invoice is
 * paid once its payments reach the total. Answers what is open now (negative: the customer's credit)
 * and whether this payment made the invoice paid.
 */
export async function settleInvoice(
  tx: Executor,
  invoice: InvoiceRow,
  at: Date,
): Promise<{ openMinor: number; nowPaid: boolean }> {
  const openMinor = invoice.totalMinor - (await paidMinorOf(tx, invoice.id));
  const nowPaid = openMinor <= 0 && (await markPaid(tx, invoice.id, at));
  return { openMinor, nowPaid };
}
