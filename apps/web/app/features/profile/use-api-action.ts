import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useRevalidator } from "react-router";

import { ApiError } from "~/lib/api-client";
import { refreshSession } from "~/lib/session-client";
import { notifyGlobalError, showToast } from "~/lib/toast";

/**
 * Runs one call of a profile form: pending state, the field error the API names (by its code, looked
 * up as my_profile.error_<code>), a success toast, and the user fetched again afterwards
 * (the loaders run again, and the header's greeting follows).
 */
export function useApiAction() {
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
      await Promise.all([revalidator.revalidate(), refreshSession()]);
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.field && error.status < 500 && error.status !== 401) {
        const key = `my_profile.error_${error.code}`;
        setFieldErrors({
          [error.field]: i18n.messages[key] ? i18n._(key) : i18n._("my_profile.error_invalid"),
        });
      } else if (!(error instanceof ApiError && error.status === 401)) {
        notifyGlobalError(i18n);
      }
      return undefined;
    } finally {
      setPending(false);
    }
  }

  return { run, pending, fieldErrors, setFieldErrors };
}
