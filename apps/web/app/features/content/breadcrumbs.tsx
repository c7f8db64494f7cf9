import { useLingui } from "@lingui/react";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

export interface Crumb {
  label: string;
  /** Absent for the current page, which is not a link. */
  to?: string;
}

/** Where a page sits in the site, as a trail of links (its JSON-LD twin is breadcrumbStructuredData). */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { i18n } = useLingui();
  return (
    <nav aria-label={i18n._("content.breadcrumb_label")} className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-neutral-600 dark:text-neutral-400">
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} className="flex items-center gap-1">
            {index > 0 ? <ChevronRight aria-hidden="true" className="size-4 shrink-0" /> : null}
            {item.to ? (
              <Link
                to={item.to}
                className="underline-offset-2 hover:text-neutral-900 hover:underline dark:hover:text-white"
              >
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="text-neutral-900 dark:text-neutral-100">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
