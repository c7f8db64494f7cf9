import { useLingui } from "@lingui/react";

import { ApiError } from "~/lib/api-client";
import { notifyGlobalError, showToast } from "~/lib/toast";
import { dataOf, useApiCall } from "~/lib/use-api-call";

/**
 * A quote action's call (useApiCall: request, order, decline, ask again): on failure the API's own
 * message, beside the field it names and as an error toast.
 */
export function useQuoteAction() {
  const { i18n } = useLingui();
  const { run, pending, problem, setProblem } = useApiCall<{ message: string; field: string | null }>({
    describe: (error) => {
      if (error instanceof ApiError && error.status < 500) {
        showToast({ title: i18n._("my_quotes.action_failed"), description: error.message, color: "error" });
        return { message: error.message, field: error.field };
      }
      notifyGlobalError(i18n);
      return null;
    },
  });
  return {
    run: async <T>(call: () => Promise<T>, success?: string, options: { revalidate?: boolean } = {}) =>
      dataOf(await run(call, { success, ...options })),
    pending,
    error: problem,
    setError: setProblem,
  };
}
