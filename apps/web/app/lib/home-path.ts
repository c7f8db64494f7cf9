import { isStaffRole } from "@ems/contracts/roles";
import type { Locale } from "@ems/i18n/locales";

import { localizePath, stripLocalePrefix } from "./locale";

/**
 * Where a signed-in user starts (docs/behaviour/back-office.md#home): the operator's staff on the
 * back-office home, customers on their desk.
 */
export function homePath(role: string, locale: Locale): string {
  return localizePath(isStaffRole(role) ? "/staff" : "/my/desk", locale);
}

/** Whether a path is the customer desk in any language (staff who open it are sent home). */
export function isDeskPath(pathname: string): boolean {
  return stripLocalePrefix(pathname).replace(/\/$/, "") === "/my/desk";
}
