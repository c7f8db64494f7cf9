import type { ReactNode } from "react";

import { TableOfContents, type TocHeading } from "./table-of-contents";

/**
 * A long text with its heading block, and beside it on wide screens an "On this page" list that stays
 * in view while reading.
 */
export function ContentLayout({
  header,
  lead,
  headings,
  children,
}: {
  header: ReactNode;
  /** What comes before the text (the contact page's form), as wide as the page's columns allow. */
  lead?: ReactNode;
  headings: readonly TocHeading[];
  children: ReactNode;
}) {
  const hasToc = headings.filter((heading) => heading.depth === 2).length >= 3;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-12 md:px-6 lg:py-16">
      <div className={hasToc ? "lg:grid lg:grid-cols-[minmax(0,1fr)_16rem] lg:gap-12" : undefined}>
        <article aria-labelledby="page-title" className="max-w-3xl min-w-0">
          {header}
          {lead}
          {children}
        </article>
        {hasToc ? (
          <aside className="hidden lg:block">
            <div className="sticky top-24">
              <TableOfContents headings={headings} />
            </div>
          </aside>
        ) : null}
      </div>
    </div>
  );
}
