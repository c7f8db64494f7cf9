import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { formatMoney, formatNumber, formatRate } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";
import type { CompanyAddress } from "@ems/contracts/companies";

import { placeOrderLineSchema, placeOrderSchema, type OrderPlaced, type Terms } from "@ems/contracts/orders";
import type { QuoteDetail } from "@ems/contracts/quotes";
import type { ParcelService } from "@ems/contracts/reference";
import { ShoppingCart } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { z } from "zod";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { formErrorText } from "~/lib/form-errors";
import { href } from "~/lib/route-map";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { orderSummary, preselectedParcelService, statusKey, type LineChoices } from "./quote-helpers";

export interface OrderOptions {
  terms: Terms;
  parcelServices: ParcelService[];
  /** The company's preferred parcel service (company page); null: the cheapest. */
  defaultParcelServiceId: string | null;
  addresses: CompanyAddress[];
}

/**
 * What the order dialog posts: the API's body (POST /api/orders), except that every quote line is
 * in the form and "do not order" posts no quantity; only the lines ordered reach the API.
 */
export const orderForm = placeOrderSchema.extend({
  lines: z
    .array(placeOrderLineSchema.extend({ quantity: placeOrderLineSchema.shape.quantity.optional() }))
    .transform((lines) =>
      lines.flatMap(({ line_id, quantity }) => (quantity === undefined ? [] : [{ line_id, quantity }])),
    )
    .pipe(placeOrderSchema.shape.lines),
});

const radioClass =
  "mt-0.5 size-4 shrink-0 accent-primary-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:accent-primary-400";
const choiceClass =
  "flex cursor-pointer items-start gap-3 rounded-md border border-neutral-300 p-3 text-sm has-checked:border-primary-700 has-checked:bg-primary-50 dark:border-neutral-700 dark:has-checked:border-primary-400 dark:has-checked:bg-primary-950";

const addressLine = (a: CompanyAddress) => `${a.label} – ${a.street}, ${a.postal_code} ${a.city}`;

function FieldError({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400">
      {children}
    </p>
  );
}

interface OrderDialogProps {
  quote: QuoteDetail;
  options: OrderOptions;
  locale: Locale;
}

/**
 * Orders an Open quote (docs/behaviour/orders.md#placing-an-order): per line one of the quoted quantities or "do not order",
 * a parcel service, billing and shipping addresses of the company, the purchase order number, and
 * the terms of sale accepted. The summary shows what the API will charge, computed the same way.
 */
export function OrderDialog(props: OrderDialogProps) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <ShoppingCart aria-hidden="true" className="size-4" />
        {i18n._("my_quotes.order_button")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={i18n._("my_quotes.order_title", { number: props.quote.number })}
        description={i18n._("my_quotes.order_intro")}
        closeLabel={i18n._("my_quotes.close")}
        size="lg"
      >
        {/* Inside the dialog, so that closing it starts the next order afresh. */}
        <OrderForm {...props} onClose={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

/** The order, posted to the quote page's action (intent "order"); once placed, the order's page opens. */
function OrderForm({ quote, options, locale, onClose }: OrderDialogProps & { onClose: () => void }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const id = useId();
  const services = options.parcelServices.filter((s) => s.active && s.currency === quote.currency);
  const { addresses, terms } = options;
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: orderForm,
    defaultValue: {
      quote_id: quote.id,
      lines: quote.lines.map((line) => ({ line_id: line.id, quantity: line.tiers[0]?.quantity })),
      parcel_service_id: preselectedParcelService(services, options.defaultParcelServiceId)?.id,
      billing_address_id: (addresses.find((a) => a.is_billing) ?? addresses[0])?.id,
      shipping_address_id: (addresses.find((a) => a.is_shipping) ?? addresses[0])?.id,
      terms_version: terms.version,
    },
    onDone: async (placed?: OrderPlaced) => {
      if (!placed) return;
      await navigate(href("my-order", locale, { order: placed.order_id }));
      showToast({
        title: i18n._("my_quotes.order_placed", { number: placed.order_number }),
        description: i18n._("my_quotes.order_placed_quote", {
          number: quote.number,
          status: statusKey(placed.quote_status),
        }),
        color: "success",
      });
    },
  });

  const lineFields = fields.lines.getFieldList();
  // The summary follows the choices as they are made (Conform keeps the form's current values).
  const choices: LineChoices = Object.fromEntries(
    quote.lines.map((line, index) => {
      const quantity = lineFields[index]?.getFieldset().quantity.value;
      return [line.id, quantity ? Number(quantity) : null];
    }),
  );
  const service = services.find((s) => s.id === fields.parcel_service_id.value);
  const summary = orderSummary(quote, choices, service?.price_minor ?? 0);
  const money = (minor: number) => formatMoney(minor, quote.currency, locale);
  const error = (field: keyof z.input<typeof orderForm>) =>
    formErrorText(i18n, fields[field].errors, `my_quotes.order_error_${field}`);
  const errors = {
    lines: error("lines"),
    parcel_service_id: error("parcel_service_id"),
    billing_address_id: error("billing_address_id"),
    shipping_address_id: error("shipping_address_id"),
    po_number: error("po_number"),
    terms_version: error("terms_version"),
    accept_terms: error("accept_terms"),
  };
  const problem =
    formErrorText(i18n, fields.quote_id.errors, "my_quotes.order_error_quote_id") ??
    formErrorText(i18n, formErrors, "my_quotes.action_failed");

  const errorId = (field: string) => `${id}-${field}-error`;
  const described = (field: keyof typeof errors) => (errors[field] ? errorId(field) : undefined);

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-6">
      <IntentField intent="order" />
      <input {...getInputProps(fields.quote_id, { type: "hidden" })} />
      <input {...getInputProps(fields.terms_version, { type: "hidden" })} />
      <fieldset aria-describedby={described("lines")}>
        <legend className="text-base font-semibold">{i18n._("my_quotes.order_lines")}</legend>
        <FieldError id={errorId("lines")}>{errors.lines}</FieldError>
        <div className="mt-3 space-y-4">
          {quote.lines.map((line, index) => {
            const { line_id, quantity } = lineFields[index]!.getFieldset();
            return (
              <fieldset
                key={line.id}
                className="rounded-lg border border-neutral-200 p-3 dark:border-neutral-700"
              >
                <legend className="px-1 text-sm font-semibold break-words">
                  {i18n._("my_quotes.order_line_legend", {
                    position: line.position,
                    description: line.description,
                  })}
                </legend>
                <input {...getInputProps(line_id, { type: "hidden" })} />
                <div className="grid gap-2 sm:grid-cols-2">
                  {line.tiers.map((tier) => (
                    <label key={tier.quantity} className={choiceClass}>
                      <input
                        type="radio"
                        name={quantity.name}
                        value={tier.quantity}
                        defaultChecked={quantity.initialValue === String(tier.quantity)}
                        className={radioClass}
                      />
                      <span>
                        <span className="block font-semibold">
                          {i18n._("my_quotes.pieces", {
                            count: tier.quantity,
                            formatted: formatNumber(tier.quantity, locale),
                          })}
                        </span>
                        <span className="block text-neutral-700 dark:text-neutral-300">
                          {i18n._("my_quotes.order_tier_detail", {
                            unit: money(tier.unit_price_minor ?? 0),
                            total: money(tier.total_minor ?? 0),
                          })}
                        </span>
                      </span>
                    </label>
                  ))}
                  <label className={choiceClass}>
                    <input
                      type="radio"
                      name={quantity.name}
                      value=""
                      defaultChecked={!quantity.initialValue}
                      className={radioClass}
                    />
                    <span className="font-semibold">{i18n._("my_quotes.order_skip_line")}</span>
                  </label>
                </div>
              </fieldset>
            );
          })}
        </div>
      </fieldset>

      <fieldset aria-describedby={described("parcel_service_id")}>
        <legend className="text-base font-semibold">{i18n._("my_quotes.order_parcel")}</legend>
        {services.length === 0 ? (
          <Alert variant="warning" className="mt-3">
            {i18n._("my_quotes.order_no_parcel")}
          </Alert>
        ) : (
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {services.map((s) => (
              <label key={s.id} className={choiceClass}>
                <input
                  type="radio"
                  name={fields.parcel_service_id.name}
                  value={s.id}
                  defaultChecked={fields.parcel_service_id.initialValue === s.id}
                  className={radioClass}
                />
                <span>
                  <span className="block font-semibold">
                    {s.name} <span className="font-normal">({s.carrier})</span>
                  </span>
                  <span className="block text-neutral-700 dark:text-neutral-300">
                    {i18n._("my_quotes.order_parcel_detail", {
                      price: formatMoney(s.price_minor, s.currency, locale),
                      days: s.transit_days,
                    })}
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
        <FieldError id={errorId("parcel_service_id")}>{errors.parcel_service_id}</FieldError>
      </fieldset>

      <div>
        <h3 className="text-base font-semibold">{i18n._("my_quotes.order_addresses")}</h3>
        {addresses.length === 0 ? (
          <Alert variant="warning" className="mt-3">
            {i18n._("my_quotes.order_no_addresses")}{" "}
            <Link to={href("my-companies", locale)} className="font-semibold underline">
              {i18n._("my_quotes.order_add_address")}
            </Link>
          </Alert>
        ) : (
          <div className="mt-3 grid gap-4">
            {(["billing", "shipping"] as const).map((use) => {
              const field = use === "billing" ? fields.billing_address_id : fields.shipping_address_id;
              return (
                <FormField
                  key={use}
                  label={i18n._(`my_quotes.order_${use}`)}
                  error={errors[`${use}_address_id`]}
                >
                  {(f) => (
                    <select {...getSelectProps(field)} {...f} className={inputClassName}>
                      {addresses.map((a) => (
                        <option key={a.id} value={a.id}>
                          {addressLine(a)}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              );
            })}
          </div>
        )}
      </div>

      <FormField
        label={i18n._("my_quotes.order_po")}
        description={i18n._("my_quotes.order_po_hint")}
        error={errors.po_number}
        className="sm:max-w-sm"
      >
        {(f) => (
          <Input
            {...getInputProps(fields.po_number, { type: "text" })}
            {...f}
            required
            maxLength={50}
            autoComplete="off"
          />
        )}
      </FormField>

      <div>
        <h3 id={`${id}-terms`} className="text-base font-semibold">
          {terms.title}
        </h3>
        <div
          role="region"
          tabIndex={0}
          aria-labelledby={`${id}-terms`}
          className="mt-2 max-h-48 overflow-y-auto rounded-md border border-neutral-300 bg-neutral-50 p-3 text-sm whitespace-pre-line focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-neutral-700 dark:bg-neutral-950"
        >
          {terms.text}
        </div>
        <label className="mt-3 flex items-start gap-3 text-sm font-semibold">
          <input
            {...getInputProps(fields.accept_terms, { type: "checkbox", ariaAttributes: false })}
            aria-invalid={errors.accept_terms || errors.terms_version ? true : undefined}
            aria-describedby={described("accept_terms") ?? described("terms_version")}
            className="mt-0.5 size-4 shrink-0 accent-primary-700 dark:accent-primary-400"
          />
          {i18n._("my_quotes.order_accept_terms")}
        </label>
        <FieldError id={errorId("accept_terms")}>{errors.accept_terms}</FieldError>
        <FieldError id={errorId("terms_version")}>{errors.terms_version}</FieldError>
      </div>

      <section
        aria-labelledby={`${id}-summary`}
        className="rounded-lg border border-neutral-300 bg-neutral-50 p-4 dark:border-neutral-700 dark:bg-neutral-950"
      >
        <h3 id={`${id}-summary`} className="text-base font-semibold">
          {i18n._("my_quotes.order_summary")}
        </h3>
        <dl className="mt-2 space-y-1 text-sm" aria-live="polite">
          <div className="flex justify-between gap-4">
            <dt>{i18n._("my_quotes.order_summary_lines", { count: summary.ordered_lines })}</dt>
            <dd className="tabular-nums">{money(summary.lines_minor)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{i18n._("my_quotes.order_summary_shipping")}</dt>
            <dd className="tabular-nums">{money(summary.shipping_minor)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-neutral-300 pt-1 dark:border-neutral-700">
            <dt>{i18n._("my_quotes.order_summary_subtotal")}</dt>
            <dd className="tabular-nums">{money(summary.subtotal_minor)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>{i18n._("my_quotes.order_summary_vat", { rate: formatRate(quote.tax_rate_bp, locale) })}</dt>
            <dd className="tabular-nums">{money(summary.tax_minor)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-neutral-300 pt-1 text-base font-bold dark:border-neutral-700">
            <dt>{i18n._("my_quotes.order_summary_total")}</dt>
            <dd className="tabular-nums">{money(summary.total_minor)}</dd>
          </div>
        </dl>
        {summary.outcome ? (
          <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
            {i18n._("my_quotes.order_outcome", { status: statusKey(summary.outcome) })}
          </p>
        ) : null}
      </section>

      {problem ? <Alert variant="error">{problem}</Alert> : null}

      <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-800">
        <Button type="button" variant="outline" onClick={onClose}>
          {i18n._("my_quotes.cancel")}
        </Button>
        <Button type="submit" loading={busy} disabled={services.length === 0 || addresses.length === 0}>
          {i18n._("my_quotes.order_submit", { total: money(summary.total_minor) })}
        </Button>
      </div>
    </fetcher.Form>
  );
}
