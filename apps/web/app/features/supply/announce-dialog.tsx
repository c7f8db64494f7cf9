import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import { useLingui } from "@lingui/react";
import {
  MATERIAL_LINES_MAX,
  MATERIAL_QUANTITY_MAX,
  PACKAGING,
  materialRequestCreateSchema,
  type MaterialRequest,
} from "@ems/contracts/material-requests";
import { Plus, Trash2 } from "lucide-react";
import { useRef, type InputHTMLAttributes } from "react";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { Input, inputClassName } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";
import { formErrorText } from "~/lib/form-errors";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";

export interface OrderOption {
  id: string;
  number: string;
  po_number: string;
}

/** What the route action answers once the delivery is announced. */
export type AnnouncedRequest = Pick<MaterialRequest, "number">;

const newPart = { mpn: "", manufacturer: "", description: "", quantity: "", packaging: "reel" };

/**
 * Announces parts the customer supplies for production: an optional order they are for, when and
 * how they arrive, and a table of parts with rows to add and remove. Posted to the page's action.
 */
export function AnnounceMaterialDialog({
  open,
  onOpenChange,
  orders,
  today,
  latest,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orders: OrderOption[];
  /** The first and last day a delivery may be announced for (UTC, YYYY-MM-DD). */
  today: string;
  latest: string;
}) {
  const { i18n } = useLingui();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={i18n._("supply.dialog_title")}
      description={i18n._("supply.dialog_intro")}
      closeLabel={i18n._("supply.close")}
      size="lg"
    >
      {/* Inside the dialog, so that closing it starts the next announcement afresh. */}
      <AnnounceForm orders={orders} today={today} latest={latest} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function AnnounceForm({
  orders,
  today,
  latest,
  onClose,
}: {
  orders: OrderOption[];
  today: string;
  latest: string;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const list = useRef<HTMLDivElement>(null);
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: materialRequestCreateSchema,
    defaultValue: { lines: [newPart] },
    onDone: (answer?: AnnouncedRequest) => {
      if (answer)
        showToast({ title: i18n._("supply.announced", { number: answer.number }), color: "success" });
      onClose();
    },
  });
  const parts = fields.lines.getFieldList();
  const headError = (field: "order_id" | "expected_on" | "carrier" | "tracking_number" | "notes") =>
    formErrorText(i18n, fields[field].errors, `supply.error_${field}`, {
      NOT_FOUND: "supply.error_order_missing",
    });
  const anyError = Object.keys(form.allErrors).length > 0;

  /** Focus a row's part number once the row list has changed. */
  function focusPart(index: number) {
    requestAnimationFrame(() => {
      const inputs = list.current?.querySelectorAll<HTMLInputElement>("input[data-mpn]");
      inputs?.[Math.min(index, inputs.length - 1)]?.focus();
    });
  }

  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={i18n._("supply.order")}
          description={i18n._("supply.order_hint")}
          error={headError("order_id")}
        >
          {(f) => (
            <select {...getSelectProps(fields.order_id)} {...f} className={inputClassName}>
              <option value="">{i18n._("supply.no_order")}</option>
              {orders.map((order) => (
                <option key={order.id} value={order.id}>
                  {order.po_number
                    ? i18n._("supply.order_option", { number: order.number, po: order.po_number })
                    : order.number}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={i18n._("supply.expected_on")} error={headError("expected_on")}>
          {(f) => (
            <Input
              {...getInputProps(fields.expected_on, { type: "date" })}
              {...f}
              required
              min={today}
              max={latest}
            />
          )}
        </FormField>
        <FormField label={i18n._("supply.carrier")} error={headError("carrier")}>
          {(f) => <Input {...getInputProps(fields.carrier, { type: "text" })} {...f} maxLength={80} />}
        </FormField>
        <FormField label={i18n._("supply.tracking_number")} error={headError("tracking_number")}>
          {(f) => (
            <Input {...getInputProps(fields.tracking_number, { type: "text" })} {...f} maxLength={80} />
          )}
        </FormField>
        <FormField label={i18n._("supply.notes")} error={headError("notes")} className="sm:col-span-2">
          {(f) => <Textarea {...getTextareaProps(fields.notes)} {...f} rows={3} maxLength={2000} />}
        </FormField>
      </div>

      <section aria-labelledby="parts-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="parts-title" className="font-semibold">
            {i18n._("supply.parts_title")}
          </h3>
          <p className="text-sm text-neutral-700 dark:text-neutral-300" aria-live="polite">
            {i18n._("supply.line_count", { count: parts.length })}
          </p>
        </div>
        {fields.lines.errors ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-400">{i18n._("supply.error_lines")}</p>
        ) : null}
        <div ref={list} className="space-y-3">
          {parts.map((part, index) => {
            const { mpn, manufacturer, description, quantity, packaging } = part.getFieldset();
            const rowInvalid = Object.keys(part.allErrors).length > 0;
            const errorId = `${part.id}-error`;
            const n = index + 1;
            return (
              <fieldset
                key={part.key}
                className="grid gap-3 rounded-lg border border-neutral-200 p-3 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1.4fr_0.7fr_0.9fr_auto] lg:items-end dark:border-neutral-700"
              >
                <legend className="px-1 text-sm font-semibold">{i18n._("supply.part_legend", { n })}</legend>
                <RowInput
                  label={i18n._("supply.mpn")}
                  field={mpn}
                  errorId={errorId}
                  data-mpn
                  required
                  maxLength={80}
                  className="font-mono"
                />
                <RowInput
                  label={i18n._("supply.manufacturer")}
                  field={manufacturer}
                  errorId={errorId}
                  maxLength={80}
                />
                <RowInput
                  label={i18n._("supply.description")}
                  field={description}
                  errorId={errorId}
                  maxLength={300}
                />
                <RowInput
                  label={i18n._("supply.quantity")}
                  field={quantity}
                  errorId={errorId}
                  type="number"
                  inputMode="numeric"
                  required
                  min={1}
                  max={MATERIAL_QUANTITY_MAX}
                  step={1}
                  className="tabular-nums"
                />
                <label className="space-y-1 text-sm font-semibold">
                  <span>{i18n._("supply.packaging")}</span>
                  <select
                    {...getSelectProps(packaging, { ariaAttributes: false })}
                    className={inputClassName}
                  >
                    {PACKAGING.map((value) => (
                      <option key={value} value={value}>
                        {i18n._("supply.packaging_value", { packaging: value })}
                      </option>
                    ))}
                  </select>
                </label>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="justify-self-end"
                  disabled={parts.length <= 1}
                  aria-label={i18n._("supply.remove_part", { n })}
                  onClick={() => {
                    form.remove({ name: fields.lines.name, index });
                    focusPart(Math.max(0, index - 1));
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
                {rowInvalid ? (
                  <p
                    id={errorId}
                    className="text-sm font-medium text-red-700 sm:col-span-2 lg:col-span-6 dark:text-red-400"
                  >
                    {i18n._("supply.error_part")}
                  </p>
                ) : null}
              </fieldset>
            );
          })}
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={parts.length >= MATERIAL_LINES_MAX}
          onClick={() => {
            form.insert({ name: fields.lines.name, defaultValue: newPart });
            focusPart(parts.length);
          }}
        >
          <Plus aria-hidden="true" className="size-4" />
          {i18n._("supply.add_part")}
        </Button>
      </section>

      <FormProblem
        codes={formErrors?.length ? formErrors : anyError ? ["CHECK"] : undefined}
        fallback="global.error"
        known={{
          CHECK: "supply.error_check",
          NOT_FOUND: "supply.error_order_missing",
          FORBIDDEN: "supply.error_forbidden",
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          {i18n._("supply.cancel")}
        </Button>
        <Button type="submit" loading={busy}>
          {i18n._("supply.submit")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** One cell of a part row: its label above, the row's shared error line named when it is wrong. */
function RowInput({
  label,
  field,
  errorId,
  type = "text",
  className,
  ...rest
}: {
  label: string;
  field: FieldMetadata<string | number | undefined>;
  errorId: string;
  type?: "text" | "number";
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "defaultValue">) {
  return (
    <label className="space-y-1 text-sm font-semibold">
      <span>{label}</span>
      <input
        {...getInputProps(field, { type, ariaAttributes: false })}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={field.errors ? errorId : undefined}
        {...rest}
        className={cn(inputClassName, className)}
      />
    </label>
  );
}
