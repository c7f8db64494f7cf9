import type { Locale } from "@ems/i18n/locales";

import { getI18n } from "./i18n";

/** Message ids of the error page: document title, heading and text per status. */
export function errorTexts(status: number) {
  const notFound = status === 404;
  return {
    documentTitle: notFound ? "error.page_title_404" : "error.page_title",
    title: notFound ? "error.not_found_title" : "error.default_title",
    message: notFound ? "error.not_found_message" : "error.default_message",
  } as const;
}

/** Meta of an error page: "Page Not Found" for 404, "Error" otherwise (translated), never indexed. */
export function errorPageMeta(locale: Locale, status: number) {
  const i18n = getI18n(locale);
  return [{ title: i18n._(errorTexts(status).documentTitle) }, { name: "robots", content: "noindex" }];
}
