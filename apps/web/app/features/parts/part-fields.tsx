import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { MSL_LEVELS, PART_LIFECYCLES, PART_LIMITS, PART_TYPES } from "@ems/contracts/parts";
import { CURRENCIES } from "@ems/contracts/money";

import { FormField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";

import { PART_FORM_ERRORS } from "./part-form";

/** The datalist of the manufacturers we know, rendered once by the page for every MPN field. */
export const MANUFACTURERS_LIST_ID = "part-manufacturers";

/** Codes of refusals worded for the part forms; any other reads as "check this field". */
export const PART_ERROR_TEXTS: Readonly<Record<string, string>> = {
  [PART_FORM_ERRORS.duplicateMpn]: "parts.error.mpn_twice",
  // The API's own check of the same MPN twice in one request.
  VALIDATION_ERROR: "parts.error.field",
};

/** The text of a field's first error; `conflict` words the API's 409 for that field. */
export function useFieldError() {
  const { i18n } = useLingui();
  return (codes: string[] | undefined, conflict?: string) =>
    formErrorText(i18n, codes, "parts.error.field", {
      ...PART_ERROR_TEXTS,
      ...(conflict ? { CONFLICT: conflict } : {}),
    });
}

/**
 * Description, type, MSL, lifecycle, polarity, valuation rate and comment: the fields creating and
 * editing share.
 */
export function PartDetailFields({
  fields,
}: {
  fields: {
    description: FieldMetadata<unknown>;
    type: FieldMetadata<unknown>;
    msl: FieldMetadata<unknown>;
    lifecycle: FieldMetadata<unknown>;
    polarized: FieldMetadata<unknown>;
    valuation_rate: FieldMetadata<unknown>;
    comment: FieldMetadata<unknown>;
  };
}) {
  const { i18n } = useLingui();
  const error = useFieldError();
  const rate = (
    fields.valuation_rate as FieldMetadata<{ amount_minor: string; currency: string }>
  ).getFieldset();
  const currency = rate.currency.value || CURRENCIES[0];
  return (
    <>
      <FormField
        label={i18n._("parts.field.description")}
        error={error(fields.description.errors)}
        className="sm:col-span-2"
      >
        {(f) => (
          <Input
            {...getInputProps(fields.description, { type: "text" })}
            {...f}
            required
            maxLength={PART_LIMITS.description}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField label={i18n._("parts.field.type")} error={error(fields.type.errors)}>
        {(f) => (
          <select {...getSelectProps(fields.type)} {...f} className={inputClassName}>
            {PART_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(`parts.type.${type}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={i18n._("parts.field.msl")}
        description={i18n._("parts.hint_msl")}
        error={error(fields.msl.errors)}
      >
        {(f) => (
          <select {...getSelectProps(fields.msl)} {...f} className={inputClassName}>
            <option value="">{i18n._("parts.msl_none")}</option>
            {MSL_LEVELS.map((level) => (
              <option key={level} value={level}>
                {i18n._(`parts.msl.${level}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        label={i18n._("parts.field.lifecycle")}
        description={i18n._("parts.hint_lifecycle")}
        error={error(fields.lifecycle.errors)}
      >
        {(f) => (
          <select {...getSelectProps(fields.lifecycle)} {...f} className={inputClassName}>
            <option value="">{i18n._("parts.lifecycle_none")}</option>
            {PART_LIFECYCLES.map((lifecycle) => (
              <option key={lifecycle} value={lifecycle}>
                {i18n._(`parts.lifecycle.${lifecycle}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-3 sm:col-span-2 sm:grid-cols-[minmax(0,16rem)_7rem]">
        <FormField
          label={i18n._("parts.field.valuation_rate", { currency })}
          description={i18n._("parts.hint_valuation_rate")}
          error={error(rate.amount_minor.errors)}
        >
          {(f) => (
            <Input
              {...getInputProps(rate.amount_minor, { type: "text" })}
              {...f}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
            />
          )}
        </FormField>
        <FormField label={i18n._("parts.field.currency")} error={error(rate.currency.errors)}>
          {(f) => (
            <select {...getSelectProps(rate.currency)} {...f} className={inputClassName}>
              {CURRENCIES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <label className="flex items-start gap-3 text-sm sm:col-span-2">
        <input
          {...getInputProps(fields.polarized, { type: "checkbox" })}
          className="mt-0.5 size-5 shrink-0 accent-primary-700"
        />
        <span>
          <span className="font-semibold">{i18n._("parts.field.polarized")}</span>
          <span className="block text-neutral-600 dark:text-neutral-400">
            {i18n._("parts.hint_polarized")}
          </span>
        </span>
      </label>
      <FormField
        label={i18n._("parts.field.comment")}
        description={i18n._("parts.hint_comment")}
        error={error(fields.comment.errors)}
        className="sm:col-span-2"
      >
        {(f) => (
          <Textarea {...getTextareaProps(fields.comment)} {...f} rows={3} maxLength={PART_LIMITS.comment} />
        )}
      </FormField>
    </>
  );
}
