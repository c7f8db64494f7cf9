import { useLingui } from "@lingui/react";
import type { I18n } from "@lingui/core";
import { useState } from "react";
import { useRevalidator } from "react-router";

import { ApiError } from "~/lib/api-client";
import { showToast } from "~/lib/toast";

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
 * Runs one call of a billing, supply or contract action: pending state, a success toast, the page's
 * data loaded again, and on failure a problem the dialog shows (a 401 is the session-expiry
 * handler's: it already tells the user and redirects).
 */
export function useBillingAction() {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ActionProblem | null>(null);

  async function run<T>(
    call: () => Promise<T>,
    options: { success?: string; conflict?: string } = {},
  ): Promise<{ ok: true; data: T } | { ok: false; problem: ActionProblem | null }> {
    setPending(true);
    setProblem(null);
    try {
      const data = await call();
      if (options.success) showToast({ title: options.success, color: "success" });
      await revalidator.revalidate();
      return { ok: true, data };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { ok: false, problem: null };
      const next = describeApiError(i18n, error, options.conflict);
      setProblem(next);
      // The list behind the dialog may be out of date (someone else paid, a role changed).
      if (next.status === 409 || next.status === 403) void revalidator.revalidate();
      return { ok: false, problem: next };
    } finally {
      setPending(false);
    }
  }

  return { run, pending, problem, setProblem };
}
