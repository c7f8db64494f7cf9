import type { Locale } from "@ems/i18n/locales";
import { useLocation } from "react-router";

import { localeFromPath } from "~/lib/locale";

/** The page's language, which the URL alone decides (see `localeFromPath`). */
export function useLocale(): Locale {
  return localeFromPath(useLocation().pathname);
}
