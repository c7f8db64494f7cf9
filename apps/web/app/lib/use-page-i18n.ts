import type { I18n } from "@lingui/core";
import type { Locale } from "@ems/i18n/locales";
import { useEffect, useState } from "react";

import { latestI18n, loadI18n, peekI18n } from "./i18n";

/**
 * The Lingui instance for the page's language. Normally it is loaded before render (entries and the
 * root clientLoader); only a client-side jump to an unmatched URL in another language can get here
 * first, and then the previous language shows for the moment the catalog takes to arrive.
 */
export function usePageI18n(locale: Locale): I18n {
  const ready = peekI18n(locale);
  const [, setLoaded] = useState(0);

  useEffect(() => {
    if (ready) return;
    let active = true;
    void loadI18n(locale).then(() => {
      if (active) setLoaded((n) => n + 1);
    });
    return () => {
      active = false;
    };
  }, [ready, locale]);

  const i18n = ready ?? latestI18n();
  if (!i18n) throw new Error(`Catalog for "${locale}" used before it was loaded`);
  return i18n;
}
