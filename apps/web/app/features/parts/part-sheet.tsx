import { getFormProps, getInputProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import type { I18n } from "@lingui/core";
import {
  MSL_LEVELS,
  PART_LIFECYCLES,
  PART_LIMITS,
  PART_TYPES,
  type PartDetail,
  type PartHistoryEntry,
} from "@ems/contracts/parts";
import { formatMoney } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { Input } from "~/components/ui/input";
import { Sheet } from "~/components/ui/sheet";
import { partSheetHref } from "~/lib/part-links";
import { useDateTime } from "~/lib/use-date-time";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { MANUFACTURERS_LIST_ID, PartDetailFields, useFieldError } from "./part-fields";
import { editDefaultsOf, partEditForm, partMpnAddForm, partMpnRemoveForm } from "./part-form";

const muted = "text-neutral-700 dark:text-neutral-300";

/** One MPN's remove button, a form of its own so each row posts its own id. */
function RemoveMpn({ partId, mpnId, mpn }: { partId: string; mpnId: string; mpn: string }) {
  const { i18n } = useLingui();
  const { fetcher, form, busy, formErrors } = useFetcherForm({
    schema: partMpnRemoveForm,
    id: `remove-mpn-${mpnId}`,
    success: i18n._("parts.mpn_removed", { mpn }),
  });
  return (
    <fetcher.Form method="post" id={form.id}>
      <IntentField intent="remove_mpn" />
      <input type="hidden" name="id" value={partId} />
      <input type="hidden" name="mpn_id" value={mpnId} />
      <Button type="submit" variant="ghost" size="sm" loading={busy}>
        <Trash2 aria-hidden="true" className="size-4" />
        {i18n._("parts.remove_mpn", { mpn })}
      </Button>
      <FormProblem codes={formErrors} fallback="parts.save_failed" />
    </fetcher.Form>
  );
}

/** Another MPN for the part (POST /api/parts/:id/mpns); one the company already has is refused at the field. */
function AddMpnForm({ partId }: { partId: string }) {
  const { i18n } = useLingui();
  const error = useFieldError();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: partMpnAddForm,
    id: `add-mpn-${partId}`,
    defaultValue: { id: partId, manufacturer: "", mpn: "" },
    success: i18n._("parts.mpn_added"),
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      aria-label={i18n._("parts.add_mpn")}
      className="space-y-3 rounded-lg border border-neutral-300 p-4 dark:border-neutral-700"
    >
      <IntentField intent="add_mpn" />
      <input type="hidden" name={fields.id.name} value={partId} />
      <div className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
        <FormField label={i18n._("parts.field.manufacturer")} error={error(fields.manufacturer.errors)}>
          {(f) => (
            <Input
              {...getInputProps(fields.manufacturer, { type: "text" })}
              {...f}
              list={MANUFACTURERS_LIST_ID}
              maxLength={PART_LIMITS.manufacturer}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          label={i18n._("parts.field.mpn")}
          error={error(fields.mpn.errors, "parts.error.mpn_taken")}
        >
          {(f) => (
            <Input
              {...getInputProps(fields.mpn, { type: "text" })}
              {...f}
              required
              maxLength={PART_LIMITS.mpn}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FormField>
        <Button type="submit" variant="outline" className="sm:mt-7" loading={busy}>
          <Plus aria-hidden="true" className="size-4" />
          {i18n._("parts.add_mpn")}
        </Button>
      </div>
      <FormProblem codes={formErrors} fallback="parts.save_failed" />
    </fetcher.Form>
  );
}

/** The edit form (PATCH /api/parts/:id); the action sends only the fields that changed. */
function PartEditForm({ part, onClose }: { part: PartDetail; onClose: () => void }) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: partEditForm,
    id: `edit-${part.id}`,
    defaultValue: editDefaultsOf(part) as never,
    success: i18n._("parts.saved", { number: part.part_number }),
    onDone: onClose,
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-5">
      <IntentField intent="update" />
      <input type="hidden" name={fields.id.name} value={part.id} />
      <input type="hidden" name={fields.original.name} value={editDefaultsOf(part).original} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PartDetailFields fields={fields as never} />
      </div>
      <FormProblem codes={formErrors} fallback="parts.save_failed" />
      <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-800">
        <Button type="button" variant="outline" onClick={onClose}>
          {i18n._("parts.cancel")}
        </Button>
        <Button type="submit" loading={busy}>
          {i18n._("parts.save_submit")}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/**
 * A history value in the reader's words: type, MSL and lifecycle by their labels, yes/no, "none" for
 * a cleared one.
 */
function historyValue(i18n: I18n, field: string, value: string | number | boolean | null): string {
  if (value === null || value === "") return i18n._("parts.history_none");
  if (field === "type" && PART_TYPES.includes(value as never)) return i18n._(`parts.type.${String(value)}`);
  if (field === "msl" && MSL_LEVELS.includes(value as never))
    return i18n._("parts.msl_short", { level: String(value) });
  if (field === "lifecycle" && PART_LIFECYCLES.includes(value as never))
    return i18n._(`parts.lifecycle.${String(value)}`);
  if (typeof value === "boolean") return i18n._(value ? "parts.yes" : "parts.no");
  return String(value);
}

const HISTORY_FIELDS = [
  "description",
  "type",
  "msl",
  "lifecycle",
  "polarized",
  "valuation_rate",
  "comment",
] as const;

/** What one history entry says happened. */
function HistoryText({ entry }: { entry: PartHistoryEntry }) {
  const { i18n } = useLingui();
  const details = entry.details;
  // "GRM155R71C104KA88D (Murata)": the manufacturer beside the MPN when one was given.
  const mpn = [details.mpn, details.manufacturer ? `(${String(details.manufacturer)})` : null]
    .filter((part) => typeof part === "string" && part !== "")
    .join(" ");
  switch (entry.action) {
    case "part.created":
      return <>{i18n._("parts.history.created")}</>;
    case "part.mpn_added":
      return <>{i18n._("parts.history.mpn_added", { mpn })}</>;
    case "part.mpn_removed":
      return <>{i18n._("parts.history.mpn_removed", { mpn })}</>;
    case "part.updated": {
      const changed = HISTORY_FIELDS.filter((field) => field in details);
      return (
        <>
          {i18n._("parts.history.updated")}
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {changed.map((field) => (
              <li key={field}>
                {i18n._("parts.history.change", {
                  field: i18n._(`parts.history_field.${field}`),
                  value: historyValue(i18n, field, details[field] ?? null),
                })}
              </li>
            ))}
          </ul>
        </>
      );
    }
  }
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-neutral-600 dark:text-neutral-400">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/**
 * One part over the list: its fields, its MPNs (each removable, another added inline), the edit
 * form, and who changed what when.
 */
export function PartSheet({
  part,
  search,
  mayEdit,
  locale,
  staff = false,
}: {
  part: PartDetail;
  /** The page's query string, to close the sheet onto. */
  search: string;
  mayEdit: boolean;
  locale: Locale;
  /** The back office, which reads every customer's parts: the customer named. */
  staff?: boolean;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const dateTime = useDateTime();
  const [editing, setEditing] = useState(false);
  const close = () => void navigate(partSheetHref(search, null), { preventScrollReset: true });
  const rate = part.valuation_rate;

  return (
    <Sheet
      open
      onOpenChange={(open) => (open ? undefined : close())}
      title={i18n._("parts.sheet_title", { number: part.part_number, description: part.description })}
      description={i18n._(`parts.type.${part.type}`)}
      closeLabel={i18n._("parts.close")}
      actions={
        mayEdit ? (
          <Button size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" className="size-4" />
            {i18n._("parts.edit")}
          </Button>
        ) : undefined
      }
    >
      <section aria-labelledby="part-facts" className="space-y-2">
        <h3 id="part-facts" className="text-base font-semibold">
          {i18n._("parts.facts")}
        </h3>
        <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-2 text-sm">
          {staff ? <Fact label={i18n._("parts.col_company")}>{part.company_name}</Fact> : null}
          <Fact label={i18n._("parts.field.part_number")}>{part.part_number}</Fact>
          <Fact label={i18n._("parts.field.description")}>{part.description}</Fact>
          <Fact label={i18n._("parts.field.type")}>{i18n._(`parts.type.${part.type}`)}</Fact>
          <Fact label={i18n._("parts.col_msl")}>
            {part.msl ? i18n._(`parts.msl.${part.msl}`) : i18n._("parts.msl_none")}
          </Fact>
          <Fact label={i18n._("parts.field.lifecycle")}>
            {part.lifecycle ? i18n._(`parts.lifecycle.${part.lifecycle}`) : i18n._("parts.lifecycle_none")}
          </Fact>
          <Fact label={i18n._("parts.col_polarized")}>
            {i18n._(part.polarized ? "parts.yes" : "parts.no")}
          </Fact>
          <Fact label={i18n._("parts.col_valuation_rate")}>
            {rate ? formatMoney(rate.amount_minor, rate.currency, locale) : "—"}
          </Fact>
          <Fact label={i18n._("parts.field.comment")}>
            {part.comment ? <span className="whitespace-pre-line">{part.comment}</span> : "—"}
          </Fact>
        </dl>
      </section>

      <section aria-labelledby="part-mpns" className="space-y-3">
        <h3 id="part-mpns" className="text-base font-semibold">
          {i18n._("parts.mpns")}
        </h3>
        {part.mpns.length ? (
          <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
            {part.mpns.map((mpn) => (
              <li
                key={mpn.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
              >
                <span className="min-w-0">
                  <span className="block font-mono break-all">{mpn.mpn}</span>
                  <span className={`block text-xs ${muted}`}>
                    {mpn.manufacturer_name ?? i18n._("parts.no_manufacturer")}
                    {mpn.manufacturer && mpn.manufacturer_name && mpn.manufacturer !== mpn.manufacturer_name
                      ? ` (${mpn.manufacturer})`
                      : ""}
                  </span>
                </span>
                {mayEdit ? <RemoveMpn partId={part.id} mpnId={mpn.id} mpn={mpn.mpn} /> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className={`text-sm ${muted}`}>{i18n._("parts.no_mpns_yet")}</p>
        )}
        {mayEdit && part.mpns.length < PART_LIMITS.mpnsPerPart ? <AddMpnForm partId={part.id} /> : null}
      </section>

      <section aria-labelledby="part-history" className="space-y-2">
        <h3 id="part-history" className="text-base font-semibold">
          {i18n._("parts.history_title")}
        </h3>
        {part.history.length ? (
          <ol className="space-y-3 text-sm">
            {part.history.map((entry, index) => (
              <li
                key={`${entry.at}-${index}`}
                className="border-l-2 border-neutral-300 pl-3 dark:border-neutral-700"
              >
                <p className={`text-xs ${muted}`}>
                  {i18n._("parts.history.meta", {
                    date: dateTime(entry.at),
                    name: entry.actor_name ?? i18n._("parts.history.someone"),
                  })}
                </p>
                <div>
                  <HistoryText entry={entry} />
                </div>
              </li>
            ))}
          </ol>
        ) : (
          // Only parts written outside the API (the demo data) have no recorded change.
          <p className={`text-sm ${muted}`}>{i18n._("parts.history_empty")}</p>
        )}
      </section>

      {mayEdit ? (
        <Dialog
          open={editing}
          onOpenChange={setEditing}
          title={i18n._("parts.edit_title", { number: part.part_number })}
          closeLabel={i18n._("parts.close")}
          size="lg"
        >
          <PartEditForm part={part} onClose={() => setEditing(false)} />
        </Dialog>
      ) : null}
    </Sheet>
  );
}
