import { useLingui } from "@lingui/react";
import {
  staffInvoiceEndpoints,
  staffDeliveryEndpoints,
  deliveryNoteCreateSchema,
  invoiceCreateSchema,
} from "@ems/contracts/billing";
import type { OrderStatus, StaffOrderDetails } from "@ems/contracts/orders";
import { FileText, Truck } from "lucide-react";
import { useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { browserApi } from "~/lib/browser-api";

import { parseWhole } from "./format";
import { issueMessage, type FieldErrors } from "./quote-lines";
import { mutedClass } from "./staff-ui";
import { useFieldError, useStaffAction } from "./use-staff-action";
import { call } from "~/lib/api-client";
import { staffOrderEndpoints } from "@ems/contracts/orders";

/** The status changes the API allows now (next_statuses), each after a confirmation. */
export function StatusActions({ order }: { order: StaffOrderDetails }) {
  const { i18n } = useLingui();
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const { run, pending } = useStaffAction();
  if (order.next_statuses.length === 0) return null;

  async function confirm() {
    if (!target) return;
    const done = await run(
      () =>
        call(browserApi(), staffOrderEndpoints.changeStatus, {
          params: { id: order.id },
          body: { status: target },
        }),
      i18n._("staff.order_status_changed", { number: order.number, status: target }),
    );
    if (done) setTarget(null);
  }

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
      <Dialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={i18n._("staff.order_status_confirm_title", { status: target ?? "", number: order.number })}
        description={i18n._("staff.order_status_confirm_text", { status: target ?? "" })}
        closeLabel={i18n._("staff.close")}
      >
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => setTarget(null)}>
            {i18n._("staff.cancel")}
          </Button>
          <Button
            variant={target === "cancelled" ? "destructive" : "primary"}
            loading={pending}
            onClick={() => void confirm()}
          >
            {i18n._("staff.order_status_action", { status: target ?? "" })}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

/** Quantities still to ship per line: ordered minus what earlier delivery notes shipped. */
export function remainingByLine(order: Pick<StaffOrderDetails, "lines">): Record<string, number> {
  return Object.fromEntries(order.lines.map((l) => [l.id, Math.max(0, l.quantity - l.delivered_quantity)]));
}

const OPEN_FOR_DOCUMENTS = (order: StaffOrderDetails) =>
  order.status !== "cancelled" && order.status !== "completed";

/** "Create delivery note": carrier, tracking number and what ships now (POST /api/staff/deliveries). */
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
  const open = order.lines.filter((l) => (remaining[l.id] ?? 0) > 0).sort((a, b) => a.position - b.position);
  const [carrier, setCarrier] = useState(order.parcel_service.name);
  const [tracking, setTracking] = useState("");
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(open.map((l) => [l.id, String(remaining[l.id])])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const { run, pending, fieldErrors } = useStaffAction();
  const error = useFieldError({ ...fieldErrors, ...errors });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrors = {};
    const lines: { order_line_id: string; quantity: number }[] = [];
    for (const line of open) {
      const text = quantities[line.id] ?? "";
      if (text.trim() === "" || text.trim() === "0") continue;
      const quantity = parseWhole(text);
      const max = remaining[line.id] ?? 0;
      if (quantity === null) found[`quantity.${line.id}`] = { key: "staff.error_whole_number" };
      else if (quantity > max)
        found[`quantity.${line.id}`] = { key: "staff.error_max_value", values: { max } };
      else lines.push({ order_line_id: line.id, quantity });
    }
    const body = {
      order_id: order.id,
      carrier,
      ...(tracking.trim() ? { tracking_number: tracking } : {}),
      lines,
    };
    const parsed = deliveryNoteCreateSchema.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join(".");
        if (path === "lines") found.lines = { key: "staff.error_nothing_to_ship" };
        else if (!(path in found)) found[path] = issueMessage(issue);
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    const created = await run(
      () => call(browserApi(), staffDeliveryEndpoints.create, { body: parsed.data }),
      i18n._("staff.delivery_note_created"),
    );
    if (created) onClose();
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={i18n._("staff.create_delivery_note")}
      description={i18n._("staff.delivery_note_intro", { number: order.number })}
      closeLabel={i18n._("staff.close")}
      size="lg"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={i18n._("staff.carrier")} error={error("carrier")}>
            {(f) => (
              <Input
                {...f}
                value={carrier}
                onChange={(e) => setCarrier(e.target.value)}
                maxLength={80}
                required
              />
            )}
          </FormField>
          <FormField label={i18n._("staff.tracking_number")} error={error("tracking_number")}>
            {(f) => (
              <Input {...f} value={tracking} onChange={(e) => setTracking(e.target.value)} maxLength={80} />
            )}
          </FormField>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">{i18n._("staff.ship_quantities")}</legend>
          <p className={mutedClass}>{i18n._("staff.ship_quantities_hint")}</p>
          {error("lines") ? (
            <p className="text-sm font-medium text-red-700 dark:text-red-400" role="alert">
              {error("lines")}
            </p>
          ) : null}
          {open.map((line) => (
            <FormField
              key={line.id}
              label={i18n._("staff.ship_line", { position: line.position, description: line.description })}
              description={i18n._("staff.ship_line_hint", {
                remaining: remaining[line.id] ?? 0,
                ordered: line.quantity,
              })}
              error={error(`quantity.${line.id}`)}
            >
              {(f) => (
                <Input
                  {...f}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={remaining[line.id]}
                  value={quantities[line.id] ?? ""}
                  onChange={(e) => setQuantities((q) => ({ ...q, [line.id]: e.target.value }))}
                  className="max-w-40"
                />
              )}
            </FormField>
          ))}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {i18n._("staff.create_delivery_note")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** "Create invoice": the lines not billed yet, and the shipping (POST /api/staff/invoices). */
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
  const unbilled = order.lines.filter((l) => !l.invoiced).sort((a, b) => a.position - b.position);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(unbilled.map((l) => l.id)));
  const [shipping, setShipping] = useState(order.invoices.length === 0 && order.shipping_minor > 0);
  const [problem, setProblem] = useState<string | null>(null);
  const { run, pending } = useStaffAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const lines = unbilled.filter((l) => selected.has(l.id)).map((l) => ({ order_line_id: l.id }));
    if (unbilled.length > 0 && lines.length === 0) {
      setProblem(i18n._("staff.error_choose_lines"));
      return;
    }
    const parsed = invoiceCreateSchema.safeParse({
      order_id: order.id,
      ...(lines.length > 0 ? { lines } : {}),
      include_shipping: shipping,
    });
    if (!parsed.success) {
      setProblem(i18n._("staff.error_invalid"));
      return;
    }
    setProblem(null);
    const created = await run(
      () => call(browserApi(), staffInvoiceEndpoints.create, { body: parsed.data }),
      i18n._("staff.invoice_created"),
    );
    if (created) onClose();
  }

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={i18n._("staff.create_invoice")}
      description={i18n._("staff.invoice_intro", { number: order.number })}
      closeLabel={i18n._("staff.close")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">{i18n._("staff.invoice_lines")}</legend>
          {unbilled.length === 0 ? <p className={mutedClass}>{i18n._("staff.all_invoiced")}</p> : null}
          {unbilled.map((line) => (
            <label key={line.id} className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                checked={selected.has(line.id)}
                onChange={(e) => toggle(line.id, e.target.checked)}
                className="mt-0.5 size-4 accent-primary-700"
              />
              <span>
                {i18n._("staff.ship_line", { position: line.position, description: line.description })}
              </span>
            </label>
          ))}
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              checked={shipping}
              onChange={(e) => setShipping(e.target.checked)}
              className="mt-0.5 size-4 accent-primary-700"
            />
            <span>{i18n._("staff.invoice_shipping")}</span>
          </label>
        </fieldset>
        {problem ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-400" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {i18n._("staff.create_invoice")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
