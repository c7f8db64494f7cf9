import { getCollectionProps, getFormProps, getInputProps } from "@conform-to/react";
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
import { formErrorText } from "~/lib/form-errors";
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

/**
 * The invoice dialog's fields: the ticked lines (each posts its id) and the shipping, as the API's
 * body (POST /api/staff/invoices). The dialog only opens while lines are left to bill, and one must
 * be ticked: a body without lines would bill them all.
 */
export const invoiceForm = z
  .object({
    order_id: z.uuid(),
    lines: z.array(z.uuid()).min(1),
    include_shipping: z.boolean().default(false),
  })
  .transform(({ lines, ...invoice }): z.input<typeof invoiceCreateSchema> => ({
    ...invoice,
    lines: lines.map((order_line_id) => ({ order_line_id })),
  }))
  .pipe(invoiceCreateSchema);

/** "Create invoice": the lines not billed yet, and the shipping. */
export function InvoiceButton({ order }: { order: StaffOrderDetails }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const unbilled = order.lines.filter((l) => !l.invoiced);
  const allowed = order.status !== "cancelled" && (unbilled.length > 0 || order.invoices.length === 0);
  return (
    <>
      <Button variant="outline" disabled={!allowed} onClick={() => setOpen(true)}>
        <FileText aria-hidden="true" className="size-4" />
        {i18n._("staff.create_invoice")}
      </Button>
      {unbilled.length === 0 ? <p className={mutedClass}>{i18n._("staff.all_invoiced")}</p> : null}
      {open ? <InvoiceDialog order={order} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function InvoiceDialog({ order, onClose }: { order: StaffOrderDetails; onClose: () => void }) {
  const { i18n } = useLingui();
  // The lines as the dialog opened: billing them marks them invoiced.
  const [unbilled] = useState(() =>
    order.lines.filter((l) => !l.invoiced).sort((a, b) => a.position - b.position),
  );
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: invoiceForm,
    defaultValue: {
      order_id: order.id,
      lines: unbilled.map((line) => line.id),
      include_shipping: order.invoices.length === 0 && order.shipping_minor > 0,
    },
    success: i18n._("staff.invoice_created"),
    onDone: onClose,
  });
  const linesError = formErrorText(i18n, fields.lines.errors, "staff.error_choose_lines");
  const checkboxes = getCollectionProps(fields.lines, {
    type: "checkbox",
    options: unbilled.map((line) => line.id),
  });

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={i18n._("staff.create_invoice")}
      description={i18n._("staff.invoice_intro", { number: order.number })}
      closeLabel={i18n._("staff.close")}
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-4">
        <IntentField intent="invoice" />
        <input {...getInputProps(fields.order_id, { type: "hidden" })} />
        <StaffProblem codes={formErrors ?? fields.order_id.errors} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">{i18n._("staff.invoice_lines")}</legend>
          {unbilled.map((line, i) => {
            const { key, ...checkbox } = checkboxes[i]!;
            return (
              <label key={key} className="flex items-start gap-3 text-sm">
                <input {...checkbox} className="mt-0.5 size-4 accent-primary-700" />
                <span>
                  {i18n._("staff.ship_line", { position: line.position, description: line.description })}
                </span>
              </label>
            );
          })}
          <label className="flex items-start gap-3 text-sm">
            <input
              {...getInputProps(fields.include_shipping, { type: "checkbox" })}
              className="mt-0.5 size-4 accent-primary-700"
            />
            <span>{i18n._("staff.invoice_shipping")}</span>
          </label>
        </fieldset>
        {linesError ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-400" role="alert">
            {linesError}
          </p>
        ) : null}
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
