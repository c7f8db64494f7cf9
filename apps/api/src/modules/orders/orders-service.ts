import { SHIPPING_LINE_POSITION } from "@ems/contracts/billing";
import { ERROR_CODES } from "@ems/contracts/errors";
import { MAX_MINOR } from "@ems/contracts/money";
import {
  orderTotals,
  type OrderPlaced,
  type PlaceOrder,
  type Terms,
  ORDER_STATUS_TRANSITIONS,
  canChangeOrderStatus,
  orderTaxLock,
  type OrderDetails,
  type OrderListQuery,
  type OrderPage,
  type OrderRow,
  type OrderStatus,
  type OrderStatusChange,
  type StaffOrderDetails,
  type StaffOrderListQuery,
  type StaffOrderPage,
  type StaffOrderRow,
  type WorkOrderStage,
} from "@ems/contracts/orders";
import { quoteLineAmountMinor } from "@ems/contracts/quotes";
import { parcelServiceLabel, todayIso } from "@ems/contracts/reference";
import { rolesWith } from "@ems/contracts/permissions";
import { taxRateFor, type TaxOverride } from "@ems/contracts/tax";
import { siteConfig } from "@ems/config/site";
import { formatPercentFigure } from "@ems/i18n/format";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import type { AddressSnapshot, DocumentLineSnapshot } from "@ems/db/schema";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import { pageOf, searchOf } from "../../lib/list-query.ts";
import { publicLink } from "../../lib/public-url.ts";
import { recordActivity } from "../activity/activity-service.ts";
import { companyAddress, type AddressRow } from "../companies/companies-service.ts";
import {
  companyRecipients,
  conflict,
  findRecipient,
  mailEach,
  nextDocumentNumber,
  type DocumentContext,
} from "../documents/documents-service.ts";
import { TERMS_VERSION, documentTexts } from "../documents/document-texts.ts";
import { companyQuote, expireQuotes, markQuoteOrdered, quoteLinesOf } from "../quotes/quotes-service.ts";
import { deliveryDatesFrom, parcelService } from "../reference/reference-service.ts";
import { assemblySpecReferences, freezeAssemblyVersionsForOrder } from "../assemblies/assemblies-service.ts";
import {
  companyReader,
  freezePcbVersionsForOrder,
  pcbSpecReferences,
  staffReader,
  type PcbReader,
} from "../pcbs/pcbs-service.ts";
import { queriesHoldingOrder } from "../engineering-queries/engineering-queries-service.ts";
import { renderOrderPdf } from "./order-pdf.ts";
import { currentStageSets, lineKind, writeMilestoneMail, type Milestone } from "./production-service.ts";
import {
  completeStage,
  findOrder,
  insertSalesOrder,
  insertSalesOrderLines,
  insertWorkOrderStages,
  listOrderCreditNotes,
  listOrderDeliveryNotes,
  listOrderInvoices,
  listOrderLines,
  listOrders,
  lockOrder,
  setOrderStatus,
  setOrderTax,
  type OrderRecord,
  type OrderSummaryRecord,
  type SalesOrderLineRow,
  type SalesOrderRow,
} from "./orders-repository.ts";

export type { DocumentContext, SalesOrderLineRow };

// Derived figures

/** Quantities on these documents by order line position (what delivery notes shipped), summed. */
export function quantityByPosition(docs: readonly { lines: DocumentLineSnapshot[] }[]): Map<number, number> {
  const sums = new Map<number, number>();
  for (const doc of docs)
    for (const line of doc.lines) sums.set(line.position, (sums.get(line.position) ?? 0) + line.quantity);
  return sums;
}

/** What invoices bill of one order line position, net of what credit notes took back of it. */
export interface BilledPosition {
  quantity: number;
  amount: number;
}

/**
 * What the order's invoices bill of each position net of what their credit notes took back: a
 * credited quantity is billable again (docs/behaviour/billing.md#invoices). The shipping charge
 * (position 0) stays billed once, whatever a credit note took back of it.
 */
export function billedByPosition(
  bills: readonly { lines: DocumentLineSnapshot[] }[],
  credits: readonly { lines: DocumentLineSnapshot[] }[],
): Map<number, BilledPosition> {
  const sums = new Map<number, BilledPosition>();
  const add = (line: DocumentLineSnapshot, sign: 1 | -1) => {
    const sum = sums.get(line.position) ?? { quantity: 0, amount: 0 };
    sums.set(line.position, {
      quantity: sum.quantity + sign * line.quantity,
      amount: sum.amount + sign * line.amount_minor,
    });
  };
  for (const line of bills.flatMap((bill) => bill.lines)) add(line, 1);
  for (const line of credits.flatMap((credit) => credit.lines))
    if (line.position !== SHIPPING_LINE_POSITION) add(line, -1);
  return sums;
}

function summaryDto(row: OrderSummaryRecord): OrderRow {
  return {
    id: row.id,
    number: row.number,
    quote_id: row.quoteId,
    quote_number: row.quoteNumber,
    status: row.status,
    po_number: row.poNumber,
    currency: row.currency,
    total_minor: row.totalMinor,
    delivery_date: row.deliveryDate,
    created_at: row.createdAt.toISOString(),
    progress_percent: row.progressPercent,
    current_stage: row.currentStage ?? (row.progressPercent === 100 ? "shipped" : "data_check"),
  };
}

const staffSummaryDto = (row: OrderSummaryRecord): StaffOrderRow => ({
  ...summaryDto(row),
  company_id: row.companyId,
  company_name: row.companyName,
});

// Lists (getAllRaw, docs/behaviour/orders.md#order-list)

export async function ordersPage(ctx: DocumentContext, query: OrderListQuery): Promise<OrderPage> {
  return pageOf(
    query,
    await listOrders(ctx.db, {
      companyId: ctx.tenant,
      status: query.status,
      ...searchOf(query),
    }),
    summaryDto,
  );
}

export async function staffOrdersPage(
  ctx: DocumentContext,
  query: StaffOrderListQuery,
): Promise<StaffOrderPage> {
  return pageOf(
    query,
    await listOrders(ctx.db, {
      companyId: query.company_id ?? null,
      status: query.status,
      ...searchOf(query),
    }),
    staffSummaryDto,
  );
}

// Details (fetch_row_details, docs/behaviour/orders.md#order-details)

/** The order with its lines; `pcbReader` decides how the lines' PCB specifications are linked. */
async function detailsOf(
  pcbReader: PcbReader,
  record: OrderRecord,
  withInvoices: boolean,
): Promise<OrderDetails> {
  const { db } = pcbReader;
  const { order, summary } = record;
  const [lines, notes, bills, credits] = await Promise.all([
    listOrderLines(db, order.id),
    listOrderDeliveryNotes(db, order.id),
    listOrderInvoices(db, order.id),
    listOrderCreditNotes(db, order.id),
  ]);
  const [specs, assemblies] = await Promise.all([
    pcbSpecReferences(
      pcbReader,
      lines.map((line) => line.pcbSpecVersionId),
    ),
    assemblySpecReferences(
      pcbReader,
      lines.map((line) => line.assemblySpecVersionId),
    ),
  ]);
  const delivered = quantityByPosition(notes);
  const invoiced = billedByPosition(bills, credits);
  return {
    ...summaryDto(summary),
    placed_by_name: record.placedByName,
    billing_address: order.billingAddress,
    shipping_address: order.shippingAddress,
    parcel_service: { id: order.parcelServiceId, name: order.parcelServiceName },
    tax_rate_bp: order.taxRateBp,
    tax_treatment: order.taxTreatment,
    customer_vat_id: order.customerVatId,
    subtotal_minor: order.subtotalMinor,
    shipping_minor: order.shippingMinor,
    tax_minor: order.taxMinor,
    terms_version: order.termsVersion,
    terms_accepted_at: order.termsAcceptedAt.toISOString(),
    lines: lines.map((line) => ({
      id: line.id,
      position: line.position,
      category: line.category,
      description: line.description,
      quantity: line.quantity,
      unit_price_minor: line.unitPriceMinor,
      engineering_cost_minor: line.engineeringCostMinor,
      amount_minor: line.amountMinor,
      lead_time_days: line.leadTimeDays,
      delivery_date: line.deliveryDate,
      delivered_quantity: delivered.get(line.position) ?? 0,
      invoiced_quantity: invoiced.get(line.position)?.quantity ?? 0,
      pcb_spec: (line.pcbSpecVersionId && specs.get(line.pcbSpecVersionId)) || null,
      assembly_spec: (line.assemblySpecVersionId && assemblies.get(line.assemblySpecVersionId)) || null,
    })),
    delivery_notes: notes.map((note) => ({
      id: note.id,
      number: note.number,
      date: note.shippedAt.toISOString().slice(0, 10),
    })),
    invoices: withInvoices
      ? bills.map((bill) => ({ id: bill.id, number: bill.number, date: bill.issuedOn }))
      : [],
  };
}

/** Engineers may not see invoices (roles.ts), so their order details list none. */
const seesInvoices = (ctx: DocumentContext) => ctx.auth.user.companyRole !== "engineer";

export async function orderDetails(ctx: DocumentContext, id: string): Promise<OrderDetails> {
  const record = await findOrder(ctx.db, id, ctx.tenant);
  if (!record) throw notFound("No such order");
  return detailsOf(companyReader(ctx), record, seesInvoices(ctx));
}

export async function staffOrderDetails(ctx: DocumentContext, id: string): Promise<StaffOrderDetails> {
  const record = await findOrder(ctx.db, id, null);
  if (!record) throw notFound("No such order");
  const details = await detailsOf(staffReader(ctx.db), record, true);
  return {
    ...details,
    company_id: record.summary.companyId,
    company_name: record.summary.companyName,
    next_statuses: [...ORDER_STATUS_TRANSITIONS[details.status]],
    can_change_tax: orderTaxLock({ status: details.status, invoiceCount: details.invoices.length }) === null,
  };
}

async function orderPdfFor(
  db: Database,
  id: string,
  companyId: string | null,
  language: string,
): Promise<{ number: string; pdf: Buffer }> {
  const record = await findOrder(db, id, companyId);
  if (!record) throw notFound("No such order");
  // The PDF names the specification, never links it: whose reader does not matter.
  const details = await detailsOf(staffReader(db), record, false);
  const pdf = await renderOrderPdf(details, { name: record.summary.companyName }, language);
  return { number: details.number, pdf };
}

export async function orderPdf(ctx: DocumentContext, id: string): Promise<{ number: string; pdf: Buffer }> {
  return orderPdfFor(ctx.db, id, ctx.tenant, ctx.auth.user.language);
}

/** Any company's order confirmation, for the back office, in `language` (default: the staff member's). */
export async function staffOrderPdf(
  ctx: DocumentContext,
  id: string,
  language = ctx.auth.user.language,
): Promise<{ number: string; pdf: Buffer }> {
  return orderPdfFor(ctx.db, id, null, language);
}

/**
 * Moves the order along ORDER_STATUS_TRANSITIONS; any other change answers 409. Production starting
 * and the order shipping (without a delivery note, which mails its own) are milestones the placer
 * is mailed at once.
 */
export async function changeOrderStatus(
  ctx: DocumentContext,
  id: string,
  input: OrderStatusChange,
): Promise<StaffOrderDetails> {
  const mailed = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw notFound("No such order");
    const from = order.status;
    if (!canChangeOrderStatus(from, input.status))
      throw conflict(`An order that is ${from} cannot become ${input.status}`);
    // An open engineering query keeps the order at its data check (docs/behaviour/engineering.md);
    // only cancelling it goes past the customer's answer.
    if (input.status !== "cancelled") {
      const waiting = await queriesHoldingOrder(tx, order.id);
      if (waiting.length > 0)
        throw new AppError(
          409,
          ERROR_CODES.conflict,
          `Order ${order.number} waits for the customer's answer to ${waiting.map((query) => query.number).join(", ")}`,
          { otherData: { queries: waiting.map((query) => query.number) } },
        );
    }
    await setOrderStatus(tx, order.id, input.status);
    await recordActivity(tx, {
      action: "order.status_changed",
      companyId: order.companyId,
      actor: ctx.actor,
      subject: { type: "sales_order", id: order.id },
      details: { number: order.number, from, to: input.status },
      request: ctx.request,
    });
    const milestone = MILESTONE_OF_STATUS[input.status];
    return milestone
      ? writeMilestoneMail(tx, { mailer: ctx.mailer, publicUrl: ctx.publicUrl }, order, milestone)
      : false;
  });
  if (mailed) ctx.mailer.deliverSoon();
  return staffOrderDetails(ctx, id);
}

const TAX_LOCKED: Record<NonNullable<ReturnType<typeof orderTaxLock>>, string> = {
  invoiced: "An invoice has been issued; correct it with a credit note",
  cancelled: "A cancelled order's VAT treatment cannot change",
};

/**
 * Staff change the VAT treatment of an order nobody has invoiced yet, with a reason for the activity
 * log: the rate is the treatment's on the order's date, and tax and total follow from the order's
 * lines and shipping as when it was placed. Under the order's lock, as invoices take it, so an
 * invoice is either issued before (409) or bills the new figures. The placer and the company's
 * buyers are mailed the new total.
 */
export async function changeOrderTax(
  ctx: DocumentContext,
  id: string,
  input: TaxOverride,
): Promise<StaffOrderDetails> {
  const order = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, id);
    if (!locked) throw notFound("No such order");
    const lock = orderTaxLock({
      status: locked.status,
      invoiceCount: (await listOrderInvoices(tx, id)).length,
    });
    if (lock) throw conflict(TAX_LOCKED[lock]);
    if (locked.taxTreatment === input.tax_treatment)
      throw conflict(`The order's VAT treatment is ${input.tax_treatment} already`);
    const taxRateBp = taxRateFor(siteConfig.tax, input.tax_treatment, todayIso(locked.createdAt));
    const totals = orderTotals(
      (await listOrderLines(tx, id)).map((line) => ({
        quantity: line.quantity,
        unit_price_minor: line.unitPriceMinor,
        engineering_cost_minor: line.engineeringCostMinor,
      })),
      locked.shippingMinor,
      taxRateBp,
    );
    const tax = {
      taxTreatment: input.tax_treatment,
      taxRateBp,
      taxMinor: totals.tax_minor,
      totalMinor: totals.total_minor,
    };
    await setOrderTax(tx, id, tax);
    await recordActivity(tx, {
      action: "order.tax_overridden",
      companyId: locked.companyId,
      actor: ctx.actor,
      subject: { type: "sales_order", id },
      details: {
        number: locked.number,
        from: locked.taxTreatment,
        to: input.tax_treatment,
        rate_bp: taxRateBp,
        total_minor: totals.total_minor,
        reason: input.reason,
      },
      request: ctx.request,
    });
    return { ...locked, ...tax };
  });
  const [placer, buyers] = await Promise.all([
    order.placedByUserId ? findRecipient(ctx.db, order.placedByUserId) : null,
    companyRecipients(ctx.db, order.companyId, rolesWith("quotes.decide")),
  ]);
  await mailEach(
    ctx,
    [placer, ...buyers],
    "order_tax_changed",
    { page: "my-order", params: { order: order.id } },
    (texts) => ({
      number: order.number,
      po_number: order.poNumber,
      treatment: order.taxTreatment,
      rate: formatPercentFigure(order.taxRateBp, texts.locale),
      total: texts.money(order.totalMinor, order.currency),
    }),
  );
  return staffOrderDetails(ctx, id);
}

const MILESTONE_OF_STATUS: Partial<Record<OrderStatus, Milestone>> = {
  in_production: "production_started",
  shipped: "production_shipped",
};

// Placing an order (docs/behaviour/orders.md#placing-an-order)

/** getSalesOrderTerms: the current terms of sale in the caller's language. */
export function salesOrderTerms(language: string): Terms {
  const { t } = documentTexts(language);
  return { version: TERMS_VERSION, title: t("terms.title"), text: t("terms.text") };
}

/** The address as the order keeps it: later edits of the company's addresses do not change orders. */
const snapshotOf = (address: AddressRow): AddressSnapshot => ({
  recipient: address.recipient,
  street: address.street,
  street2: address.street2,
  postal_code: address.postalCode,
  city: address.city,
  region: address.region,
  country: address.country,
});

const validation = (message: string, field: string) => badRequest(ERROR_CODES.validation, message, field);

/**
 * placeOrder. The input is checked first (tenancy 404, lines and quantities 400); then one
 * transaction moves the quote to Ordered or Partially Ordered with a conditional update (Open, this
 * company, still valid), the only status check, so of several concurrent orders of the same quote
 * exactly one wins and the others answer 409. The same transaction writes the sales order, its
 * lines, their production stages and the log entries. The placer gets a confirmation afterwards.
 */
export async function placeOrder(ctx: DocumentContext, input: PlaceOrder): Promise<OrderPlaced> {
  if (input.terms_version !== TERMS_VERSION)
    throw validation(
      `The terms of sale have changed: read and accept version ${TERMS_VERSION}`,
      "terms_version",
    );
  const now = new Date();
  const today = todayIso(now);
  await expireQuotes(ctx.db, now, ctx.tenant);

  const quote = await companyQuote(ctx.db, input.quote_id, ctx.tenant);
  if (!quote) throw notFound("No such quote");
  const [billing, shipping, parcel] = await Promise.all([
    companyAddress(ctx.db, ctx.tenant, input.billing_address_id),
    companyAddress(ctx.db, ctx.tenant, input.shipping_address_id),
    parcelService(ctx.db, input.parcel_service_id),
  ]);
  if (!billing) throw notFound("No such billing address");
  if (!shipping) throw notFound("No such shipping address");
  if (!parcel?.active) throw notFound("No such parcel service");
  if (parcel.currency !== quote.currency)
    throw validation(
      `This parcel service is charged in ${parcel.currency}, the quote is in ${quote.currency}`,
      "parcel_service_id",
    );

  const quoteLines = await quoteLinesOf(ctx.db, quote.id);
  const chosen = input.lines
    .map((wanted, i) => {
      const line = quoteLines.find((candidate) => candidate.id === wanted.line_id);
      if (!line) throw validation("This is not a line of the quote", `lines.${i}.line_id`);
      const tier = line.tiers.find((candidate) => candidate.quantity === wanted.quantity);
      if (!tier)
        throw validation(
          `Choose one of the quoted quantities: ${line.tiers.map((t) => t.quantity).join(", ")}`,
          `lines.${i}.quantity`,
        );
      return { line, tier };
    })
    .sort((a, b) => a.line.position - b.line.position);

  const totals = orderTotals(
    chosen.map(({ line, tier }) => ({
      quantity: tier.quantity,
      unit_price_minor: tier.unit_price_minor,
      engineering_cost_minor: line.engineeringCostMinor,
    })),
    parcel.priceMinor,
    quote.taxRateBp,
  );
  if (totals.total_minor > MAX_MINOR)
    throw validation("The order is too large for one order: split it into several", "lines");
  const dateAfter = await deliveryDatesFrom(
    ctx.db,
    today,
    chosen.map(({ line }) => line.leadTimeDays),
  );
  const lineDates = chosen.map(({ line }) => dateAfter(line.leadTimeDays));
  const deliveryDate = lineDates.reduce((latest, date) => (date > latest ? date : latest));
  const quoteStatus = chosen.length === quoteLines.length ? "Ordered" : "Partially Ordered";
  const stageSets = await currentStageSets(ctx.db);

  const order = await ctx.db.transaction(async (tx) => {
    const won = await markQuoteOrdered(
      tx,
      { id: quote.id, companyId: ctx.tenant },
      quoteStatus,
      { now, today },
      chosen.map(({ line, tier }) => ({ lineId: line.id, quantity: tier.quantity })),
    );
    if (!won)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        quote.status === "Open"
          ? "This quote has been ordered or changed meanwhile"
          : `A quote in status "${quote.status}" cannot be ordered`,
      );
    const created = await insertSalesOrder(tx, {
      companyId: ctx.tenant,
      quoteId: quote.id,
      number: await nextDocumentNumber(tx, "order", now),
      poNumber: input.po_number,
      placedByUserId: ctx.auth.user.id,
      billingAddress: snapshotOf(billing),
      shippingAddress: snapshotOf(shipping),
      parcelServiceId: parcel.id,
      parcelServiceName: parcelServiceLabel(parcel),
      shippingMinor: parcel.priceMinor,
      currency: quote.currency,
      taxRateBp: quote.taxRateBp,
      taxTreatment: quote.taxTreatment,
      customerVatId: quote.customerVatId,
      subtotalMinor: totals.subtotal_minor,
      taxMinor: totals.tax_minor,
      totalMinor: totals.total_minor,
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: now,
      deliveryDate,
    });
    const placedLines = await insertSalesOrderLines(
      tx,
      chosen.map(({ line, tier }, i) => ({
        orderId: created.id,
        quoteLineId: line.id,
        position: i + 1,
        category: line.category,
        description: line.description,
        quantity: tier.quantity,
        unitPriceMinor: tier.unit_price_minor,
        engineeringCostMinor: line.engineeringCostMinor,
        amountMinor: quoteLineAmountMinor(tier.quantity, tier.unit_price_minor, line.engineeringCostMinor),
        leadTimeDays: line.leadTimeDays,
        deliveryDate: lineDates[i]!,
        pcbSpecVersionId: line.pcbSpecVersionId,
        assemblySpecVersionId: line.assemblySpecVersionId,
      })),
    );
    await freezePcbVersionsForOrder(
      tx,
      chosen.flatMap(({ line }) => (line.pcbSpecVersionId ? [line.pcbSpecVersionId] : [])),
    );
    await freezeAssemblyVersionsForOrder(
      tx,
      chosen.flatMap(({ line }) => (line.assemblySpecVersionId ? [line.assemblySpecVersionId] : [])),
    );
    // Each line gets its kind's stage set as it stands now; later changes of the set leave it alone.
    await insertWorkOrderStages(
      tx,
      placedLines.flatMap((orderLine) =>
        stageSets[lineKind(orderLine)].map((stage, i) => ({
          orderLineId: orderLine.id,
          stage,
          position: i + 1,
          percent: 0,
          plannedDate: stage === "shipped" ? orderLine.deliveryDate : null,
        })),
      ),
    );
    await recordActivity(tx, {
      action: "quote.ordered",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "quote", id: quote.id },
      details: { number: quote.number, status: quoteStatus, order_number: created.number },
      request: ctx.request,
    });
    await recordActivity(tx, {
      action: "order.placed",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "sales_order", id: created.id },
      details: {
        number: created.number,
        quote_number: quote.number,
        po_number: created.poNumber,
        total_minor: created.totalMinor,
        currency: created.currency,
      },
      request: ctx.request,
    });
    // The confirmation is written with the order: the customer gets it exactly when the order stands.
    const user = ctx.auth.user;
    const texts = documentTexts(user.language);
    await ctx.mailer.write(tx, {
      to: user.email,
      language: user.language,
      template: "order_confirmed",
      values: {
        name: user.firstName,
        number: created.number,
        po_number: created.poNumber,
        total: texts.money(created.totalMinor, created.currency),
        delivery_date: texts.date(created.deliveryDate),
        url: publicLink(ctx.publicUrl, { page: "my-order", params: { order: created.id } }, texts.locale),
      },
    });
    return created;
  });
  ctx.mailer.deliverSoon();
  return { order_id: order.id, order_number: order.number, quote_status: quoteStatus };
}

// The order as its documents see it. Deliveries and invoices lock and read the order inside their own
// transaction through these, never through this module's repository (ADR 0011).

/** The order's row, locked until the caller's transaction ends; null when there is none. */
export function lockOrderForUpdate(tx: Executor, id: string): Promise<SalesOrderRow | null> {
  return lockOrder(tx, id);
}

export function orderLines(db: Executor, orderId: string): Promise<SalesOrderLineRow[]> {
  return listOrderLines(db, orderId);
}

/** The order's delivery notes, oldest first, with their lines (delivered quantities). */
export function orderDeliveryNotes(db: Executor, orderId: string) {
  return listOrderDeliveryNotes(db, orderId);
}

/** The order's invoices, oldest first, with their lines (what is billed already). */
export function orderInvoices(db: Executor, orderId: string) {
  return listOrderInvoices(db, orderId);
}

/** The credit notes of the order's invoices, with their lines (what they took back). */
export function orderCreditNotes(db: Executor, orderId: string) {
  return listOrderCreditNotes(db, orderId);
}

/** Marks one stage of these lines complete (the shipped stage once a line is fully delivered). */
export function completeOrderStage(
  tx: Executor,
  lineIds: string[],
  stage: WorkOrderStage,
  at: Date,
): Promise<void> {
  return completeStage(tx, lineIds, stage, at);
}

/** Sets the status without a transition check: the caller (a delivery completing the order) decides. */
export function updateOrderStatus(tx: Executor, id: string, status: OrderStatus): Promise<void> {
  return setOrderStatus(tx, id, status);
}
