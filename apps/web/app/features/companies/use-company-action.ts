import { useLingui } from "@lingui/react";

import { ApiError } from "~/lib/api-client";
import { notifyGlobalError, showToast } from "~/lib/toast";
import { dataOf, useApiCall } from "~/lib/use-api-call";

/**
 * A company form's or action's call (useApiCall): the field error the API names, by its code
 * (my_companies.error_<code>); errors without a field (LAST_ADMIN, ADDRESS_IN_USE) become an error
 * toast with their text.
 */
export function useCompanyAction() {
  const { i18n } = useLingui();
  const { run, pending, problem } = useApiCall<Record<string, string>>({
    describe: (error) => {
      const key = error instanceof ApiError ? `my_companies.error_${error.code}` : "";
      const known = key !== "" && Boolean(i18n.messages[key]);
      if (error instanceof ApiError && error.field && error.status < 500)
        return { [error.field]: known ? i18n._(key) : i18n._("my_companies.error_invalid") };
      if (known) showToast({ title: i18n._(key), color: "error" });
      else notifyGlobalError(i18n);
      return null;
    },
  });
  return {
    run: async <T>(call: () => Promise<T>, success?: string) => dataOf(await run(call, { success })),
    pending,
    fieldErrors: problem ?? {},
  };
}
