import { asc, eq } from "drizzle-orm";
import type { WorkOrderStage } from "@ems/contracts/orders";
import type { Executor } from "./factories.ts";
import {
  creditNotes,
  deliveryNotes,
  invoices,
  payments,
  quotes,
  salesOrderLines,
  salesOrders,
  workOrderStages,
  type AddressSnapshot,
  type DocumentLineSnapshot,
} from "./schema.ts";

/**
 * Factories for fulfilment and billing: a complete sales order (with the Ordered quote it came from,
 * its lines and every line's seven production stages), delivery notes, invoices and payments.
 * They write rows directly, so tests of these documents do not depend on the quoting flow.
 */

let sequence = 0;
const next = () => ++sequence;

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
/** Tax of a net amount, rounded half away from zero (packages/contracts money taxOf). */
const taxOf = (net: number, rateBp: number) => {
  const exact = (net * rateBp) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
};

export type SalesOrderRow = typeof salesOrders.$inferSelect;
export type SalesOrderLineRow = typeof salesOrderLines.$inferSelect;
export type WorkOrderStageRow = typeof workOrderStages.$inferSelect;
export type DeliveryNoteRow = typeof deliveryNotes.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;

export function buildAddress(overrides: Partial<AddressSnapshot> = {}): AddressSnapshot {
  return {
    recipient: "Goods receiving",
    street: "Industriestraße 7",
    street2: null,
    postal_code: "90402",
    city: "Nürnberg",
    region: null,
    country: "DE",
    ...overrides,
  };
}

export interface NewOrderLine {
  category?: "assemblies" | "pcb";
  description?: string;
  quantity?: number;
  unitPriceMinor?: number;
  engineeringCostMinor?: number;
  leadTimeDays?: number;
  deliveryDate?: string;
}

export type NewSalesOrder = Partial<Omit<typeof salesOrders.$inferInsert, "companyId" | "quoteId">> & {
  companyId: string;
  quoteId?: string;
  /** Lines (default: one assembly line); amounts and totals are computed from them. */
  lines?: NewOrderLine[];
  /** Percent per stage, the same for every line (default 0 everywhere). */
  stagePercents?: Partial<Record<WorkOrderStage, number>>;
  /**
   * The stages every line gets, in this order (default: the seven every line got before stage sets,
   * material procurement … shipped); [] gives lines without stages.
   */
  stages?: readonly WorkOrderStage[];
};

export interface CreatedSalesOrder {
  order: SalesOrderRow;
  lines: SalesOrderLineRow[];
  stages: WorkOrderStageRow[];
}

/** The stages of lines ordered before stage sets; most tests were written against them. */
const CLASSIC_STAGES: readonly WorkOrderStage[] = [
  "material_procurement",
  "smt",
  "tht",
  "inspection",
  "testing",
  "packing",
  "shipped",
];

/** A placed order with lines and stages; totals follow placeOrder (tax on lines plus shipping). */
export async function createSalesOrder(db: Executor, overrides: NewSalesOrder): Promise<CreatedSalesOrder> {
  const n = next();
  const {
    companyId,
    lines: lineInputs,
    stagePercents = {},
    stages: stageNames = CLASSIC_STAGES,
    quoteId,
    ...rest
  } = overrides;
  const currency = rest.currency ?? "EUR";
  const taxRateBp = rest.taxRateBp ?? 1900;
  const shippingMinor = rest.shippingMinor ?? 2500;
  const deliveryDate = rest.deliveryDate ?? isoDay(21);

  let quote = quoteId;
  if (!quote) {
    const [row] = await db
      .insert(quotes)
      .values({
        companyId,
        number: `QTN-TEST-${n}`,
        status: "Ordered",
        title: `Test quote ${n}`,
        currency,
        taxRateBp,
        decidedAt: new Date(),
      })
      .returning({ id: quotes.id });
    if (!row) throw new Error("createSalesOrder inserted no quote");
    quote = row.id;
  }

  const lineValues = (lineInputs ?? [{}]).map((line, i) => {
    const quantity = line.quantity ?? 100;
    const unitPriceMinor = line.unitPriceMinor ?? 1250;
    const engineeringCostMinor = line.engineeringCostMinor ?? 15_000;
    return {
      position: i + 1,
      category: line.category ?? "assemblies",
      description: line.description ?? `Controller board rev ${String.fromCharCode(65 + i)}`,
      quantity,
      unitPriceMinor,
      engineeringCostMinor,
      amountMinor: quantity * unitPriceMinor + engineeringCostMinor,
      leadTimeDays: line.leadTimeDays ?? 15,
      deliveryDate: line.deliveryDate ?? deliveryDate,
    };
  });
  const subtotalMinor = lineValues.reduce((sum, line) => sum + line.amountMinor, 0) + shippingMinor;
  const taxMinor = taxOf(subtotalMinor, taxRateBp);

  const [order] = await db
    .insert(salesOrders)
    .values({
      number: `SO-TEST-${n}`,
      status: "confirmed",
      poNumber: `PO-${n}`,
      billingAddress: buildAddress({ recipient: "Accounts payable" }),
      shippingAddress: buildAddress(),
      parcelServiceName: "DHL Express",
      currency,
      taxRateBp,
      shippingMinor,
      subtotalMinor,
      taxMinor,
      totalMinor: subtotalMinor + taxMinor,
      termsVersion: "2026-1",
      termsAcceptedAt: new Date(),
      deliveryDate,
      ...rest,
      companyId,
      quoteId: quote,
    })
    .returning();
  if (!order) throw new Error("createSalesOrder inserted no order");

  const lines = await db
    .insert(salesOrderLines)
    .values(lineValues.map((line) => ({ ...line, orderId: order.id })))
    .returning();
  lines.sort((a, b) => a.position - b.position);
  const stageValues = lines.flatMap((line) =>
    stageNames.map((stage, i) => {
      const percent = stagePercents[stage] ?? 0;
      return {
        orderLineId: line.id,
        stage,
        position: i + 1,
        percent,
        startedAt: percent > 0 ? new Date() : null,
        completedAt: percent === 100 ? new Date() : null,
      };
    }),
  );
  const stages =
    stageValues.length === 0 ? [] : await db.insert(workOrderStages).values(stageValues).returning();
  return { order, lines, stages };
}

async function orderWithLines(db: Executor, orderId: string) {
  const [order] = await db.select().from(salesOrders).where(eq(salesOrders.id, orderId));
  if (!order) throw new Error(`No sales order ${orderId}`);
  const lines = await db
    .select()
    .from(salesOrderLines)
    .where(eq(salesOrderLines.orderId, orderId))
    .orderBy(asc(salesOrderLines.position));
  return { order, lines };
}

export type NewDeliveryNote = Partial<Omit<typeof deliveryNotes.$inferInsert, "orderId" | "lines">> & {
  orderId: string;
  /** Quantities by order line position (default: every line in full). */
  quantities?: Record<number, number>;
};

/** A delivery note of an order (it does not touch the order's stages or status). */
export async function createDeliveryNote(db: Executor, overrides: NewDeliveryNote): Promise<DeliveryNoteRow> {
  const n = next();
  const { orderId, quantities, ...rest } = overrides;
  const { order, lines } = await orderWithLines(db, orderId);
  const snapshot: DocumentLineSnapshot[] = lines
    .filter((line) => !quantities || quantities[line.position] !== undefined)
    .map((line) => {
      const quantity = quantities?.[line.position] ?? line.quantity;
      return {
        position: line.position,
        description: line.description,
        quantity,
        unit_price_minor: line.unitPriceMinor,
        amount_minor: quantity * line.unitPriceMinor,
      };
    });
  const [row] = await db
    .insert(deliveryNotes)
    .values({
      companyId: order.companyId,
      number: `DN-TEST-${n}`,
      carrier: "DHL Express",
      trackingNumber: `JD0146000${n}`,
      shippedAt: new Date(),
      shippingAddress: order.shippingAddress,
      ...rest,
      orderId,
      lines: snapshot,
    })
    .returning();
  if (!row) throw new Error("createDeliveryNote inserted no row");
  return row;
}

export type NewInvoice = Partial<Omit<typeof invoices.$inferInsert, "orderId">> & { orderId: string };

/** An invoice of every line of an order plus its shipping (position 0), issued today. */
export async function createInvoice(db: Executor, overrides: NewInvoice): Promise<InvoiceRow> {
  const n = next();
  const { orderId, ...rest } = overrides;
  const { order, lines } = await orderWithLines(db, orderId);
  const snapshot: DocumentLineSnapshot[] = [
    ...lines.map((line) => ({
      position: line.position,
      description: line.description,
      quantity: line.quantity,
      unit_price_minor: line.unitPriceMinor,
      amount_minor: line.amountMinor,
    })),
    {
      position: 0,
      description: order.parcelServiceName,
      quantity: 1,
      unit_price_minor: order.shippingMinor,
      amount_minor: order.shippingMinor,
    },
  ];
  const subtotalMinor = snapshot.reduce((sum, line) => sum + line.amount_minor, 0);
  const taxMinor = taxOf(subtotalMinor, order.taxRateBp);
  const [row] = await db
    .insert(invoices)
    .values({
      companyId: order.companyId,
      number: `INV-TEST-${n}`,
      status: "unpaid",
      currency: order.currency,
      taxRateBp: order.taxRateBp,
      subtotalMinor,
      taxMinor,
      totalMinor: subtotalMinor + taxMinor,
      billingAddress: order.billingAddress,
      lines: snapshot,
      issuedOn: isoDay(),
      dueOn: isoDay(30),
      ...rest,
      orderId,
    })
    .returning();
  if (!row) throw new Error("createInvoice inserted no row");
  return row;
}

export type NewPayment = Partial<Omit<typeof payments.$inferInsert, "invoiceId">> & { invoiceId: string };

/** A payment of the whole invoice (default: a pending bank transfer). */
export async function createPayment(db: Executor, overrides: NewPayment): Promise<PaymentRow> {
  const { invoiceId, ...rest } = overrides;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw new Error(`No invoice ${invoiceId}`);
  const [row] = await db
    .insert(payments)
    .values({
      companyId: invoice.companyId,
      method: "bank_transfer",
      provider: "bank_transfer",
      amountMinor: invoice.totalMinor,
      currency: invoice.currency,
      status: "pending",
      ...rest,
      invoiceId,
    })
    .returning();
  if (!row) throw new Error("createPayment inserted no row");
  return row;
}

export type NewCreditNote = Partial<Omit<typeof creditNotes.$inferInsert, "invoiceId">> & {
  invoiceId: string;
};

/** A credit note of the whole invoice (every line, at its prices and tax), issued today. */
export async function createCreditNote(db: Executor, overrides: NewCreditNote): Promise<CreditNoteRow> {
  const n = next();
  const { invoiceId, ...rest } = overrides;
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) throw new Error(`No invoice ${invoiceId}`);
  const [row] = await db
    .insert(creditNotes)
    .values({
      companyId: invoice.companyId,
      number: `CN-TEST-${n}`,
      reason: "Returned goods",
      currency: invoice.currency,
      taxRateBp: invoice.taxRateBp,
      taxTreatment: invoice.taxTreatment,
      customerVatId: invoice.customerVatId,
      billingAddress: invoice.billingAddress,
      lines: invoice.lines,
      subtotalMinor: invoice.subtotalMinor,
      taxMinor: invoice.taxMinor,
      totalMinor: invoice.totalMinor,
      issuedOn: isoDay(),
      ...rest,
      invoiceId,
    })
    .returning();
  if (!row) throw new Error("createCreditNote inserted no row");
  return row;
}
