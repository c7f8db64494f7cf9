import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { LANGUAGES } from "@ems/i18n/locales";
import type { ReactNode } from "react";

import { FormField } from "./form-field";
import { Input, inputClassName } from "./input";

/**
 * A field of a Conform form (posted by name, works without JavaScript), or a value the caller holds
 * (forms that must act in the browser, such as registration with its captcha).
 */
type Bound<Value> =
  | { field: FieldMetadata<Value>; value?: never; onChange?: never }
  | { field?: never; value: Value; onChange: (value: Value) => void };

function controlOf(bound: Bound<string>) {
  return bound.field
    ? getInputProps(bound.field, { type: "text" })
    : { value: bound.value, onChange: (e: { target: { value: string } }) => bound.onChange(e.target.value) };
}

/**
 * A person's first and last name, two fields of a two-column form. The browser may fill them in
 * for the person themselves; for someone else (an invitation) `autoComplete="off"` stops it.
 */
export function NameFields({
  labels,
  first,
  last,
  errors,
  autoComplete = "own",
}: {
  labels: { first: ReactNode; last: ReactNode };
  first: Bound<string>;
  last: Bound<string>;
  errors: { first?: ReactNode; last?: ReactNode };
  autoComplete?: "own" | "off";
}) {
  return (
    <>
      {(["first", "last"] as const).map((part) => (
        <FormField key={part} label={labels[part]} error={errors[part]}>
          {(f) => (
            <Input
              {...controlOf(part === "first" ? first : last)}
              {...f}
              required
              maxLength={100}
              autoComplete={autoComplete === "off" ? "off" : part === "first" ? "given-name" : "family-name"}
            />
          )}
        </FormField>
      ))}
    </>
  );
}

/** The language a person reads the portal, mails and documents in: each language in its own name. */
export function LanguageField({
  label,
  description,
  error,
  className,
  ...bound
}: {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  className?: string;
} & Bound<string>) {
  const control = bound.field
    ? getSelectProps(bound.field)
    : { value: bound.value, onChange: (e: { target: { value: string } }) => bound.onChange(e.target.value) };
  return (
    <FormField label={label} description={description} error={error} className={className}>
      {(f) => (
        <select {...control} {...f} className={inputClassName}>
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.nativeName}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
