import { formatDate, formatMoney } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type {
  BankAccount,
  ClientToken,
  Invoice,
  Payment,
  PaymentMethod,
  PaymentMethods,
} from "@ems/contracts/billing";
import { LOCALE_TAGS, type Locale } from "@ems/i18n/locales";
import { Building2, CreditCard } from "lucide-react";
import { useState } from "react";

import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { browserApi } from "~/lib/browser-api";
import { showToast } from "~/lib/toast";

import { toMajorText, toMinor } from "./amount";
import { InvoiceStatusBadge } from "./invoices-table";
import { StripeCardForm } from "./stripe-card";
import { readTransfer } from "./transfer-form";
import { describeApiError, useBillingAction } from "./use-billing-action";
import { call } from "~/lib/api-client";
import { paymentEndpoints } from "@ems/contracts/billing";

/** Where to send a bank transfer and what to write on it; shown after announcing one and while it is pending. */
export function BankTransferDetails({
  payment,
  bank,
  locale,
}: {
  payment: Payment;
  bank: BankAccount | null;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const rows: [string, string][] = [
    [i18n._("billing.pay.amount"), formatMoney(payment.amount_minor, payment.currency, locale)],
    [i18n._("billing.pay.transfer_date"), formatDate(payment.paid_on, locale)],
    [i18n._("billing.pay.reference"), payment.provider_reference ?? payment.invoice_number],
    ...(bank
      ? ([
          [i18n._("billing.pay.holder"), bank.holder],
          [i18n._("billing.pay.iban"), bank.iban],
          [i18n._("billing.pay.bic"), bank.bic],
        ] as [string, string][])
      : []),
  ];
  return (
    <div className="space-y-4">
      <Alert variant="info" title={i18n._("billing.pay.bank_pending_title")}>
        {i18n._("billing.pay.bank_pending", { date: formatDate(payment.created_at, locale) })}
      </Alert>
      <dl className="grid gap-x-4 gap-y-2 rounded-lg border border-neutral-200 p-4 text-sm sm:grid-cols-[auto_1fr] dark:border-neutral-800">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-neutral-600 dark:text-neutral-400">{label}</dt>
            <dd className="font-mono break-all">{value}</dd>
          </div>
        ))}
        <dt className="font-medium text-neutral-600 dark:text-neutral-400">{i18n._("billing.pay.status")}</dt>
        <dd>
          <Badge tone="info">{i18n._("billing.payment_status", { status: payment.status })}</Badge>
        </dd>
      </dl>
    </div>
  );
}

/**
 * Paying one invoice (docs/behaviour/billing.md#payments), or what is still open of it: by bank
 * transfer, announced with its amount and day and pending until the money arrives, or by card
 * when the operator has switched a card gateway on.
 */
export function PayDialog({
  invoice,
  methods,
  pendingPayment,
  locale,
  today,
  open,
  onOpenChange,
}: {
  invoice: Invoice;
  methods: PaymentMethods | null;
  pendingPayment: Payment | null;
  locale: Locale;
  /** Today (UTC, YYYY-MM-DD): the transfer day the form starts with. */
  today: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { i18n } = useLingui();
  const { run, pending, problem, setProblem } = useBillingAction();
  const available = methods?.methods ?? [{ method: "bank_transfer" as const, provider: "bank_transfer" }];
  const [method, setMethod] = useState<PaymentMethod>("bank_transfer");
  const [result, setResult] = useState<Payment | null>(null);
  const [token, setToken] = useState<ClientToken | null>(null);
  const [tokenLoading, setTokenLoading] = useState(false);
  const total = formatMoney(invoice.total_minor, invoice.currency, locale);
  const openAmount = formatMoney(Math.max(invoice.open_minor, 0), invoice.currency, locale);
  const [transfer, setTransfer] = useState({
    amount: toMajorText(Math.max(invoice.open_minor, 0), invoice.currency),
    date: today,
  });
  const [transferErrors, setTransferErrors] = useState<{ amount?: true; date?: true }>({});
  const typedMinor = toMinor(transfer.amount, invoice.currency);
  const conflict = i18n._("billing.pay.error_conflict");

  async function chooseCard() {
    setMethod("card");
    setProblem(null);
    if (token) return;
    setTokenLoading(true);
    try {
      const answer = await call(browserApi(), paymentEndpoints.clientToken, {
        body: {
          invoice_id: invoice.id,
          method: "card",
        },
      });
      setToken(answer.data);
    } catch (error) {
      setProblem(describeApiError(i18n, error, conflict));
    } finally {
      setTokenLoading(false);
    }
  }

  async function payByBankTransfer() {
    const reading = readTransfer(transfer, invoice, today);
    if (!reading.ok) {
      setTransferErrors(reading.errors);
      return;
    }
    setTransferErrors({});
    const answer = await run(
      () =>
        call(browserApi(), paymentEndpoints.charge, {
          body: {
            invoice_id: invoice.id,
            method: "bank_transfer",
            amount_minor: reading.amount_minor,
            transferred_on: reading.transferred_on,
          },
        }).then((a) => a.data),
      { success: i18n._("billing.pay.bank_announced", { number: invoice.number }), conflict },
    );
    if (answer.ok) setResult(answer.data);
  }

  async function payByCard(paymentToken: string) {
    const answer = await run(
      () =>
        call(browserApi(), paymentEndpoints.charge, {
          body: { invoice_id: invoice.id, method: "card", payment_token: paymentToken },
        }).then((a) => a.data),
      { conflict },
    );
    if (!answer.ok) return;
    setResult(answer.data);
    if (answer.data.status === "succeeded")
      showToast({ title: i18n._("billing.pay.card_paid", { number: invoice.number }), color: "success" });
  }

  const shown = result ?? pendingPayment;
  const title = i18n._("billing.pay.title", { number: invoice.number });

  let body;
  if (invoice.status === "paid" || result?.status === "succeeded") {
    body = (
      <Alert variant="success" title={i18n._("billing.pay.paid_title")}>
        {i18n._("billing.pay.paid", { number: invoice.number })}
      </Alert>
    );
  } else if (shown && shown.status === "pending") {
    body =
      shown.method === "bank_transfer" ? (
        <BankTransferDetails payment={shown} bank={methods?.bank_account ?? null} locale={locale} />
      ) : (
        <Alert variant="info" title={i18n._("billing.pay.card_processing_title")}>
          {i18n._("billing.pay.card_processing")}
        </Alert>
      );
  } else {
    body = (
      <div className="space-y-4">
        {result?.status === "failed" ? (
          <Alert variant="error" title={i18n._("billing.pay.card_failed_title")}>
            {i18n._("billing.pay.card_failed", { reason: result.failure_reason ?? "card_declined" })}
          </Alert>
        ) : null}
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">{i18n._("billing.pay.method")}</legend>
          {available.map((option) => {
            const Icon = option.method === "card" ? CreditCard : Building2;
            return (
              <label
                key={option.method}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-neutral-300 p-3 has-checked:border-primary-700 has-checked:bg-primary-50 dark:border-neutral-700 dark:has-checked:border-primary-400 dark:has-checked:bg-primary-950"
              >
                <input
                  type="radio"
                  name="method"
                  value={option.method}
                  checked={method === option.method}
                  onChange={() => (option.method === "card" ? void chooseCard() : setMethod("bank_transfer"))}
                  className="mt-1 size-4 accent-primary-700"
                />
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                <span>
                  <span className="block font-semibold">
                    {i18n._("billing.payment_method", { method: option.method })}
                  </span>
                  <span className="block text-sm text-neutral-700 dark:text-neutral-300">
                    {i18n._("billing.pay.method_hint", { method: option.method })}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
        {method === "bank_transfer" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={i18n._("billing.pay.transfer_amount", { currency: invoice.currency })}
              error={
                transferErrors.amount
                  ? i18n._("billing.pay.error_transfer_amount")
                  : problem?.fields.amount_minor
              }
            >
              {(f) => (
                <Input
                  {...f}
                  name="amount"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={transfer.amount}
                  onChange={(event) => setTransfer((t) => ({ ...t, amount: event.target.value }))}
                  required
                />
              )}
            </FormField>
            <FormField
              label={i18n._("billing.pay.transfer_date")}
              error={
                transferErrors.date
                  ? i18n._("billing.pay.error_transfer_date")
                  : problem?.fields.transferred_on
              }
            >
              {(f) => (
                <Input
                  {...f}
                  name="transferred_on"
                  type="date"
                  value={transfer.date}
                  max={today}
                  onChange={(event) => setTransfer((t) => ({ ...t, date: event.target.value }))}
                  required
                />
              )}
            </FormField>
          </div>
        ) : null}
        {problem ? <Alert variant="error">{problem.message}</Alert> : null}
        {method === "bank_transfer" ? (
          <Button onClick={() => void payByBankTransfer()} loading={pending} className="w-full">
            {i18n._("billing.pay.bank_submit", {
              amount:
                typedMinor !== null && typedMinor > 0
                  ? formatMoney(typedMinor, invoice.currency, locale)
                  : openAmount,
            })}
          </Button>
        ) : tokenLoading ? (
          <Spinner label={i18n._("billing.pay.card_loading")} />
        ) : token?.provider === "stripe" && token.publishable_key ? (
          <StripeCardForm
            publishableKey={token.publishable_key}
            locale={LOCALE_TAGS[locale].slice(0, 2)}
            amountLabel={openAmount}
            busy={pending}
            onToken={payByCard}
          />
        ) : token ? (
          <Alert variant="error">{i18n._("billing.pay.card_unavailable")}</Alert>
        ) : null}
      </div>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} closeLabel={i18n._("billing.close")}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-neutral-50 p-3 text-sm dark:bg-neutral-800">
          <span>
            {i18n._("billing.pay.summary", { total, due: formatDate(invoice.due_on, locale) })}
            {invoice.paid_minor > 0 && invoice.open_minor > 0 ? (
              <span className="block font-semibold">
                {i18n._("billing.pay.open", { amount: openAmount })}
              </span>
            ) : null}
          </span>
          <InvoiceStatusBadge status={result?.status === "succeeded" ? "paid" : invoice.display_status} />
        </div>
        {body}
        <div className="flex justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {i18n._("billing.close")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
