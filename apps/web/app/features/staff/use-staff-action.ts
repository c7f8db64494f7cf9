import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useRevalidator } from "react-router";

import { ApiError } from "~/lib/api-client";
import { showToast } from "~/lib/toast";

import type { FieldErrors } from "./quote-lines";

/**
 * Runs one back-office call: pending state, a success toast, the page's data loaded again, and on
 * failure the API's own message in an error toast; a validation error also marks the field the API
 * names (`field`, such as lines.0.tiers.1.quantity).
 */
export function useStaffAction() {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  async function run<T>(
    call: () => Promise<T>,
    success?: string,
    options: { revalidate?: boolean } = {},
  ): Promise<T | undefined> {
    setPending(true);
    setFieldErrors({});
    try {
      const result = await call();
      if (success) showToast({ title: success, color: "success" });
      if (options.revalidate !== false) await revalidator.revalidate();
      return result;
    } catch (error) {
      // An expired session is announced and redirected by the browser client.
      if (error instanceof ApiError && error.status === 401) return undefined;
      if (error instanceof ApiError && error.field && error.status === 400)
        setFieldErrors({ [error.field]: { key: "staff.error_invalid" } });
      showToast({
        title: i18n._(
          error instanceof ApiError && error.status === 403
            ? "staff.action_forbidden"
            : "staff.action_failed",
        ),
        description: error instanceof ApiError ? error.message : undefined,
        color: "error",
      });
      return undefined;
    } finally {
      setPending(false);
    }
  }

  return { run, pending, fieldErrors, setFieldErrors };
}

/** The message of a field, if the form has one for it. */
export function useFieldError(errors: FieldErrors) {
  const { i18n } = useLingui();
  return (path: string): string | undefined => {
    const message = errors[path];
    return message ? i18n._(message.key, message.values) : undefined;
  };
}
