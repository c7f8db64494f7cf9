import { useLingui } from "@lingui/react";
import {
  materialRequestEndpoints,
  PACKAGING,
  materialRequestCreateSchema,
  type Packaging,
} from "@ems/contracts/material-requests";
import { Plus, Trash2 } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { ApiError, call } from "~/lib/api-client";
import { browserApi } from "~/lib/browser-api";
import { cn } from "~/lib/cn";
import { notifyGlobalError, showToast } from "~/lib/toast";

import { canAddPart, canRemovePart, emptyPart, lineIssues, partsToLines, type PartRow } from "./parts";

export interface OrderOption {
  id: string;
  number: string;
  po_number: string;
}

const HEAD_FIELDS = ["order_id", "expected_on", "carrier", "tracking_number", "notes", "lines"] as const;
type HeadField = (typeof HEAD_FIELDS)[number];

interface Head {
  order_id: string;
  expected_on: string;
  carrier: string;
  tracking_number: string;
  notes: string;
}

const blankHead = (): Head => ({
  order_id: "",
  expected_on: "",
  carrier: "",
  tracking_number: "",
  notes: "",
});

/**
 * Announces parts the customer supplies for production (POST /api/material-requests): an optional
 * order they are for, when and how they arrive, and a table of parts with rows to add and remove.
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
  const revalidator = useRevalidator();
  const [head, setHead] = useState<Head>(blankHead);
  const [rows, setRows] = useState<PartRow[]>(() => [emptyPart()]);
  const [headErrors, setHeadErrors] = useState<Partial<Record<HeadField, string>>>({});
  const [rowErrors, setRowErrors] = useState<ReturnType<typeof lineIssues>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const list = useRef<HTMLDivElement>(null);

  const setField = (key: keyof Head, value: string) => setHead((h) => ({ ...h, [key]: value }));
  const setRow = (key: number, change: Partial<PartRow>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...change } : row)));

  function addRow() {
    setRows((all) => [...all, emptyPart()]);
    // Focus the new row's part number once it is rendered.
    requestAnimationFrame(() => {
      const inputs = list.current?.querySelectorAll<HTMLInputElement>("input[data-mpn]");
      inputs?.[inputs.length - 1]?.focus();
    });
  }

  function removeRow(key: number, index: number) {
    setRows((all) => all.filter((row) => row.key !== key));
    requestAnimationFrame(() => {
      const inputs = list.current?.querySelectorAll<HTMLInputElement>("input[data-mpn]");
      inputs?.[Math.max(0, index - 1)]?.focus();
    });
  }

  function reset() {
    setHead(blankHead());
    setRows([emptyPart()]);
    setHeadErrors({});
    setRowErrors({});
    setProblem(null);
  }

  function showIssues(paths: (readonly PropertyKey[])[]) {
    const nextHead: Partial<Record<HeadField, string>> = {};
    for (const path of paths) {
      const field = String(path[0] ?? "") as HeadField;
      if (HEAD_FIELDS.includes(field) && !(field === "lines" && path.length > 1))
        nextHead[field] ??= i18n._(`supply.error_${field}`);
    }
    setHeadErrors(nextHead);
    setRowErrors(lineIssues(rows, paths));
    setProblem(i18n._("supply.error_check"));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      ...(head.order_id ? { order_id: head.order_id } : {}),
      expected_on: head.expected_on,
      ...(head.carrier.trim() ? { carrier: head.carrier.trim() } : {}),
      ...(head.tracking_number.trim() ? { tracking_number: head.tracking_number.trim() } : {}),
      ...(head.notes.trim() ? { notes: head.notes.trim() } : {}),
      lines: partsToLines(rows),
    };
    const parsed = materialRequestCreateSchema.safeParse(body);
    if (!parsed.success) {
      showIssues(parsed.error.issues.map((issue) => issue.path));
      return;
    }
    setHeadErrors({});
    setRowErrors({});
    setProblem(null);
    setPending(true);
    try {
      const answer = await call(browserApi(), materialRequestEndpoints.create, { body: parsed.data });
      showToast({
        title: i18n._("supply.announced", { number: answer.data.number }),
        color: "success",
      });
      reset();
      onOpenChange(false);
      await revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      if (error instanceof ApiError && error.status === 400 && error.field) {
        showIssues([error.field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part))]);
        setProblem(i18n._("supply.error_api", { message: error.message }));
      } else if (error instanceof ApiError && error.status === 404) {
        setHeadErrors({ order_id: i18n._("supply.error_order_missing") });
        setProblem(i18n._("supply.error_order_missing"));
      } else if (error instanceof ApiError && error.status === 403) {
        setProblem(i18n._("supply.error_forbidden"));
      } else if (error instanceof ApiError && error.status < 500) {
        setProblem(error.message);
      } else {
        notifyGlobalError(i18n);
        setProblem(i18n._("global.error"));
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={i18n._("supply.dialog_title")}
      description={i18n._("supply.dialog_intro")}
      closeLabel={i18n._("supply.close")}
      size="lg"
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={i18n._("supply.order")}
            description={i18n._("supply.order_hint")}
            error={headErrors.order_id}
          >
            {(f) => (
              <select
                {...f}
                value={head.order_id}
                onChange={(e) => setField("order_id", e.target.value)}
                className={inputClassName}
              >
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
          <FormField label={i18n._("supply.expected_on")} error={headErrors.expected_on}>
            {(f) => (
              <Input
                {...f}
                type="date"
                required
                min={today}
                max={latest}
                value={head.expected_on}
                onChange={(e) => setField("expected_on", e.target.value)}
              />
            )}
          </FormField>
          <FormField label={i18n._("supply.carrier")} error={headErrors.carrier}>
            {(f) => (
              <Input
                {...f}
                value={head.carrier}
                maxLength={80}
                onChange={(e) => setField("carrier", e.target.value)}
              />
            )}
          </FormField>
          <FormField label={i18n._("supply.tracking_number")} error={headErrors.tracking_number}>
            {(f) => (
              <Input
                {...f}
                value={head.tracking_number}
                maxLength={80}
                onChange={(e) => setField("tracking_number", e.target.value)}
              />
            )}
          </FormField>
          <FormField label={i18n._("supply.notes")} error={headErrors.notes} className="sm:col-span-2">
            {(f) => (
              <textarea
                {...f}
                value={head.notes}
                rows={3}
                maxLength={2000}
                onChange={(e) => setField("notes", e.target.value)}
                className={cn(inputClassName, "h-auto py-2")}
              />
            )}
          </FormField>
        </div>

        <section aria-labelledby="parts-title" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="parts-title" className="font-semibold">
              {i18n._("supply.parts_title")}
            </h3>
            <p className="text-sm text-neutral-700 dark:text-neutral-300" aria-live="polite">
              {i18n._("supply.line_count", { count: rows.length })}
            </p>
          </div>
          {headErrors.lines ? (
            <p className="text-sm font-medium text-red-700 dark:text-red-400">{headErrors.lines}</p>
          ) : null}
          <div ref={list} className="space-y-3">
            {rows.map((row, index) => {
              const errors = rowErrors[row.key] ?? {};
              const invalid = (field: keyof PartRow) => (errors[field] ? true : undefined);
              const errorId = `part-${row.key}-error`;
              const described = (field: keyof PartRow) => (errors[field] ? errorId : undefined);
              const n = index + 1;
              return (
                <fieldset
                  key={row.key}
                  className="grid gap-3 rounded-lg border border-neutral-200 p-3 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1.4fr_0.7fr_0.9fr_auto] lg:items-end dark:border-neutral-700"
                >
                  <legend className="px-1 text-sm font-semibold">
                    {i18n._("supply.part_legend", { n })}
                  </legend>
                  <label className="space-y-1 text-sm font-semibold">
                    <span>{i18n._("supply.mpn")}</span>
                    <input
                      data-mpn
                      required
                      maxLength={80}
                      value={row.mpn}
                      aria-invalid={invalid("mpn")}
                      aria-describedby={described("mpn")}
                      onChange={(e) => setRow(row.key, { mpn: e.target.value })}
                      className={cn(inputClassName, "font-mono")}
                    />
                  </label>
                  <label className="space-y-1 text-sm font-semibold">
                    <span>{i18n._("supply.manufacturer")}</span>
                    <input
                      maxLength={80}
                      value={row.manufacturer}
                      aria-invalid={invalid("manufacturer")}
                      aria-describedby={described("manufacturer")}
                      onChange={(e) => setRow(row.key, { manufacturer: e.target.value })}
                      className={inputClassName}
                    />
                  </label>
                  <label className="space-y-1 text-sm font-semibold">
                    <span>{i18n._("supply.description")}</span>
                    <input
                      maxLength={300}
                      value={row.description}
                      aria-invalid={invalid("description")}
                      aria-describedby={described("description")}
                      onChange={(e) => setRow(row.key, { description: e.target.value })}
                      className={inputClassName}
                    />
                  </label>
                  <label className="space-y-1 text-sm font-semibold">
                    <span>{i18n._("supply.quantity")}</span>
                    <input
                      type="number"
                      inputMode="numeric"
                      required
                      min={1}
                      step={1}
                      value={row.quantity}
                      aria-invalid={invalid("quantity")}
                      aria-describedby={described("quantity")}
                      onChange={(e) => setRow(row.key, { quantity: e.target.value })}
                      className={cn(inputClassName, "tabular-nums")}
                    />
                  </label>
                  <label className="space-y-1 text-sm font-semibold">
                    <span>{i18n._("supply.packaging")}</span>
                    <select
                      value={row.packaging}
                      onChange={(e) => setRow(row.key, { packaging: e.target.value as Packaging })}
                      className={inputClassName}
                    >
                      {PACKAGING.map((packaging) => (
                        <option key={packaging} value={packaging}>
                          {i18n._("supply.packaging_value", { packaging })}
                        </option>
                      ))}
                    </select>
                  </label>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="justify-self-end"
                    disabled={!canRemovePart(rows)}
                    aria-label={i18n._("supply.remove_part", { n })}
                    onClick={() => removeRow(row.key, index)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                  {errors.mpn || errors.quantity || errors.manufacturer || errors.description ? (
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
          <Button type="button" variant="outline" onClick={addRow} disabled={!canAddPart(rows)}>
            <Plus aria-hidden="true" className="size-4" />
            {i18n._("supply.add_part")}
          </Button>
        </section>

        {problem ? <Alert variant="error">{problem}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {i18n._("supply.cancel")}
          </Button>
          <Button type="submit" loading={pending}>
            {i18n._("supply.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
