import { useSyncExternalStore } from "react";

const noop = () => () => undefined;

/**
 * A value from sessionStorage: null on the server and while hydrating, then the stored value. The
 * storage does not change behind the page's back here, so there is nothing to subscribe to.
 */
export function useSessionValue(key: string): string | null | undefined {
  return useSyncExternalStore(
    noop,
    () => window.sessionStorage.getItem(key),
    () => undefined,
  );
}
