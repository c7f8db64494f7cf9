import type { Locale } from "@ems/i18n/locales";

import {
  CONTACT_FIELDS,
  contactFields,
  errorKey,
  type ContactField,
  type ContactWithoutScript,
} from "./contact-form";

/**
 * The contact page's action: reached only by a browser without JavaScript, which posts the form
 * instead of solving the captcha and sending it. The fields are checked with the API's schema and
 * answered back (nothing is stored or sent), so the page can offer to send them by e-mail.
 */
export function readContactWithoutScript(form: FormData, locale: Locale): ContactWithoutScript {
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  ) as Record<ContactField, string>;
  const checked = contactFields(values, locale);
  const errors: Partial<Record<ContactField, string>> = {};
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0]) as ContactField;
      if (CONTACT_FIELDS.includes(field)) errors[field] ??= errorKey(field, issue.code);
    }
  return { values, errors, ready: checked.success };
}
