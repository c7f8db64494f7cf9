import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { invoices, paymentIntegrations, payments } from "@ems/db/schema";

/** The only drizzle code of payments and the payment integrations the operator switched on. */

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

export interface PaymentRecord {
  payment: PaymentRow;
  invoiceNumber: string;
}

/**
 * Inserts a pending payment unless the invoice already has one: the partial unique index
 * payments_one_pending_per_invoice_idx arbitrates, so of concurrent attempts exactly one gets a row
 * and the others get null (ON CONFLICT DO NOTHING keeps their transactions usable).
 */
export async function insertPendingPayment(
  tx: Executor,
  values: NewPaymentRow & { status: "pending" },
): Promise<PaymentRow | null> {
  const [row] = await tx
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.invoiceId, where: sql`${payments.status} = 'pending'` })
    .returning();
  return row ?? null;
}

/** Inserts money that arrived (staff record it): an invoice may have any number of these. */
export async function insertSucceededPayment(
  tx: Executor,
  values: NewPaymentRow & { status: "succeeded" },
): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  if (!row) throw new Error("insertSucceededPayment inserted no row");
  return row;
}

/**
 * Settles a pending payment, with the amount and day staff recorded when they differ from the
 * announcement; null when it is no longer pending (settled by someone else).
 */
export async function settlePayment(
  tx: Executor,
  id: string,
  outcome: Pick<PaymentRow, "status"> &
    Partial<Pick<PaymentRow, "providerReference" | "failureReason" | "amountMinor" | "paidOn">>,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .update(payments)
    .set({ ...outcome, updatedAt: new Date() })
    .where(and(eq(payments.id, id), eq(payments.status, "pending")))
    .returning();
  return row ?? null;
}

/** The invoice's bank transfer the customer announced and nobody recorded yet, if any. */
export async function findAnnouncedTransfer(tx: Executor, invoiceId: string): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.invoiceId, invoiceId),
        eq(payments.status, "pending"),
        eq(payments.method, "bank_transfer"),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRecord | null> {
  const [row] = await db
    .select({ payment: payments, invoiceNumber: invoices.number })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(payments.id, id))
    .limit(1);
  return row ?? null;
}

// Integrations

export async function isIntegrationEnabled(db: Executor, provider: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: paymentIntegrations.enabled })
    .from(paymentIntegrations)
    .where(eq(paymentIntegrations.provider, provider))
    .limit(1);
  return row?.enabled ?? false;
}

export async function setIntegration(tx: Executor, provider: string, enabled: boolean): Promise<void> {
  await tx
    .insert(paymentIntegrations)
    .values({ provider, enabled })
    .onConflictDoUpdate({
      target: paymentIntegrations.provider,
      set: { enabled, updatedAt: new Date() },
    });
}

export async function listIntegrations(db: Executor): Promise<{ provider: string; enabled: boolean }[]> {
  return db
    .select({ provider: paymentIntegrations.provider, enabled: paymentIntegrations.enabled })
    .from(paymentIntegrations);
}
