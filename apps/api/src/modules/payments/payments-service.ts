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
import { AppError, notFound } from "../../lib/app-error.ts";
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
  markInvoicePaid,
  paymentDto,
  type InvoiceRow,
} from "../invoices/invoices-service.ts";
import { BankTransferProvider } from "./bank-transfer-provider.ts";
import {
  PaymentGatewayError,
  type ChargeOutcome,
  type ChargeableInvoice,
  type PaymentProvider,
} from "./payment-provider.ts";
import {
  findPayment,
  findPendingPayment,
  insertLivePayment,
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

const chargeable = (invoice: InvoiceRow): ChargeableInvoice => ({
  id: invoice.id,
  number: invoice.number,
  totalMinor: invoice.totalMinor,
  currency: invoice.currency,
});

const INVOICES_PAGE: PageLink = { page: "my-invoices" };

/** The card gateway, if the server has its keys and staff switched it on. */
async function cardProvider(ctx: PaymentsContext): Promise<PaymentProvider | null> {
  const card = ctx.providers.card;
  if (!card) return null;
  return (await isIntegrationEnabled(ctx.db, card.id)) ? card : null;
}

async function providerFor(ctx: PaymentsContext, method: PaymentMethod): Promise<PaymentProvider> {
  if (method === "bank_transfer") return ctx.providers.bank;
  const card = await cardProvider(ctx);
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

/** The company's finance and admin users and whoever started the payment hear that it arrived. */
async function mailPaymentReceived(ctx: DocumentContext, invoice: InvoiceRow, payer: string | null) {
  const [starter, finance] = await Promise.all([
    payer ? findRecipient(ctx.db, payer) : null,
    companyRecipients(ctx.db, invoice.companyId, rolesWith("invoices.pay")),
  ]);
  await mailEach(ctx, [starter, ...finance], "payment_received", INVOICES_PAGE, (texts) => ({
    number: invoice.number,
    total: texts.money(invoice.totalMinor, invoice.currency),
  }));
}

// Payment (docs/behaviour/billing.md#payments)

export async function paymentMethods(ctx: PaymentsContext): Promise<PaymentMethods> {
  const card = await cardProvider(ctx);
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
  const token = await provider.clientToken(chargeable(invoice));
  return {
    provider: provider.id,
    client_token: token.clientToken,
    ...(token.publishableKey ? { publishable_key: token.publishableKey } : {}),
  };
}

/**
 * charge_client. The pending payment row is committed before the provider is asked, so the
 * partial unique index lets exactly one of concurrent attempts through (the others answer 409) and
 * its id is the gateway's idempotency key. A card then succeeds (invoice paid) or fails (the row
 * becomes failed, so the customer can try again); a bank transfer stays pending and the customer
 * gets the transfer instructions by e-mail.
 */
export async function charge(ctx: PaymentsContext, input: Charge): Promise<Payment> {
  await payableInvoice(ctx, input.invoice_id);
  const provider = await providerFor(ctx, input.method);

  const { payment, invoice } = await ctx.db.transaction(async (tx) => {
    const locked = await lockInvoiceForPayment(tx, input.invoice_id);
    if (!locked || locked.companyId !== ctx.tenant) throw notFound("No such invoice");
    if (locked.status === "paid") throw conflict("The invoice is already paid");
    const inserted = await insertLivePayment(tx, {
      companyId: locked.companyId,
      invoiceId: locked.id,
      method: provider.method,
      provider: provider.id,
      amountMinor: locked.totalMinor,
      currency: locked.currency,
      status: "pending",
      createdByUserId: ctx.auth.user.id,
    });
    if (!inserted) throw conflict("The invoice is already paid or being paid");
    await recordActivity(tx, {
      action: "payment.started",
      companyId: locked.companyId,
      actor: ctx.actor,
      subject: { type: "payment", id: inserted.id },
      details: { invoice: locked.number, method: provider.method, amount_minor: locked.totalMinor },
      request: ctx.request,
    });
    return { payment: inserted, invoice: locked };
  });

  let outcome: ChargeOutcome;
  try {
    outcome = await provider.charge({
      invoice: chargeable(invoice),
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
    if (provider.method === "bank_transfer") {
      await mailEach(ctx, [me(ctx)], "bank_transfer", INVOICES_PAGE, (texts) => ({
        number: invoice.number,
        total: texts.money(invoice.totalMinor, invoice.currency),
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

/** Records how a pending card payment ended; a success pays the invoice and is mailed. */
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
    if (!row) return false;
    if (outcome.status === "succeeded") await markInvoicePaid(tx, invoice.id, new Date());
    await recordActivity(tx, {
      action: outcome.status === "succeeded" ? "payment.succeeded" : "payment.failed",
      companyId: invoice.companyId,
      actor: ctx.actor,
      subject: { type: "payment", id: payment.id },
      details:
        outcome.status === "succeeded"
          ? { invoice: invoice.number, method: payment.method }
          : { invoice: invoice.number, method: payment.method, reason: outcome.reason },
      request: ctx.request,
    });
    return true;
  });
  if (settled && outcome.status === "succeeded")
    await mailPaymentReceived(ctx, invoice, payment.createdByUserId);
}

// Back office

/**
 * Staff record money that arrived: a pending payment (an announced bank transfer) succeeds, or a
 * manual payment is created. Either way the invoice is paid; a paid invoice answers 409.
 */
export async function recordPayment(
  ctx: DocumentContext,
  invoiceId: string,
  input: PaymentRecordBody,
): Promise<Payment> {
  const now = new Date();
  const { payment, invoice } = await ctx.db.transaction(async (tx) => {
    const locked = await lockInvoiceForPayment(tx, invoiceId);
    if (!locked) throw notFound("No such invoice");
    if (locked.status === "paid") throw conflict("The invoice is already paid");
    const pending = await findPendingPayment(tx, locked.id);
    const row = pending
      ? await settlePayment(tx, pending.id, {
          status: "succeeded",
          providerReference: input.reference ?? pending.providerReference,
        })
      : await insertLivePayment(tx, {
          companyId: locked.companyId,
          invoiceId: locked.id,
          method: "manual",
          provider: "manual",
          providerReference: input.reference ?? null,
          amountMinor: locked.totalMinor,
          currency: locked.currency,
          status: "succeeded",
          createdByUserId: ctx.auth.user.id,
        });
    if (!row) throw conflict("The invoice is already paid or being paid");
    await markInvoicePaid(tx, locked.id, now);
    await recordActivity(tx, {
      action: "payment.recorded",
      companyId: locked.companyId,
      actor: ctx.actor,
      subject: { type: "payment", id: row.id },
      details: { invoice: locked.number, method: row.method, amount_minor: row.amountMinor },
      request: ctx.request,
    });
    return { payment: row, invoice: locked };
  });
  await mailPaymentReceived(ctx, invoice, payment.method === "manual" ? null : payment.createdByUserId);
  const record = await findPayment(ctx.db, payment.id);
  if (!record) throw notFound("No such payment");
  return paymentDto(record);
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
