import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { Alert } from "~/components/ui/alert";

import { listLinkClass } from "./link-class";

/**
 * What a list shows instead of rows when the role may not read it or the query was rejected. The
 * texts default to the document lists' and a list with its own wording passes it.
 */
export function ListProblem({
  forbidden,
  invalid,
  texts,
  clearHref,
  clearLabel,
}: {
  forbidden: boolean;
  invalid: boolean;
  texts?: { forbiddenTitle: string; forbidden: string; invalid: string };
  /** A way out of a rejected query: the list without filters. */
  clearHref?: string;
  clearLabel?: string;
}) {
  const { i18n } = useLingui();
  if (forbidden)
    return (
      <Alert variant="info" title={texts?.forbiddenTitle ?? i18n._("billing.forbidden_title")}>
        {texts?.forbidden ?? i18n._("billing.forbidden")}
      </Alert>
    );
  if (invalid)
    return (
      <Alert variant="error">
        {texts?.invalid ?? i18n._("list.invalid")}
        {clearHref ? (
          <>
            {" "}
            <Link to={clearHref} className={listLinkClass}>
              {clearLabel ?? i18n._("list.clear_filters")}
            </Link>
          </>
        ) : null}
      </Alert>
    );
  return null;
}

/** "12 documents" above a list, announced when a filter changes it. */
export function ListCount({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm text-neutral-700 dark:text-neutral-300" aria-live="polite">
      {children}
    </p>
  );
}

/** No rows: says why (nothing yet, or nothing matches) and offers to clear the filters or a next step. */
export function EmptyList({
  children,
  clearHref,
  clearLabel,
  action,
}: {
  children: ReactNode;
  clearHref?: string;
  clearLabel?: string;
  /** Shown when there is nothing to clear, such as a link to where new rows come from. */
  action?: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <div className="rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-700 dark:border-neutral-700 dark:text-neutral-300">
      <p>{children}</p>
      {clearHref ? (
        <p className="mt-2">
          <Link className={listLinkClass} to={clearHref}>
            {clearLabel ?? i18n._("list.clear_filters")}
          </Link>
        </p>
      ) : action ? (
        <p className="mt-2">{action}</p>
      ) : null}
    </div>
  );
}

/** Says the list is narrowed by something its toolbar does not show (one order, say), with a way back. */
export function FilterNote({ children, clearHref }: { children: ReactNode; clearHref: string }) {
  const { i18n } = useLingui();
  return (
    <p className="text-sm">
      {children}{" "}
      <Link className={listLinkClass} to={clearHref}>
        {i18n._("list.clear_filters")}
      </Link>
    </p>
  );
}

/** A line under a list about what the reader may do with it (who may pay, who may request). */
export function ListNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-neutral-700 dark:text-neutral-300">{children}</p>;
}
