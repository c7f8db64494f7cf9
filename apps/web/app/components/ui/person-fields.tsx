import { LANGUAGES } from "@ems/i18n/locales";
import type { ReactNode } from "react";

import { FormField } from "./form-field";
import { Input, inputClassName } from "./input";

/**
 * A person's first and last name, two fields of a two-column form. The browser may fill them in
 * for the person themselves; for someone else (an invitation) `autoComplete="off"` stops it.
 */
export function NameFields({
  labels,
  values,
  onChange,
  errors,
  autoComplete = "own",
}: {
  labels: { first: ReactNode; last: ReactNode };
  values: { first: string; last: string };
  onChange: (part: "first" | "last", value: string) => void;
  errors: { first?: ReactNode; last?: ReactNode };
  autoComplete?: "own" | "off";
}) {
  return (
    <>
      {(["first", "last"] as const).map((part) => (
        <FormField key={part} label={labels[part]} error={errors[part]}>
          {(f) => (
            <Input
              {...f}
              value={values[part]}
              onChange={(e) => onChange(part, e.target.value)}
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
  value,
  onChange,
  error,
  className,
}: {
  label: ReactNode;
  description?: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  className?: string;
}) {
  return (
    <FormField label={label} description={description} error={error} className={className}>
      {(f) => (
        <select {...f} value={value} onChange={(e) => onChange(e.target.value)} className={inputClassName}>
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
