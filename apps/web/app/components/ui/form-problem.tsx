import { useLingui } from "@lingui/react";

import { formErrorText } from "~/lib/form-errors";

import { Alert } from "./alert";

/**
 * Why a route action refused a form as a whole (the codes of `formErrors`, worded by
 * `formErrorText` with the feature's own texts); nothing when it did not.
 */
export function FormProblem({
  codes,
  fallback,
  known,
  className,
}: {
  codes: readonly string[] | undefined;
  /** The feature's "that did not work" text. */
  fallback: string;
  known?: Readonly<Record<string, string>>;
  className?: string;
}) {
  const { i18n } = useLingui();
  const text = formErrorText(i18n, codes, fallback, known);
  return text ? (
    <Alert variant="error" className={className}>
      {text}
    </Alert>
  ) : null;
}
