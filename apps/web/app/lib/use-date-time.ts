import { formatDateTime } from "@ems/i18n/format";
import { useCallback, useSyncExternalStore } from "react";

import { useLocale } from "~/lib/use-locale";

const noSubscription = () => () => undefined;

/**
 * Formats instants with their time in the visitor's own time zone once the page runs in the
 * browser; the server renders them in UTC (the zone's name is shown either way), so the first
 * browser render matches the server's HTML.
 */
export function useDateTime(): (value: string | Date) => string {
  const locale = useLocale();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return useCallback(
    (value: string | Date) =>
      formatDateTime(value, locale, hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : "UTC"),
    [locale, hydrated],
  );
}
