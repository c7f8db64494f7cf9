import { useState } from "react";
import { useRevalidator } from "react-router";

import { ApiError } from "~/lib/api-client";
import { refreshSession } from "~/lib/session-client";
import { showToast } from "~/lib/toast";

export type CallResult<T, P> = { ok: true; data: T } | { ok: false; problem: P | null };

export interface CallOptions {
  /** A toast once the call succeeded. */
  success?: string;
  /** Load the page's data again afterwards (default); off when the caller navigates away. */
  revalidate?: boolean;
}

/**
 * The one way a browser-side form or button calls the API: pending state, a success toast, the
 * page's data loaded again (and the signed-in user, where the call changes it), and a failure turned
 * into the problem the feature shows by its `describe`. A 401 is never described: the client already
 * announces the expired session and redirects to sign-in.
 */
export function useApiCall<P>({
  describe,
  refreshesSession = false,
  revalidateOn = [],
}: {
  /** What the form shows for a failure (field messages, a message, a toast it raised); null for nothing. */
  describe: (error: unknown) => P | null;
  /** The call changes the signed-in user (the header's greeting follows). */
  refreshesSession?: boolean;
  /** Statuses after which the page is loaded again although the call failed (its data is stale). */
  revalidateOn?: readonly number[];
}) {
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<P | null>(null);

  async function run<T>(
    call: () => Promise<T>,
    options: CallOptions & { describe?: (error: unknown) => P | null } = {},
  ): Promise<CallResult<T, P>> {
    setPending(true);
    setProblem(null);
    try {
      const data = await call();
      if (options.success) showToast({ title: options.success, color: "success" });
      if (options.revalidate !== false)
        await Promise.all([revalidator.revalidate(), refreshesSession ? refreshSession() : null]);
      return { ok: true, data };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { ok: false, problem: null };
      const described = (options.describe ?? describe)(error);
      setProblem(described);
      if (error instanceof ApiError && revalidateOn.includes(error.status)) void revalidator.revalidate();
      return { ok: false, problem: described };
    } finally {
      setPending(false);
    }
  }

  return { run, pending, problem, setProblem };
}

/** The data of a call that succeeded, undefined otherwise (for forms that only need to know it worked). */
export function dataOf<T, P>(result: CallResult<T, P>): T | undefined {
  return result.ok ? result.data : undefined;
}
