import { siteConfig } from "@ems/config/site";
import {
  PAYMENT_INTEGRATIONS,
  type Charge,
  type ClientToken,
  type ClientTokenRequest,
  type IntegrationToggle,
  type Payment,
  type PaymentIntegrationState,
  type PaymentMethod,
  type PaymentMethods,
  type PaymentRecord as PaymentRecordBody,
} from "@ems/contracts/billing";
import { ERROR_CODES } from "@ems/contracts/errors";
import { addCalendarDays, todayIso } from "@ems/contracts/reference";
import type { Executor } from "@ems/db/factories";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import type { Env } from "../../env.ts";
import { recordActivity } from "../activity/activity-service.ts";
import {
  companyRecipients,
  conflict,
  findRecipient,
  mailEach,
  type DocumentContext,
  type Recipient,
} from "../documents/documents-service.ts";
import {
  companyInvoice,
  lockInvoiceForPayment,
  paymentDto,
  settleInvoice,
  type InvoiceRow,
  type LockedInvoice,
} from "../invoices/invoices-service.ts";
import { BankTransferProvider } from "./bank-transfer-provider.ts";
import {
  PaymentGatewayError,
  type ChargeOutcome,
  type ChargeableInvoice,
  type PaymentProvider,
} from "./payment-provider.ts";
import {
  findAnnouncedTransfer,
  findPayment,
  insertPendingPayment,
  insertSucceededPayment,
  isIntegrationEnabled,
  listIntegrations,
  setIntegration,
  settlePayment,
  type PaymentRow,
} from "./payments-repository.ts";
import { StripeProvider } from "./stripe-provider.ts";
import { rolesWith } from "@ems/contracts/permissions";
import type { PageLink } from "../../lib/public-url.ts";

/** The ways to pay: bank transfer always; a card gateway when the server has its keys. */
export interface PaymentProviders {
  bank: PaymentProvider;
  card: PaymentProvider | null;
}

export function providersFromEnv(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_PUBLISHABLE_KEY">,
): PaymentProviders {
  return {
    bank: new BankTransferProvider(),
    card:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? new StripeProvider({ secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY })
        : null,
  };
}

export interface PaymentsContext extends DocumentContext {
  providers: PaymentProviders;
}

const chargeable = (invoice: InvoiceRow, amountMinor: number): ChargeableInvoice => ({
  id: invoice.id,
  number: invoice.number,
  amountMinor,
  currency: invoice.currency,
});

const INVOICES_PAGE: PageLink = { page: "my-invoices" };

/** The card gateway, if the server has its keys and staff switched it on. */
async function cardProvider(db: Executor, providers: PaymentProviders): Promise<PaymentProvider | null> {
  const card = providers.card;
  if (!card) return null;
  return (await isIntegrationEnabled(db, card.id)) ? card : null;
}

/** The methods customers can pay with now: bank transfer always, card when it is set up and on. */
export async function enabledPaymentMethods(
  db: Executor,
  providers: PaymentProviders,
): Promise<PaymentMethod[]> {
  return (await cardProvider(db, providers)) ? ["bank_transfer", "card"] : ["bank_transfer"];
}

async function providerFor(ctx: PaymentsContext, method: PaymentMethod): Promise<PaymentProvider> {
  if (method === "bank_transfer") return ctx.providers.bank;
  const card = await cardProvider(ctx.db, ctx.providers);
  if (!card) throw conflict("Card payments are not available");
  return card;
}

async function payableInvoice(ctx: PaymentsContext, id: string): Promise<InvoiceRow> {
  const invoice = await companyInvoice(ctx.db, id, ctx.tenant);
  if (!invoice) throw notFound("No such invoice");
  if (invoice.status === "paid") throw conflict("The invoice is already paid");
  return invoice;
}

async function answer(ctx: PaymentsContext, id: string): Promise<Payment> {
  const record = await findPayment(ctx.db, id);
  if (!record) throw notFound("No such payment");
  return paymentDto(record);
}

/** Nothing more is paid on a paid invoice or on one whose order was cancelled. */
function refuseUnpayable(locked: LockedInvoice): void {
  if (locked.orderCancelled) throw conflict("The order of this invoice is cancelled: nothing is paid on it");
  if (locked.invoice.status === "paid") throw conflict("The invoice is already paid");
}

/** How far before an invoice's issue a payment's day may lie (money paid in advance). */
const EARLIEST_DAYS_BEFORE_ISSUE = 366;

/**
 * The day a payment was sent or arrived: not in the future (a day's grace for time zones ahead of
 * UTC) and not more than a year before the invoice.
 */
function checkedDay(day: string, invoice: InvoiceRow, field: string): string {
  const today = todayIso();
  if (day > addCalendarDays(today, 1))
    throw badRequest(ERROR_CODES.validation, "The date lies in the future", field);
  if (day < addCalendarDays(invoice.issuedOn, -EARLIEST_DAYS_BEFORE_ISSUE))
    throw badRequest(ERROR_CODES.validation, "The date lies more than a year before the invoice", field);
  return day;
}

/**
 * The company's finance and admin users and whoever started the payment hear that money arrived:
 * that the invoice is paid, or what of it is still open.
 */
async function mailPaymentReceived(
  ctx: DocumentContext,
  invoice: InvoiceRow,
  amountMinor: number,
  openMinor: number,
  payer: string | null,
) {
  const [starter, finance] = await Promise.all([
    payer ? findRecipient(ctx.db, payer) : null,
    companyRecipients(ctx.db, invoice.companyId, rolesWith("invoices.pay")),
  ]);
  const template = openMinor > 0 ? "payment_part_received" : "payment_received";
  await mailEach(ctx, [starter, ...finance], template, INVOICES_PAGE, (texts) => ({
    number: invoice.number,
    amount: texts.money(amountMinor, invoice.currency),
    total: texts.money(invoice.totalMinor, invoice.currency),
    open: texts.money(Math.max(openMinor, 0), invoice.currency),
    due_date: texts.date(invoice.dueOn),
  }));
}

// Payment (docs/behaviour/billing.md#payments)

export async function paymentMethods(ctx: PaymentsContext): Promise<PaymentMethods> {
  const card = await cardProvider(ctx.db, ctx.providers);
  return {
    methods: [
      { method: "bank_transfer", provider: ctx.providers.bank.id },
      ...(card ? [{ method: "card" as const, provider: card.id }] : []),
    ],
    bank_account: { ...siteConfig.legal.bank },
  };
}

/** get_client_token: what the browser needs to start paying this invoice with this method. */
export async function clientToken(ctx: PaymentsContext, input: ClientTokenRequest): Promise<ClientToken> {
  const invoice = await payableInvoice(ctx, input.invoice_id);
  const provider = await providerFor(ctx, input.method);
  const token = await provider.clientToken({
    id: invoice.id,
    number: invoice.number,
    currency: invoice.currency,
  });
  return {
    provider: provider.id,
    client_token: token.clientToken,
    ...(token.publishableKey ? { publishable_key: token.publishableKey } : {}),
  };
}

/**
 * charge_client. The pending payment row is committed before the provider is asked, so the
 * partial unique index lets exactly one of concurrent attempts through (the others answer 409) and
 * its id is the gateway's idempotency key. A card pays what is open and then succeeds (the invoice
 * paid) or fails (the row becomes failed, so the customer can try again). A bank transfer is the
 * customer's announcement of money sent, with its amount (default: what is open) and day; it stays
 * pending until staff record the money, and the customer gets the transfer instructions by e-mail.
 */
export async function charge(ctx: PaymentsContext, input: Charge): Promise<Payment> {
  await payableInvoice(ctx, input.invoice_id);
  const provider = await providerFor(ctx, input.method);
  const transfer = provider.method === "bank_transfer";

  const { payment, invoice } = await ctx.db.transaction(async (tx) => {
    const locked = await lockInvoiceForPayment(tx, input.invoice_id);
    if (!locked || locked.invoice.companyId !== ctx.tenant) throw notFound("No such invoice");
    refuseUnpayable(locked);
    const { invoice: row } = locked;
    const amountMinor = transfer ? (input.amount_minor ?? locked.openMinor) : locked.openMinor;
    const paidOn = transfer
      ? checkedDay(input.transferred_on ?? todayIso(), row, "transferred_on")
      : todayIso();
    const inserted = await insertPendingPayment(tx, {
      companyId: row.companyId,
      invoiceId: row.id,
      method: provider.method,
      provider: provider.id,
      amountMinor,
      currency: row.currency,
      paidOn,
      status: "pending",
      createdByUserId: ctx.auth.user.id,
    });
    if (!inserted) throw conflict("The invoice is already paid or being paid");
    await recordActivity(tx, {
      action: "payment.started",
      companyId: row.companyId,
      actor: ctx.actor,
      subject: { type: "payment", id: inserted.id },
      details: {
        invoice: row.number,
        method: provider.method,
        amount_minor: amountMinor,
        open_minor: locked.openMinor,
        ...(transfer ? { transferred_on: paidOn } : {}),
      },
      request: ctx.request,
    });
    return { payment: inserted, invoice: row };
  });

  let outcome: ChargeOutcome;
  try {
    outcome = await provider.charge({
      invoice: chargeable(invoice, payment.amountMinor),
      token: input.payment_token ?? null,
      idempotencyKey: payment.id,
    });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    ctx.request.log.error({ err: error, paymentId: payment.id }, "card gateway failed");
    await settle(ctx, payment, invoice, { status: "failed", reason: "gateway_error", reference: null });
    throw new AppError(502, ERROR_CODES.unknown, "The card gateway is not answering; please try again later");
  }

  if (outcome.status === "pending") {
    if (transfer) {
      await mailEach(ctx, [me(ctx)], "bank_transfer", INVOICES_PAGE, (texts) => ({
        number: invoice.number,
        total: texts.money(payment.amountMinor, invoice.currency),
        ...siteConfig.legal.bank,
      }));
    }
    return answer(ctx, payment.id);
  }
  await settle(ctx, payment, invoice, outcome);
  return answer(ctx, payment.id);
}

const me = (ctx: DocumentContext): Recipient => ({
  id: ctx.auth.user.id,
  email: ctx.auth.user.email,
  firstName: ctx.auth.user.firstName,
  language: ctx.auth.user.language,
});

/** Records how a pending card payment ended; a success counts towards the invoice and is mailed. */
async function settle(
  ctx: DocumentContext,
  payment: PaymentRow,
  invoice: InvoiceRow,
  outcome:
    | { status: "succeeded"; reference: string }
    | { status: "failed"; reason: string; reference: string | null },
): Promise<void> {
  const settled = await ctx.db.transaction(async (tx) => {
    // The invoice before the payment, in the same order as charge() and recordPayment(): otherwise a
    // concurrent charge holding the invoice waits on this payment row while this waits on the
    // invoice, and PostgreSQL breaks the deadlock by failing one of them.
    await lockInvoiceForPayment(tx, invoice.id);
    const row = await settlePayment(
      tx,
      payment.id,
      outcome.status === "succeeded"
        ? { status: "succeeded", providerReference: outcome.reference }
        : { status: "failed", failureReason: outcome.reason, providerReference: outcome.reference },
    );
    // Staff may have recorded the money meanwhile: the row is no longer pending and stays as they left it.
    if (!row) return null;
    const open = outcome.status === "succeeded" ? await settleInvoice(tx, invoice, new Date()) : null;
    await recordActivity(tx, {
      action: outcome.status === "succeeded" ? "payment.succeeded" : "payment.failed",
      companyId: invoice.companyId,
      actor: ctx.actor,
      subject: { type: "payment", id: payment.id },
      details:
        outcome.status === "succeeded"
          ? {
              invoice: invoice.number,
              method: payment.method,
              amount_minor: payment.amountMinor,
              open_minor: open?.openMinor ?? null,
            }
          : { invoice: invoice.number, method: payment.method, reason: outcome.reason },
      request: ctx.request,
    });
    return open;
  });
  if (settled)
    await mailPaymentReceived(ctx, invoice, payment.amountMinor, settled.openMinor, payment.createdByUserId);
}

// Back office

/**
 * Staff record money that arrived: any amount in the invoice's currency, with the day it arrived.
 * A bank transfer completes the customer's announced transfer, if there is one, with what actually
 * came in; otherwise it is a new payment. The invoice is paid once its payments reach its total
 * (more is the customer's credit), and an announcement it no longer waits for is closed as
 * `superseded`. Payments of one invoice queue on its lock, so two recorded at once both count.
 */
export async function recordPayment(
  ctx: DocumentContext,
  invoiceId: string,
  input: PaymentRecordBody,
): Promise<Payment> {
  const now = new Date();
  const recorded = await ctx.db.transaction(async (tx) => {
    const locked = await lockInvoiceForPayment(tx, invoiceId);
    if (!locked) throw notFound("No such invoice");
    refuseUnpayable(locked);
    const { invoice } = locked;
    if (input.currency !== invoice.currency)
      throw badRequest(ERROR_CODES.validation, `The invoice is in ${invoice.currency}`, "currency");
    const paidOn = checkedDay(input.paid_on, invoice, "paid_on");
    const announced = input.method === "bank_transfer" ? await findAnnouncedTransfer(tx, invoice.id) : null;
    const row = announced
      ? await settlePayment(tx, announced.id, {
          status: "succeeded",
          amountMinor: input.amount_minor,
          paidOn,
          providerReference: input.reference ?? announced.providerReference,
        })
      : await insertSucceededPayment(tx, {
          companyId: invoice.companyId,
          invoiceId: invoice.id,
          method: input.method,
          provider: input.method,
          providerReference: input.reference ?? null,
          amountMinor: input.amount_minor,
          currency: invoice.currency,
          paidOn,
          status: "succeeded",
          createdByUserId: ctx.auth.user.id,
        });
    if (!row) throw conflict("The announced transfer was settled meanwhile");
    const { openMinor, nowPaid } = await settleInvoice(tx, invoice, now);
    const left = nowPaid ? await closeAnnouncedTransfer(tx, invoice.id) : null;
    await recordActivity(tx, {
      action: "payment.recorded",
      companyId: invoice.companyId,
      actor: ctx.actor,
      subject: { type: "payment", id: row.id },
      details: {
        invoice: invoice.number,
        method: row.method,
        amount_minor: row.amountMinor,
        paid_on: paidOn,
        open_minor: openMinor,
        ...(announced ? { announced_minor: announced.amountMinor } : {}),
        ...(left ? { superseded_payment: left.id } : {}),
      },
      request: ctx.request,
    });
    return { payment: row, invoice, openMinor, payer: announced?.createdByUserId ?? null };
  });
  const { payment, invoice, openMinor, payer } = recorded;
  await mailPaymentReceived(ctx, invoice, payment.amountMinor, openMinor, payer);
  const record = await findPayment(ctx.db, payment.id);
  if (!record) throw notFound("No such payment");
  return paymentDto(record);
}

/**
 * Once an invoice is paid by other money or credit notes, inside that transaction: the customer's
 * announced transfer it no longer waits for is closed as `failed`, reason `superseded` (ADR 0017).
 * Answers the closed payment, or null when none was waiting.
 */
export async function closeAnnouncedTransfer(tx: Executor, invoiceId: string): Promise<PaymentRow | null> {
  const left = await findAnnouncedTransfer(tx, invoiceId);
  if (!left) return null;
  return settlePayment(tx, left.id, { status: "failed", failureReason: "superseded" });
}

export async function integrationStates(ctx: PaymentsContext): Promise<PaymentIntegrationState[]> {
  const rows = await listIntegrations(ctx.db);
  return PAYMENT_INTEGRATIONS.map((provider) => ({
    provider,
    enabled: rows.find((row) => row.provider === provider)?.enabled ?? false,
    configured: ctx.providers.card?.id === provider,
  }));
}

/**
 * enable_integration (staff administrators). Switching a gateway on needs its keys on the
 * server; switching off always works.
 */
export async function toggleIntegration(
  ctx: PaymentsContext,
  input: IntegrationToggle,
): Promise<PaymentIntegrationState[]> {
  if (input.enabled && ctx.providers.card?.id !== input.provider)
    throw conflict(
      `The server has no keys for ${input.provider}: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY`,
    );
  await ctx.db.transaction(async (tx) => {
    await setIntegration(tx, input.provider, input.enabled);
    await recordActivity(tx, {
      action: "reference.payment_integration_changed",
      companyId: ctx.auth.user.companyId,
      actor: ctx.actor,
      subject: { type: "payment_integration", id: input.provider },
      details: { provider: input.provider, enabled: input.enabled },
      request: ctx.request,
    });
  });
  return integrationStates(ctx);
}
