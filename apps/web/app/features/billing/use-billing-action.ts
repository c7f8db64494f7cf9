import { useLingui } from "@lingui/react";
import type { I18n } from "@lingui/core";

import { ApiError } from "~/lib/api-client";
import { useApiCall } from "~/lib/use-api-call";

export interface ActionProblem {
  /** What to show above the form (the API's message where no better text is known). */
  message: string;
  /** Per-field messages keyed by the API's field name (lines.0.mpn, expected_on…). */
  fields: Record<string, string>;
  status: number;
}

/**
 * A readable text for an API error in the page's language. Conflicts (409) say what the caller
 * passes (they differ per action); validation errors keep the API's explanation of the field.
 */
export function describeApiError(i18n: I18n, error: unknown, conflict?: string): ActionProblem {
  if (!(error instanceof ApiError)) return { message: i18n._("global.error"), fields: {}, status: 500 };
  const base = { fields: {} as Record<string, string>, status: error.status };
  if (error.status === 409) return { ...base, message: conflict ?? error.message };
  if (error.status === 403) return { ...base, message: i18n._("billing.error_forbidden") };
  if (error.status === 404) return { ...base, message: i18n._("billing.error_not_found") };
  if (error.status === 429) return { ...base, message: i18n._("billing.error_rate_limited") };
  if (error.status === 400 && error.field) {
    const text = i18n._("billing.error_field", { message: error.message });
    return { ...base, message: i18n._("billing.error_check_fields"), fields: { [error.field]: text } };
  }
  if (error.status === 408 || error.status === 503 || error.status >= 500)
    return { ...base, message: error.status === 502 ? error.message : i18n._("global.error") };
  return { ...base, message: error.message || i18n._("global.error") };
}

/**
 * A billing, supply or contract action's call (useApiCall): on failure a problem the dialog shows;
 * after a conflict or a refusal the list behind the dialog is loaded again (someone else paid, a
 * role changed).
 */
export function useBillingAction() {
  const { i18n } = useLingui();
  const { run, pending, problem, setProblem } = useApiCall<ActionProblem>({
    describe: (error) => describeApiError(i18n, error),
    revalidateOn: [409, 403],
  });
  return {
    run: <T>(call: () => Promise<T>, options: { success?: string; conflict?: string } = {}) =>
      run(call, {
        success: options.success,
        describe: (error) => describeApiError(i18n, error, options.conflict),
      }),
    pending,
    problem,
    setProblem,
  };
}
