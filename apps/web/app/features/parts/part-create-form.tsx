import { getFormProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { PART_LIMITS, type PartDetail } from "@ems/contracts/parts";
import { Plus, Trash2 } from "lucide-react";

import { FormProblem } from "~/components/ui/form-problem";
import { Button } from "~/components/ui/button";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import type { NewPartFields } from "~/lib/part-links";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { MANUFACTURERS_LIST_ID, PartDetailFields, useFieldError } from "./part-fields";
import { partCreateForm } from "./part-form";

const EMPTY_ROW = { manufacturer: "", mpn: "" };

/**
 * A new part (POST /api/parts), posted to the parts page's action: its number (blank takes the
 * series' next), what it is, and the MPNs that are this part. A refused part number or MPN is shown
 * at its field, the API naming the row (`mpns.1.mpn`).
 */
export function PartCreateForm({
  prefill,
  nextNumber,
  defaultCurrency,
  onClose,
  onDone,
}: {
  /** Fields a BOM line filled in (`?new=1&…`). */
  prefill: NewPartFields | null;
  /** The number the series gives next (the part number's placeholder). */
  nextNumber: string | null;
  defaultCurrency: string;
  onClose: () => void;
  onDone: (part: PartDetail | undefined) => void;
}) {
  const { i18n } = useLingui();
  const error = useFieldError();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm<typeof partCreateForm, PartDetail>({
    schema: partCreateForm,
    id: "part-create",
    defaultValue: {
      part_number: "",
      description: prefill?.description ?? "",
      type: prefill?.type ?? "ic",
      msl: "",
      lifecycle: "",
      valuation_rate: { amount_minor: "", currency: defaultCurrency },
      comment: "",
      mpns: [{ manufacturer: prefill?.manufacturer ?? "", mpn: prefill?.mpn ?? "" }],
    } as never,
    onDone,
  });
  // The rows reach the schema through `filledMpnRows`, which takes anything; the form holds these.
  const mpnList = fields.mpns as unknown as FieldMetadata<{ manufacturer: string; mpn: string }[]>;
  const rows = mpnList.getFieldList();

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-5">
      <IntentField intent="create" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={i18n._("parts.field.part_number")}
          description={nextNumber ? i18n._("parts.hint_part_number", { number: nextNumber }) : undefined}
          error={error(fields.part_number.errors, "parts.error.part_number_taken")}
          className="sm:col-span-2"
        >
          {(f) => (
            <Input
              {...getInputProps(fields.part_number, { type: "text" })}
              {...f}
              maxLength={PART_LIMITS.partNumber}
              autoComplete="off"
              placeholder={nextNumber ? i18n._("parts.next_number", { number: nextNumber }) : undefined}
            />
          )}
        </FormField>
        <PartDetailFields fields={fields as never} />
      </div>

      <fieldset className="space-y-3 rounded-lg border border-neutral-300 p-4 dark:border-neutral-700">
        <legend className="px-1 text-sm font-semibold">{i18n._("parts.mpns")}</legend>
        <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("parts.hint_mpns")}</p>
        {rows.map((row, index) => {
          const { manufacturer, mpn } = row.getFieldset();
          const n = index + 1;
          return (
            <div
              key={row.key}
              className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
            >
              <FormField
                label={i18n._("parts.field.mpn_manufacturer_n", { n })}
                error={error(manufacturer.errors)}
              >
                {(f) => (
                  <Input
                    {...getInputProps(manufacturer, { type: "text" })}
                    {...f}
                    list={MANUFACTURERS_LIST_ID}
                    maxLength={PART_LIMITS.manufacturer}
                    autoComplete="off"
                  />
                )}
              </FormField>
              <FormField
                label={i18n._("parts.field.mpn_n", { n })}
                error={error(mpn.errors, "parts.error.mpn_taken")}
              >
                {(f) => (
                  <Input
                    {...getInputProps(mpn, { type: "text" })}
                    {...f}
                    maxLength={PART_LIMITS.mpn}
                    autoComplete="off"
                    spellCheck={false}
                  />
                )}
              </FormField>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="sm:mt-7"
                onClick={() => form.remove({ name: mpnList.name, index })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {i18n._("parts.remove_row", { n })}
              </Button>
            </div>
          );
        })}
        {rows.length < PART_LIMITS.mpnsPerPart ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => form.insert({ name: mpnList.name, defaultValue: EMPTY_ROW })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {i18n._("parts.add_row")}
          </Button>
        ) : (
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            {i18n._("parts.mpns_full", { count: PART_LIMITS.mpnsPerPart })}
          </p>
        )}
      </fieldset>

      <FormProblem codes={formErrors} fallback="parts.save_failed" />

      <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-800">
        <Button type="button" variant="outline" onClick={onClose}>
          {i18n._("parts.cancel")}
        </Button>
        <Button type="submit" loading={busy}>
          {i18n._("parts.create_submit")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
