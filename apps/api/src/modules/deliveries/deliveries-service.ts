import type {
  DeliveryListQuery,
  DeliveryNote,
  DeliveryNoteCreate,
  DeliveryNotePage,
  StaffDeliveryListQuery,
  StaffDeliveryNote,
  StaffDeliveryNotePage,
} from "@ems/contracts/billing";
import { CLOSED_ORDER_STATUSES } from "@ems/contracts/orders";
import { formatNumber } from "@ems/i18n/format";
import type { DocumentLineSnapshot } from "@ems/db/schema";
import { ERROR_CODES } from "@ems/contracts/errors";
import type { Executor } from "@ems/db/factories";
import { AppError, notFound } from "../../lib/app-error.ts";
import { pageOf, searchOf } from "../../lib/list-query.ts";
import { recordActivity } from "../activity/activity-service.ts";
import {
  companyRecipients,
  conflict,
  findRecipient,
  mailEach,
  nextDocumentNumber,
  type DocumentContext,
} from "../documents/documents-service.ts";
import {
  completeOrderStage,
  quantityByPosition,
  lockOrderForUpdate,
  orderDeliveryNotes,
  orderLines,
  updateOrderStatus,
  type SalesOrderLineRow,
} from "../orders/orders-service.ts";
import { queriesHoldingOrder } from "../engineering-queries/engineering-queries-service.ts";
import { renderDeliveryPdf, type LineToFollow } from "./delivery-pdf.ts";
import {
  findDeliveryNote,
  insertDeliveryNote,
  listDeliveryNotes,
  type DeliveryNoteRecord,
} from "./deliveries-repository.ts";
import { rolesWith } from "@ems/contracts/permissions";

function deliveryDto(record: DeliveryNoteRecord): DeliveryNote {
  const { note } = record;
  return {
    id: note.id,
    number: note.number,
    order_id: note.orderId,
    order_number: record.orderNumber,
    po_number: record.poNumber,
    carrier: note.carrier,
    tracking_number: note.trackingNumber,
    shipped_at: note.shippedAt.toISOString(),
    shipping_address: note.shippingAddress,
    lines: note.lines.map((line) => ({
      position: line.position,
      description: line.description,
      quantity: line.quantity,
    })),
  };
}

const staffDeliveryDto = (record: DeliveryNoteRecord): StaffDeliveryNote => ({
  ...deliveryDto(record),
  company_id: record.note.companyId,
  company_name: record.companyName,
});

// Delivery note: getAll (docs/behaviour/orders.md#delivery-notes)

export async function deliveriesPage(
  ctx: DocumentContext,
  query: DeliveryListQuery,
): Promise<DeliveryNotePage> {
  return pageOf(
    query,
    await listDeliveryNotes(ctx.db, {
      companyId: ctx.tenant,
      orderId: query.order_id,
      ...searchOf(query),
    }),
    deliveryDto,
  );
}

export async function staffDeliveriesPage(
  ctx: DocumentContext,
  query: StaffDeliveryListQuery,
): Promise<StaffDeliveryNotePage> {
  return pageOf(
    query,
    await listDeliveryNotes(ctx.db, {
      companyId: query.company_id ?? null,
      orderId: query.order_id,
      ...searchOf(query),
    }),
    staffDeliveryDto,
  );
}

function linesToFollow(
  lines: readonly SalesOrderLineRow[],
  delivered: ReadonlyMap<number, number>,
): LineToFollow[] {
  return lines
    .map((line) => ({
      position: line.position,
      description: line.description,
      quantity: line.quantity - (delivered.get(line.position) ?? 0),
    }))
    .filter((line) => line.quantity > 0)
    .sort((a, b) => a.position - b.position);
}

/**
 * What was left to ship once this note had gone: it counts this note and the order's earlier ones,
 * never later ones, so a note's PDF says the same whenever it is printed.
 */
async function toFollowAfter(
  ctx: DocumentContext,
  note: DeliveryNoteRecord["note"],
): Promise<LineToFollow[]> {
  const [lines, notes] = await Promise.all([
    orderLines(ctx.db, note.orderId),
    orderDeliveryNotes(ctx.db, note.orderId),
  ]);
  const upTo = notes.findIndex((candidate) => candidate.id === note.id);
  return linesToFollow(lines, quantityByPosition(notes.slice(0, upTo + 1)));
}

async function deliveryPdfFor(
  ctx: DocumentContext,
  id: string,
  companyId: string | null,
  language: string,
): Promise<{ number: string; pdf: Buffer }> {
  const record = await findDeliveryNote(ctx.db, id, companyId);
  if (!record) throw notFound("No such delivery note");
  const pdf = await renderDeliveryPdf(
    deliveryDto(record),
    await toFollowAfter(ctx, record.note),
    { name: record.companyName },
    language,
  );
  return { number: record.note.number, pdf };
}

export async function deliveryPdf(
  ctx: DocumentContext,
  id: string,
): Promise<{ number: string; pdf: Buffer }> {
  return deliveryPdfFor(ctx, id, ctx.tenant, ctx.auth.user.language);
}

/** Any company's delivery note (to pack with the goods), in `language` (default: the staff member's). */
export async function staffDeliveryPdf(
  ctx: DocumentContext,
  id: string,
  language = ctx.auth.user.language,
): Promise<{ number: string; pdf: Buffer }> {
  return deliveryPdfFor(ctx, id, null, language);
}

/**
 * Boards built to a version with an open engineering query wait for the customer's answer, so a
 * delivery note cannot ship them either (the production form and the status change refuse the same).
 */
async function refuseShippingHeldLines(
  tx: Executor,
  orderId: string,
  wanted: readonly { order_line_id: string }[],
): Promise<void> {
  const waiting = await queriesHoldingOrder(tx, orderId);
  const held = waiting.filter((query) => wanted.some((line) => query.line_ids.includes(line.order_line_id)));
  if (held.length === 0) return;
  const numbers = held.map((query) => query.number);
  throw new AppError(
    409,
    ERROR_CODES.conflict,
    `This order waits for the customer's answer to ${numbers.join(", ")}: its lines cannot ship until then`,
    { otherData: { queries: numbers } },
  );
}

/**
 * Ships (part of) an order. The order row stays locked until commit, so two notes issued at once
 * cannot together ship more than was ordered. Fully delivered lines get their shipped stage at
 * 100 %; once every line is delivered, an order in production (or confirmed) becomes shipped. The
 * customer's mail says whether that was all; if not, what shipped now and what follows.
 */
export async function createDeliveryNote(
  ctx: DocumentContext,
  input: DeliveryNoteCreate,
): Promise<StaffDeliveryNote> {
  const now = new Date();
  const created = await ctx.db.transaction(async (tx) => {
    const order = await lockOrderForUpdate(tx, input.order_id);
    if (!order) throw notFound("No such order");
    if ((CLOSED_ORDER_STATUSES as readonly string[]).includes(order.status))
      throw conflict(`The order is ${order.status}: nothing more can be shipped`);
    const [lines, notes] = await Promise.all([orderLines(tx, order.id), orderDeliveryNotes(tx, order.id)]);
    await refuseShippingHeldLines(tx, order.id, input.lines);
    const delivered = quantityByPosition(notes);

    const snapshot: DocumentLineSnapshot[] = [];
    for (const wanted of input.lines) {
      const line = lines.find((candidate) => candidate.id === wanted.order_line_id);
      if (!line) throw notFound("No such line in this order");
      const left = line.quantity - (delivered.get(line.position) ?? 0);
      if (wanted.quantity > left)
        throw conflict(`Line ${line.position}: ${left} of ${line.quantity} are left to deliver`);
      delivered.set(line.position, (delivered.get(line.position) ?? 0) + wanted.quantity);
      snapshot.push({
        position: line.position,
        description: line.description,
        quantity: wanted.quantity,
        unit_price_minor: line.unitPriceMinor,
        amount_minor: wanted.quantity * line.unitPriceMinor,
      });
    }
    snapshot.sort((a, b) => a.position - b.position);

    const note = await insertDeliveryNote(tx, {
      companyId: order.companyId,
      orderId: order.id,
      number: await nextDocumentNumber(tx, "delivery", now),
      carrier: input.carrier,
      trackingNumber: input.tracking_number ?? null,
      shippedAt: now,
      shippingAddress: order.shippingAddress,
      lines: snapshot,
    });
    const complete = lines.filter((line) => (delivered.get(line.position) ?? 0) >= line.quantity);
    await completeOrderStage(
      tx,
      complete.filter((line) => snapshot.some((s) => s.position === line.position)).map((line) => line.id),
      "shipped",
      now,
    );
    await recordActivity(tx, {
      action: "delivery.created",
      companyId: order.companyId,
      actor: ctx.actor,
      subject: { type: "delivery_note", id: note.id },
      details: { number: note.number, order: order.number },
      request: ctx.request,
    });
    if (
      complete.length === lines.length &&
      (order.status === "confirmed" || order.status === "in_production")
    ) {
      await updateOrderStatus(tx, order.id, "shipped");
      await recordActivity(tx, {
        action: "order.status_changed",
        companyId: order.companyId,
        actor: ctx.actor,
        subject: { type: "sales_order", id: order.id },
        details: { number: order.number, from: order.status, to: "shipped" },
        request: ctx.request,
      });
    }
    return { note, order, toFollow: linesToFollow(lines, delivered) };
  });

  const { note, order, toFollow } = created;
  const [placer, buyers] = await Promise.all([
    order.placedByUserId ? findRecipient(ctx.db, order.placedByUserId) : null,
    companyRecipients(ctx.db, order.companyId, rolesWith("quotes.decide")),
  ]);
  const list = (items: readonly { quantity: number; description: string }[], locale: string) =>
    items.map((item) => `– ${formatNumber(item.quantity, locale)} × ${item.description}`).join("\n");
  const template = toFollow.length > 0 ? "delivery_partly_shipped" : "delivery_shipped";
  await mailEach(ctx, [placer, ...buyers], template, { page: "my-deliveries" }, (texts) => ({
    number: note.number,
    order: order.number,
    carrier: note.carrier,
    tracking: note.trackingNumber ?? "–",
    shipped: list(note.lines, texts.locale),
    to_follow: list(toFollow, texts.locale),
  }));
  const record = await findDeliveryNote(ctx.db, note.id, null);
  if (!record) throw notFound("No such delivery note");
  return staffDeliveryDto(record);
}
