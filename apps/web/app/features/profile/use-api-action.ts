import { useLingui } from "@lingui/react";

import { ApiError } from "~/lib/api-client";
import { dataOf, useApiCall } from "~/lib/use-api-call";
import { notifyGlobalError } from "~/lib/toast";

/**
 * A profile form's call (useApiCall): the field error the API names, by its code (looked up as
 * my_profile.error_<code>), and the user fetched again afterwards so the header's greeting follows.
 */
export function useApiAction() {
  const { i18n } = useLingui();
  const { run, pending, problem, setProblem } = useApiCall<Record<string, string>>({
    refreshesSession: true,
    describe: (error) => {
      if (error instanceof ApiError && error.field && error.status < 500) {
        const key = `my_profile.error_${error.code}`;
        return { [error.field]: i18n.messages[key] ? i18n._(key) : i18n._("my_profile.error_invalid") };
      }
      notifyGlobalError(i18n);
      return null;
    },
  });
  return {
    run: async <T>(call: () => Promise<T>, success?: string) => dataOf(await run(call, { success })),
    pending,
    fieldErrors: problem ?? {},
    setFieldErrors: setProblem,
  };
}
