import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useRevalidator } from "react-router";

import { ApiError } from "~/lib/api-client";
import { notifyGlobalError, showToast } from "~/lib/toast";

/**
 * Runs one call of a quote action (request, order, decline, ask again): pending state, a success
 * toast, the page's data loaded again, and on failure the API's own message — beside the field it
 * names, and as an error toast. A 401 is left to the session-expiry handling of the client.
 */
export function useQuoteAction() {
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);

  async function run<T>(
    call: () => Promise<T>,
    success?: string,
    options: { revalidate?: boolean } = {},
  ): Promise<T | undefined> {
    setPending(true);
    setError(null);
    try {
      const result = await call();
      if (success) showToast({ title: success, color: "success" });
      if (options.revalidate !== false) await revalidator.revalidate();
      return result;
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 401) return undefined;
      if (caught instanceof ApiError && caught.status < 500) {
        setError({ message: caught.message, field: caught.field });
        showToast({ title: i18n._("my_quotes.action_failed"), description: caught.message, color: "error" });
      } else {
        notifyGlobalError(i18n);
      }
      return undefined;
    } finally {
      setPending(false);
    }
  }

  return { run, pending, error, setError };
}
