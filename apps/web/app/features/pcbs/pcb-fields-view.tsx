import { useLingui } from "@lingui/react";
import type { PcbSpecFields } from "@ems/contracts/pcb-spec";
import { useId } from "react";

import { inputClassName } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { useLocale } from "~/lib/use-locale";

import { changedFields, fieldText, SPEC_FIELDS, type SpecField } from "./pcb-text";

/** The label of a field as the form shows it (the panel's kind reads "Delivered as"). */
const labelKey = (field: SpecField) => `pcbs.field.${field}`;

/**
 * A version's fields as a definition list; with another version chosen, the fields that differ are
 * marked and show the other version's value beside this one's.
 */
export function PcbFieldsView({
  fields,
  version,
  versionNumbers,
  other,
  onCompare,
}: {
  fields: PcbSpecFields;
  version: number;
  /** Every version of the specification, to compare with. */
  versionNumbers: readonly number[];
  /** The version compared with, when one is chosen. */
  other: { version: number; fields: PcbSpecFields } | null;
  onCompare: (version: number | null) => void;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const selectId = useId();
  const others = versionNumbers.filter((n) => n !== version);
  const changed = new Set(other ? changedFields(other.fields, fields) : []);

  return (
    <section aria-labelledby={`${selectId}-title`} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id={`${selectId}-title`} className="text-base font-semibold">
          {i18n._("pcbs.fields_title")}
        </h3>
        {others.length > 0 ? (
          <label className="text-sm" htmlFor={selectId}>
            <span className="mb-1 block text-neutral-700 dark:text-neutral-300">
              {i18n._("pcbs.compare_with")}
            </span>
            <select
              id={selectId}
              className={cn(inputClassName, "h-9 w-auto py-0 text-sm")}
              value={other?.version ?? ""}
              onChange={(event) => onCompare(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">{i18n._("pcbs.compare_none")}</option>
              {others.map((n) => (
                <option key={n} value={n}>
                  {i18n._("pcbs.compare_version", { version: n })}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {other ? (
        <p role="status" className="text-sm text-neutral-700 dark:text-neutral-300">
          {changed.size === 0
            ? i18n._("pcbs.no_changes")
            : i18n._("pcbs.changes", { version: other.version })}
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
        {SPEC_FIELDS.filter(
          (field) => fields[field] !== undefined || (other && other.fields[field] !== undefined),
        ).map((field) => {
          const isChanged = changed.has(field);
          return (
            <div
              key={field}
              data-changed={isChanged || undefined}
              className={cn("contents", isChanged && "[&>*]:bg-amber-50 dark:[&>*]:bg-amber-950")}
            >
              <dt className="rounded-l px-1 text-neutral-700 dark:text-neutral-300">
                {i18n._(labelKey(field))}
              </dt>
              <dd className="rounded-r px-1 font-medium break-words whitespace-pre-line">
                {isChanged && other
                  ? i18n._("pcbs.change_value", {
                      before: fieldText(i18n, locale, field, other.fields),
                      after: fieldText(i18n, locale, field, fields),
                    })
                  : fieldText(i18n, locale, field, fields)}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
