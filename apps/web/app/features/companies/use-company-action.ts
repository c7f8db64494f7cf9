import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useRevalidator } from "react-router";

import { ApiError } from "~/lib/api-client";
import { notifyGlobalError, showToast } from "~/lib/toast";

/**
 * Runs one call of a company form or action: pending state, the field error the API names (by its
 * code, my_companies.error_<code>), a success toast, and the page's data loaded again afterwards.
 * Errors without a field (LAST_ADMIN, ADDRESS_IN_USE) become an error toast with their message.
 */
export function useCompanyAction() {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function run<T>(call: () => Promise<T>, success?: string): Promise<T | undefined> {
    setPending(true);
    setFieldErrors({});
    try {
      const result = await call();
      if (success) showToast({ title: success, color: "success" });
      await revalidator.revalidate();
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return undefined;
      const key = error instanceof ApiError ? `my_companies.error_${error.code}` : "";
      const known = key !== "" && Boolean(i18n.messages[key]);
      if (error instanceof ApiError && error.field && error.status < 500) {
        setFieldErrors({ [error.field]: known ? i18n._(key) : i18n._("my_companies.error_invalid") });
      } else if (known) {
        showToast({ title: i18n._(key), color: "error" });
      } else {
        notifyGlobalError(i18n);
      }
      return undefined;
    } finally {
      setPending(false);
    }
  }

  return { run, pending, fieldErrors };
}
