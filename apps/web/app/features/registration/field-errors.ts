import type { I18n } from "@lingui/core";

import { ApiError } from "~/lib/api-client";

/**
 * Turns a refused call into a message for the field it names: `register_page.error_<CODE>` when the
 * catalog has one, a generic "please check" otherwise. Answers null for errors without a field.
 */
export function fieldError(i18n: I18n, error: unknown): { field: string; message: string } | null {
  if (!(error instanceof ApiError) || !error.field || error.status >= 500) return null;
  const key = `register_page.error_${error.code}`;
  return {
    field: error.field,
    message: i18n.messages[key] ? i18n._(key) : i18n._("register_page.error_invalid"),
  };
}
