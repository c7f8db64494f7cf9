import { useLingui } from "@lingui/react";

/** Legal pages are templates: the operator's lawyer must review them before the site goes live. */
export function LegalTemplateNotice() {
  const { i18n } = useLingui();
  return (
    <aside
      aria-labelledby="legal-template-title"
      className="mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <h2 id="legal-template-title" className="font-semibold">
        {i18n._("content.legal_template_title")}
      </h2>
      <p className="mt-1 text-sm">{i18n._("content.legal_template_text")}</p>
    </aside>
  );
}
