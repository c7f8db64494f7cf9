import { useLingui } from "@lingui/react";

import { ApiError } from "~/lib/api-client";
import { showToast } from "~/lib/toast";
import { dataOf, useApiCall } from "~/lib/use-api-call";

import type { FieldErrors } from "./quote-lines";

/**
 * A back-office call (useApiCall): on failure the API's own message in an error toast; a validation
 * error also marks the field the API names (`field`, such as lines.0.tiers.1.quantity).
 */
export function useStaffAction() {
  const { i18n } = useLingui();
  const { run, pending, problem, setProblem } = useApiCall<FieldErrors>({
    describe: (error) => {
      showToast({
        title: i18n._(
          error instanceof ApiError && error.status === 403
            ? "staff.action_forbidden"
            : "staff.action_failed",
        ),
        description: error instanceof ApiError ? error.message : undefined,
        color: "error",
      });
      return error instanceof ApiError && error.field && error.status === 400
        ? { [error.field]: { key: "staff.error_invalid" } }
        : null;
    },
  });
  return {
    run: async <T>(call: () => Promise<T>, success?: string, options: { revalidate?: boolean } = {}) =>
      dataOf(await run(call, { success, ...options })),
    pending,
    fieldErrors: problem ?? {},
    setFieldErrors: setProblem,
  };
}

/** The message of a field, if the form has one for it. */
export function useFieldError(errors: FieldErrors) {
  const { i18n } = useLingui();
  return (path: string): string | undefined => {
    const message = errors[path];
    return message ? i18n._(message.key, message.values) : undefined;
  };
}
