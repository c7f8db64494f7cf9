import type { FastifyRequest } from "fastify";
import { ERROR_CODES } from "@ems/contracts/errors";
import {
  CLOSED_ORDER_STATUSES,
  ORDER_STATUS_TRANSITIONS,
  WORK_ORDER_STAGES,
  canChangeOrderStatus,
  type LineProgress,
  type OrderDetails,
  type OrderListQuery,
  type OrderPage,
  type OrderProgress,
  type OrderRow,
  type OrderStatus,
  type OrderStatusChange,
  type ProgressUpdate,
  type StaffOrderDetails,
  type StaffOrderListQuery,
  type StaffOrderPage,
  type StaffOrderRow,
  type WorkOrderStage,
} from "@ems/contracts/orders";
import type { Database } from "@ems/db/client";
import type { DocumentLineSnapshot } from "@ems/db/schema";
import { AppError, notFound } from "../../lib/app-error.ts";
import { publicLink } from "../../lib/public-url.ts";
import { recordActivity } from "../activity/activity-service.ts";
import type { SessionWithUser } from "../auth/session-repository.ts";
import { documentTexts, type DocumentTexts } from "../documents/document-texts.ts";
import type { Mailer } from "../mail/mail-service.ts";
import type { MailValues } from "../mail/mail-templates.ts";
import { renderOrderPdf } from "./order-pdf.ts";
import {
  findOrder,
  findRecipient,
  findStage,
  listOrderDeliveryNotes,
  listOrderInvoices,
  listOrderLines,
  listOrderStages,
  listOrders,
  lockOrder,
  setOrderStatus,
  updateStage,
  type OrderRecord,
  type OrderSummaryRecord,
  type Recipient,
  type StageRow,
} from "./orders-repository.ts";

/** What every fulfilment and billing service needs from a request: database, mailer, caller, links. */
export interface DocumentContext {
  db: Database;
  mailer: Mailer;
  auth: SessionWithUser;
  publicUrl: string;
  request: FastifyRequest;
}

export const tenantOf = (ctx: DocumentContext) => ctx.auth.user.companyId;
export const actorOf = (ctx: DocumentContext) => ({
  id: ctx.auth.user.id,
  name: `${ctx.auth.user.firstName} ${ctx.auth.user.lastName}`.trim(),
});
export const iso = (value: Date | null) => (value === null ? null : value.toISOString());
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);

/**
 * Mails each recipient once, in their own language, after the change has committed. `values`
 * receives the recipient's document texts, so amounts and dates are formatted for them.
 */
export async function mailEach(
  ctx: DocumentContext,
  recipients: readonly (Recipient | null)[],
  template: string,
  path: string,
  values: (texts: DocumentTexts) => MailValues,
): Promise<void> {
  const seen = new Set<string>();
  for (const recipient of recipients) {
    if (!recipient || seen.has(recipient.id)) continue;
    seen.add(recipient.id);
    const texts = documentTexts(recipient.language);
    await ctx.mailer.send({
      to: recipient.email,
      language: texts.locale,
      template,
      values: {
        name: recipient.firstName,
        url: publicLink(ctx.publicUrl, path, texts.locale),
        ...values(texts),
      },
    });
  }
}

// Derived figures

/** Quantities on the delivery notes so far, by order line position. */
export function deliveredByPosition(
  notes: readonly { lines: DocumentLineSnapshot[] }[],
): Map<number, number> {
  const delivered = new Map<number, number>();
  for (const note of notes)
    for (const line of note.lines)
      delivered.set(line.position, (delivered.get(line.position) ?? 0) + line.quantity);
  return delivered;
}

/** Positions the invoices bill already (0 is the shipping charge). */
export function invoicedPositions(bills: readonly { lines: DocumentLineSnapshot[] }[]): Set<number> {
  return new Set(bills.flatMap((bill) => bill.lines.map((line) => line.position)));
}

const average = (values: readonly number[]) =>
  values.length === 0 ? 0 : Math.round(values.reduce((sum, v) => sum + v, 0) / values.length);

/** The first stage not complete on every line; `shipped` once all are (or material_procurement for none). */
function currentStageOf(stages: readonly StageRow[], progress: number): WorkOrderStage {
  for (const stage of WORK_ORDER_STAGES) {
    const rows = stages.filter((row) => row.stage === stage);
    if (rows.some((row) => row.percent < 100)) return stage;
  }
  return stages.length === 0 && progress < 100 ? "material_procurement" : "shipped";
}

function summaryDto(row: OrderSummaryRecord): OrderRow {
  return {
    id: row.id,
    number: row.number,
    quote_id: row.quoteId,
    quote_number: row.quoteNumber,
    status: row.status as OrderStatus,
    po_number: row.poNumber,
    currency: row.currency,
    total_minor: row.totalMinor,
    delivery_date: row.deliveryDate,
    created_at: row.createdAt.toISOString(),
    progress_percent: row.progressPercent,
    current_stage: (row.currentStage ??
      (row.progressPercent === 100 ? "shipped" : "material_procurement")) as WorkOrderStage,
  };
}

const staffSummaryDto = (row: OrderSummaryRecord): StaffOrderRow => ({
  ...summaryDto(row),
  company_id: row.companyId,
  company_name: row.companyName,
});

// Lists (SPEC getAllRaw)

export async function ordersPage(ctx: DocumentContext, query: OrderListQuery): Promise<OrderPage> {
  const { rows, total } = await listOrders(ctx.db, {
    companyId: tenantOf(ctx),
    status: query.status,
    q: query.q || undefined,
    sort: query.sort,
    dir: query.dir,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { items: rows.map(summaryDto), page: query.page, page_size: query.page_size, total };
}

export async function staffOrdersPage(
  ctx: DocumentContext,
  query: StaffOrderListQuery,
): Promise<StaffOrderPage> {
  const { rows, total } = await listOrders(ctx.db, {
    companyId: query.company_id ?? null,
    status: query.status,
    q: query.q || undefined,
    sort: query.sort,
    dir: query.dir,
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { items: rows.map(staffSummaryDto), page: query.page, page_size: query.page_size, total };
}

// Details (SPEC fetch_row_details)

async function detailsOf(db: Database, record: OrderRecord, withInvoices: boolean): Promise<OrderDetails> {
  const { order, summary } = record;
  const [lines, notes, bills] = await Promise.all([
    listOrderLines(db, order.id),
    listOrderDeliveryNotes(db, order.id),
    listOrderInvoices(db, order.id),
  ]);
  const delivered = deliveredByPosition(notes);
  const invoiced = invoicedPositions(bills);
  return {
    ...summaryDto(summary),
    placed_by_name: record.placedByName,
    billing_address: order.billingAddress,
    shipping_address: order.shippingAddress,
    parcel_service: { id: order.parcelServiceId, name: order.parcelServiceName },
    tax_rate_bp: order.taxRateBp,
    subtotal_minor: order.subtotalMinor,
    shipping_minor: order.shippingMinor,
    tax_minor: order.taxMinor,
    terms_version: order.termsVersion,
    terms_accepted_at: order.termsAcceptedAt.toISOString(),
    lines: lines.map((line) => ({
      id: line.id,
      position: line.position,
      category: line.category as "assemblies" | "pcb",
      description: line.description,
      quantity: line.quantity,
      unit_price_minor: line.unitPriceMinor,
      engineering_cost_minor: line.engineeringCostMinor,
      amount_minor: line.amountMinor,
      lead_time_days: line.leadTimeDays,
      delivery_date: line.deliveryDate,
      delivered_quantity: delivered.get(line.position) ?? 0,
      invoiced: invoiced.has(line.position),
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
  const record = await findOrder(ctx.db, id, tenantOf(ctx));
  if (!record) throw notFound("No such order");
  return detailsOf(ctx.db, record, seesInvoices(ctx));
}

export async function staffOrderDetails(ctx: DocumentContext, id: string): Promise<StaffOrderDetails> {
  const record = await findOrder(ctx.db, id, null);
  if (!record) throw notFound("No such order");
  const details = await detailsOf(ctx.db, record, true);
  return {
    ...details,
    company_id: record.summary.companyId,
    company_name: record.summary.companyName,
    next_statuses: [...ORDER_STATUS_TRANSITIONS[details.status]],
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
  const details = await detailsOf(db, record, false);
  const pdf = await renderOrderPdf(details, { name: record.summary.companyName }, language);
  return { number: details.number, pdf };
}

export async function orderPdf(ctx: DocumentContext, id: string): Promise<{ number: string; pdf: Buffer }> {
  return orderPdfFor(ctx.db, id, tenantOf(ctx), ctx.auth.user.language);
}

/** Any company's order confirmation, for the back office, in `language` (default: the staff member's). */
export async function staffOrderPdf(
  ctx: DocumentContext,
  id: string,
  language = ctx.auth.user.language,
): Promise<{ number: string; pdf: Buffer }> {
  return orderPdfFor(ctx.db, id, null, language);
}

// Production progress (SPEC get_wo_progress_data)

async function progressOf(db: Database, record: OrderRecord): Promise<OrderProgress> {
  const [lines, stages] = await Promise.all([
    listOrderLines(db, record.order.id),
    listOrderStages(db, record.order.id),
  ]);
  const lineDtos: LineProgress[] = lines.map((line) => {
    const own = stages.filter((stage) => stage.orderLineId === line.id);
    return {
      line_id: line.id,
      position: line.position,
      description: line.description,
      quantity: line.quantity,
      progress_percent: average(own.map((stage) => stage.percent)),
      stages: own.map((stage) => ({
        stage: stage.stage as WorkOrderStage,
        position: stage.position,
        percent: stage.percent,
        planned_date: stage.plannedDate,
        started_at: iso(stage.startedAt),
        completed_at: iso(stage.completedAt),
      })),
    };
  });
  const progress = average(stages.map((stage) => stage.percent));
  return {
    order_id: record.order.id,
    number: record.order.number,
    status: record.order.status as OrderStatus,
    progress_percent: progress,
    current_stage: currentStageOf(stages, progress),
    lines: lineDtos,
  };
}

export async function orderProgress(ctx: DocumentContext, id: string): Promise<OrderProgress> {
  const record = await findOrder(ctx.db, id, tenantOf(ctx));
  if (!record) throw notFound("No such order");
  return progressOf(ctx.db, record);
}

/** The back office reads any company's order progress (the staff order page's stage editor). */
export async function staffOrderProgress(ctx: DocumentContext, id: string): Promise<OrderProgress> {
  const record = await findOrder(ctx.db, id, null);
  if (!record) throw notFound("No such order");
  return progressOf(ctx.db, record);
}

// Back office changes

/**
 * Records one stage of one line. The first progress moves a confirmed order into production; the
 * placer is told by e-mail when the percent changed.
 */
export async function updateProgress(
  ctx: DocumentContext,
  id: string,
  input: ProgressUpdate,
): Promise<OrderProgress> {
  const now = new Date();
  const change = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw notFound("No such order");
    if ((CLOSED_ORDER_STATUSES as readonly string[]).includes(order.status))
      throw conflict(`The order is ${order.status}: its progress can no longer change`);
    const found = await findStage(tx, order.id, input.line_id, input.stage);
    if (!found) throw notFound("No such line in this order");
    const { stage, line } = found;
    await updateStage(tx, stage.id, {
      percent: input.percent,
      plannedDate: input.planned_date === undefined ? stage.plannedDate : input.planned_date,
      startedAt: stage.startedAt ?? (input.percent > 0 ? now : null),
      completedAt: input.percent === 100 ? (stage.completedAt ?? now) : null,
    });
    await recordActivity(tx, {
      action: "order.progress_updated",
      companyId: order.companyId,
      actor: actorOf(ctx),
      subject: { type: "sales_order", id: order.id },
      details: { number: order.number, line: line.position, stage: input.stage, percent: input.percent },
      request: ctx.request,
    });
    if (order.status === "confirmed" && input.percent > 0) {
      await setOrderStatus(tx, order.id, "in_production");
      await recordActivity(tx, {
        action: "order.status_changed",
        companyId: order.companyId,
        actor: actorOf(ctx),
        subject: { type: "sales_order", id: order.id },
        details: { number: order.number, from: order.status, to: "in_production" },
        request: ctx.request,
      });
    }
    return { order, line, changed: stage.percent !== input.percent };
  });

  if (change.changed && change.order.placedByUserId) {
    const placer = await findRecipient(ctx.db, change.order.placedByUserId);
    await mailEach(ctx, [placer], "production_updated", `/my/orders/${change.order.id}`, () => ({
      number: change.order.number,
      line: change.line.description,
      stage: input.stage,
      percent: input.percent,
    }));
  }
  const record = await findOrder(ctx.db, id, null);
  if (!record) throw notFound("No such order");
  return progressOf(ctx.db, record);
}

/** Moves the order along ORDER_STATUS_TRANSITIONS; any other change answers 409. */
export async function changeOrderStatus(
  ctx: DocumentContext,
  id: string,
  input: OrderStatusChange,
): Promise<StaffOrderDetails> {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw notFound("No such order");
    const from = order.status as OrderStatus;
    if (!canChangeOrderStatus(from, input.status))
      throw conflict(`An order that is ${from} cannot become ${input.status}`);
    await setOrderStatus(tx, order.id, input.status);
    await recordActivity(tx, {
      action: "order.status_changed",
      companyId: order.companyId,
      actor: actorOf(ctx),
      subject: { type: "sales_order", id: order.id },
      details: { number: order.number, from, to: input.status },
      request: ctx.request,
    });
  });
  return staffOrderDetails(ctx, id);
}
