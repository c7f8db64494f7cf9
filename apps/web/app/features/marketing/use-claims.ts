import { useLingui } from "@lingui/react";
import type { I18n } from "@lingui/core";
import type { Locale } from "@ems/i18n/locales";

import { claimValues } from "@ems/content/values";

export function claimValuesFor(i18n: I18n) {
  return claimValues(i18n.locale as Locale);
}

export function useClaimValues() {
  return claimValuesFor(useLingui().i18n);
}
