import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { formatNumber } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import { deliveryNoteCreateSchema, invoiceCreateSchema } from "@ems/contracts/billing";
import { orderStatusChangeSchema, type OrderStatus, type StaffOrderDetails } from "@ems/contracts/orders";
import { FileText, Truck } from "lucide-react";
import { useState } from "react";
import { z } from "zod";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import { useLocale } from "~/lib/use-locale";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { useIssueText } from "./quote-actions";
import { mutedClass, StaffProblem } from "./staff-ui";

/** The status changes the API allows now (next_statuses), each after a confirmation. */
export function StatusActions({ order }: { order: StaffOrderDetails }) {
  const { i18n } = useLingui();
  const [target, setTarget] = useState<OrderStatus | null>(null);
  return (
    <>
      {order.next_statuses.map((status) => (
        <Button
          key={status}
          variant={status === "cancelled" ? "outline" : "secondary"}
          onClick={() => setTarget(status)}
        >
          {i18n._("staff.order_status_action", { status })}
        </Button>
      ))}
      {/* It stays until its answer is in, though the new status may allow no further change. */}
      {target ? <StatusDialog order={order} target={target} onClose={() => setTarget(null)} /> : null}
    </>
  );
}

function StatusDialog({
  order,
  target,
  onClose,
}: {
  order: StaffOrderDetails;
  target: OrderStatus;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: orderStatusChangeSchema,
    defaultValue: { status: target },
    success: i18n._("staff.order_status_changed", { number: order.number, status: target }),
    onDone: onClose,
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={i18n._("staff.order_status_confirm_title", { status: target, number: order.number })}
      description={i18n._("staff.order_status_confirm_text", { status: target })}
      closeLabel={i18n._("staff.close")}
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
        <IntentField intent="status" />
        <input {...getInputProps(fields.status, { type: "hidden" })} />
        <StaffProblem codes={formErrors ?? fields.status.errors} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" variant={target === "cancelled" ? "destructive" : "primary"} loading={busy}>
            {i18n._("staff.order_status_action", { status: target })}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

/** Quantities still to ship per line: ordered minus what earlier delivery notes shipped. */
export function remainingByLine(order: Pick<StaffOrderDetails, "lines">): Record<string, number> {
  return Object.fromEntries(order.lines.map((l) => [l.id, Math.max(0, l.quantity - l.delivered_quantity)]));
}

const OPEN_FOR_DOCUMENTS = (order: StaffOrderDetails) =>
  order.status !== "cancelled" && order.status !== "completed";

/** The error of a quantity above what is left to ship of its line. */
const TOO_MANY = "TOO_MANY";

/**
 * The delivery dialog's fields: the API's body (POST /api/staff/deliveries) with a quantity for each
 * line left to ship, where an empty or 0 quantity leaves the line out, and what is left of it (the
 * API refuses more; the form says so beside the line).
 */
export const deliveryForm = deliveryNoteCreateSchema
  .extend({
    lines: z.array(
      z
        .object({
          order_line_id: z.uuid(),
          remaining: z.number().int(),
          quantity: z.number().int().min(0).optional(),
        })
        .refine((line) => (line.quantity ?? 0) <= line.remaining, { path: ["quantity"], message: TOO_MANY }),
    ),
  })
  .transform(({ lines, ...note }) => ({
    ...note,
    lines: lines.flatMap(({ order_line_id, quantity }) => (quantity ? [{ order_line_id, quantity }] : [])),
  }))
  .pipe(deliveryNoteCreateSchema);

/** "Create delivery note": carrier, tracking number and what ships now. */
export function DeliveryNoteButton({ order }: { order: StaffOrderDetails }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const remaining = remainingByLine(order);
  const anyLeft = Object.values(remaining).some((q) => q > 0);
  const allowed = OPEN_FOR_DOCUMENTS(order) && anyLeft;
  return (
    <>
      <Button variant="outline" disabled={!allowed} onClick={() => setOpen(true)}>
        <Truck aria-hidden="true" className="size-4" />
        {i18n._("staff.create_delivery_note")}
      </Button>
      {!anyLeft ? <p className={mutedClass}>{i18n._("staff.all_delivered")}</p> : null}
      {open ? <DeliveryDialog order={order} remaining={remaining} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function DeliveryDialog({
  order,
  remaining,
  onClose,
}: {
  order: StaffOrderDetails;
  remaining: Record<string, number>;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const issueText = useIssueText();
  // The lines as the dialog opened: shipping them changes what is left.
  const [open] = useState(() =>
    order.lines
      .map((line) => ({ ...line, remaining: remaining[line.id] ?? 0 }))
      .filter((line) => line.remaining > 0)
      .sort((a, b) => a.position - b.position),
  );
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: deliveryForm,
    defaultValue: {
      order_id: order.id,
      carrier: order.parcel_service.name,
      lines: open.map((line) => ({
        order_line_id: line.id,
        remaining: line.remaining,
        quantity: line.remaining,
      })),
    },
    success: i18n._("staff.delivery_note_created"),
    onDone: onClose,
  });
  const lineFields = fields.lines.getFieldList();
  const linesError = formErrorText(i18n, fields.lines.errors, "staff.error_nothing_to_ship");

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={i18n._("staff.create_delivery_note")}
      description={i18n._("staff.delivery_note_intro", { number: order.number })}
      closeLabel={i18n._("staff.close")}
      size="lg"
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
        <IntentField intent="delivery" />
        <input {...getInputProps(fields.order_id, { type: "hidden" })} />
        <StaffProblem codes={formErrors ?? fields.order_id.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={i18n._("staff.carrier")}
            error={issueText(fields.carrier, deliveryNoteCreateSchema.shape.carrier)}
          >
            {(f) => (
              <Input {...getInputProps(fields.carrier, { type: "text" })} {...f} maxLength={80} required />
            )}
          </FormField>
          <FormField
            label={i18n._("staff.tracking_number")}
            error={issueText(fields.tracking_number, deliveryNoteCreateSchema.shape.tracking_number)}
          >
            {(f) => (
              <Input {...getInputProps(fields.tracking_number, { type: "text" })} {...f} maxLength={80} />
            )}
          </FormField>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">{i18n._("staff.ship_quantities")}</legend>
          <p className={mutedClass}>{i18n._("staff.ship_quantities_hint")}</p>
          {linesError ? (
            <p className="text-sm font-medium text-red-700 dark:text-red-400" role="alert">
              {linesError}
            </p>
          ) : null}
          {open.map((line, i) => {
            const item = lineFields[i]!.getFieldset();
            const quantityError = item.quantity.errors?.includes(TOO_MANY)
              ? i18n._("staff.error_max_value", { max: line.remaining })
              : item.quantity.errors
                ? i18n._("staff.error_whole_number")
                : undefined;
            return (
              <FormField
                key={line.id}
                label={i18n._("staff.ship_line", { position: line.position, description: line.description })}
                description={i18n._("staff.ship_line_hint", {
                  remaining: line.remaining,
                  ordered: line.quantity,
                })}
                error={quantityError}
              >
                {(f) => (
                  <>
                    <input {...getInputProps(item.order_line_id, { type: "hidden" })} />
                    <input {...getInputProps(item.remaining, { type: "hidden" })} />
                    <Input
                      {...getInputProps(item.quantity, { type: "number" })}
                      {...f}
                      inputMode="numeric"
                      min={0}
                      max={line.remaining}
                      className="max-w-40"
                    />
                  </>
                )}
              </FormField>
            );
          })}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {i18n._("staff.create_delivery_note")}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

/** The error of a quantity above what is shipped and not yet invoiced, without advance billing. */
const BEYOND_SHIPPED = "BEYOND_SHIPPED";
/** Advance billing ticked without a reason of at least three characters. */
const ADVANCE_REASON_MISSING = "ADVANCE_REASON_MISSING";
export const ADVANCE_REASON_MAX = 500;

/**
 * The invoice dialog's fields: a quantity for each line not invoiced in full (an empty or 0 quantity
 * leaves the line out), with what is shipped and not invoiced and what is ordered and not invoiced;
 * the shipping; and advance billing with its reason. Posts the API's body (POST /api/staff/invoices):
 * the API refuses more than shipped minus invoiced unless the invoice bills in advance, and so does
 * the form, beside the line. One line must bill something: a body without lines would bill them all.
 */
export const invoiceForm = z
  .object({
    order_id: z.uuid(),
    lines: z.array(
      z.object({
        order_line_id: z.uuid(),
        shipped_left: z.number().int(),
        ordered_left: z.number().int(),
        quantity: z.number().int().min(0).optional(),
      }),
    ),
    // A checkbox posts nothing when it is not ticked.
    include_shipping: z.boolean().default(false),
    advance: z.boolean().default(false),
    reason: z.string().max(ADVANCE_REASON_MAX).optional(),
  })
  .superRefine((form, ctx) => {
    form.lines.forEach((line, i) => {
      const most = form.advance ? line.ordered_left : line.shipped_left;
      if ((line.quantity ?? 0) > most)
        ctx.addIssue({
          code: "custom",
          path: ["lines", i, "quantity"],
          message: form.advance ? TOO_MANY : BEYOND_SHIPPED,
        });
    });
    if (form.advance && (form.reason ?? "").trim().length < 3)
      ctx.addIssue({ code: "custom", path: ["reason"], message: ADVANCE_REASON_MISSING });
  })
  .transform(
    ({ order_id, lines, include_shipping, advance, reason }): z.input<typeof invoiceCreateSchema> => ({
      order_id,
      lines: lines.flatMap(({ order_line_id, quantity }) => (quantity ? [{ order_line_id, quantity }] : [])),
      include_shipping,
      ...(advance ? { advance_billing: { reason: (reason ?? "").trim() } } : {}),
    }),
  )
  .pipe(invoiceCreateSchema);

/** Per line: what is shipped and not yet invoiced, and what is ordered and not yet invoiced. */
function billableOf(line: StaffOrderDetails["lines"][number]) {
  const shipped = Math.min(line.delivered_quantity, line.quantity);
  return {
    shippedLeft: Math.max(0, shipped - line.invoiced_quantity),
    orderedLeft: Math.max(0, line.quantity - line.invoiced_quantity),
  };
}

/** "Create invoice": the delivered quantities not billed yet (or more, billed in advance), and the shipping. */
export function InvoiceButton({ order }: { order: StaffOrderDetails }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const anyLeft = order.lines.some((line) => billableOf(line).orderedLeft > 0);
  const allowed = order.status !== "cancelled" && anyLeft;
  return (
    <>
      <Button variant="outline" disabled={!allowed} onClick={() => setOpen(true)}>
        <FileText aria-hidden="true" className="size-4" />
        {i18n._("staff.create_invoice")}
      </Button>
      {!anyLeft ? <p className={mutedClass}>{i18n._("staff.all_invoiced")}</p> : null}
      {open ? <InvoiceDialog order={order} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function InvoiceDialog({ order, onClose }: { order: StaffOrderDetails; onClose: () => void }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const number = (value: number) => formatNumber(value, locale);
  // The lines as the dialog opened: billing them changes what is left.
  const [unbilled] = useState(() =>
    order.lines
      .map((line) => ({ ...line, ...billableOf(line) }))
      .filter((line) => line.orderedLeft > 0)
      .sort((a, b) => a.position - b.position),
  );
  const [advance, setAdvance] = useState(false);
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: invoiceForm,
    defaultValue: {
      order_id: order.id,
      lines: unbilled.map((line) => ({
        order_line_id: line.id,
        shipped_left: line.shippedLeft,
        ordered_left: line.orderedLeft,
        quantity: line.shippedLeft,
      })),
      include_shipping: order.invoices.length === 0 && order.shipping_minor > 0,
      advance: false,
    },
    success: i18n._("staff.invoice_created"),
    onDone: onClose,
  });
  const lineFields = fields.lines.getFieldList();
  const linesError = formErrorText(i18n, fields.lines.errors, "staff.error_nothing_to_ship");
  const reasonError = formErrorText(i18n, fields.reason.errors, "staff.error_invalid", {
    [ADVANCE_REASON_MISSING]: "staff.advance_reason_missing",
  });

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={i18n._("staff.create_invoice")}
      description={i18n._("staff.invoice_intro", { number: order.number })}
      closeLabel={i18n._("staff.close")}
      size="lg"
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
        <IntentField intent="invoice" />
        <input {...getInputProps(fields.order_id, { type: "hidden" })} />
        <StaffProblem codes={formErrors ?? fields.order_id.errors} />
        <p className={mutedClass}>{i18n._("staff.invoice_quantities_hint")}</p>
        {linesError ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-400" role="alert">
            {linesError}
          </p>
        ) : null}
        {unbilled.map((line, i) => {
          const item = lineFields[i]!.getFieldset();
          const most = advance ? line.orderedLeft : line.shippedLeft;
          const quantityError = item.quantity.errors?.includes(BEYOND_SHIPPED)
            ? i18n._("staff.error_beyond_shipped", { max: number(line.shippedLeft) })
            : item.quantity.errors?.includes(TOO_MANY)
              ? i18n._("staff.error_max_value", { max: most })
              : item.quantity.errors
                ? i18n._("staff.error_whole_number")
                : undefined;
          return (
            <fieldset
              key={line.id}
              className="space-y-2 rounded-xl border border-neutral-200 p-3 dark:border-neutral-800"
            >
              <legend className="px-1 text-sm font-semibold">
                {i18n._("staff.ship_line", { position: line.position, description: line.description })}
              </legend>
              <p className={mutedClass}>
                {i18n._("staff.invoice_line_figures", {
                  ordered: number(line.quantity),
                  shipped: number(line.delivered_quantity),
                  invoiced: number(line.invoiced_quantity),
                })}
              </p>
              <FormField label={i18n._("staff.invoice_quantity")} error={quantityError}>
                {(f) => (
                  <>
                    <input {...getInputProps(item.order_line_id, { type: "hidden" })} />
                    <input {...getInputProps(item.shipped_left, { type: "hidden" })} />
                    <input {...getInputProps(item.ordered_left, { type: "hidden" })} />
                    <Input
                      {...getInputProps(item.quantity, { type: "number" })}
                      {...f}
                      inputMode="numeric"
                      min={0}
                      max={most}
                      className="max-w-40"
                    />
                  </>
                )}
              </FormField>
            </fieldset>
          );
        })}
        <label className="flex items-start gap-3 text-sm">
          <input
            {...getInputProps(fields.include_shipping, { type: "checkbox" })}
            className="mt-0.5 size-4 accent-primary-700"
          />
          <span>{i18n._("staff.invoice_shipping")}</span>
        </label>
        <div className="space-y-2">
          <label className="flex items-start gap-3 text-sm">
            <input
              {...getInputProps(fields.advance, { type: "checkbox" })}
              onChange={(event) => setAdvance(event.currentTarget.checked)}
              className="mt-0.5 size-4 accent-primary-700"
            />
            <span>{i18n._("staff.advance_billing")}</span>
          </label>
          {advance ? (
            <div className="space-y-1.5">
              <label htmlFor={fields.reason.id} className="text-sm font-semibold">
                {i18n._("staff.advance_reason")}
              </label>
              <Textarea
                {...getTextareaProps(fields.reason)}
                required
                minLength={3}
                maxLength={ADVANCE_REASON_MAX}
                rows={2}
                aria-describedby={`${fields.reason.descriptionId}${reasonError ? ` ${fields.reason.errorId}` : ""}`}
                className="min-h-16"
              />
              <p id={fields.reason.descriptionId} className={mutedClass}>
                {i18n._("staff.advance_reason_hint")}
              </p>
              {reasonError ? (
                <p id={fields.reason.errorId} className="text-sm font-medium text-red-700 dark:text-red-400">
                  {reasonError}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {i18n._("staff.create_invoice")}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
