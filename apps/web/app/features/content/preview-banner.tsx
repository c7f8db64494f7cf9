import { useLingui } from "@lingui/react";
import { useEffect } from "react";

/** The preview token is also kept in session storage, for the tab's later requests. */
export const PREVIEW_STORAGE_KEY = "preview_token";

/** Tells an editor that drafts are visible, and keeps the token the query string brought. */
export function PreviewBanner({ token }: { token: string | null }) {
  const { i18n } = useLingui();
  useEffect(() => {
    if (token) sessionStorage.setItem(PREVIEW_STORAGE_KEY, token);
  }, [token]);
  return (
    <p
      role="status"
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {i18n._("kb.preview_active")}
    </p>
  );
}
