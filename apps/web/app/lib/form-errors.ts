import type { I18n } from "@lingui/core";

/**
 * The text for an error code of a form (Conform's errors hold codes: the API's machine codes, or a
 * schema's own such as MISMATCH). `known` maps codes this form words itself; then the shared
 * `register_page.error_<CODE>` texts (password rules, link tokens, captcha); anything else reads as
 * `fallback`, the form's "please check this field".
 */
export function formErrorText(
  i18n: I18n,
  codes: readonly string[] | undefined,
  fallback: string,
  known: Readonly<Record<string, string>> = {},
): string | undefined {
  const code = codes?.[0];
  if (code === undefined) return undefined;
  const own = known[code];
  if (own) return i18n._(own);
  const shared = `register_page.error_${code}`;
  return i18n.messages[shared] ? i18n._(shared) : i18n._(fallback);
}
