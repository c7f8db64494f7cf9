import { useLingui } from "@lingui/react";
import { Link } from "react-router";

import { cn } from "~/lib/cn";

import { listLinkClass } from "./link-class";

/** The page numbers to offer: the first, the last and the current one with its neighbours; null is a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((p, i) => (i > 0 && p - shown[i - 1]! > 1 ? [null, p] : [p]));
}

const disabledClass = "cursor-not-allowed font-semibold text-neutral-500 dark:text-neutral-400";

/**
 * Previous, numbered and next links under a list. The current page is marked with aria-current;
 * at either end the previous or next link is shown disabled so the bar does not jump.
 */
export function Pagination({
  page,
  pages,
  href,
  label,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  /** The navigation's name when a page has more than one list ("Pages of quotes"). */
  label?: string;
}) {
  const { i18n } = useLingui();
  if (pages <= 1) return null;
  const pageLabel = (p: number) => i18n._("list.page_of", { page: p, pages });
  const end = (text: string, to: number | null) =>
    to === null ? (
      <span aria-disabled="true" className={disabledClass}>
        {text}
      </span>
    ) : (
      <Link className={listLinkClass} to={href(to)} preventScrollReset>
        {text}
      </Link>
    );
  return (
    <nav
      aria-label={label ?? i18n._("list.pagination")}
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      {end(i18n._("list.previous"), page > 1 ? page - 1 : null)}
      <ol className="flex flex-wrap items-center gap-1">
        {pageWindow(page, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-neutral-600 dark:text-neutral-400">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                preventScrollReset
                aria-label={pageLabel(p)}
                aria-current={p === page ? "page" : undefined}
                className={cn(
                  "inline-flex min-w-9 items-center justify-center rounded-md px-2 py-1.5 font-semibold tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600",
                  p === page
                    ? "bg-primary-700 text-white dark:bg-primary-500 dark:text-neutral-950"
                    : "text-primary-800 hover:bg-neutral-100 dark:text-primary-300 dark:hover:bg-neutral-800",
                )}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ol>
      {end(i18n._("list.next"), page < pages ? page + 1 : null)}
    </nav>
  );
}
