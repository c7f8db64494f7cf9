import { useLingui } from "@lingui/react";

export interface TocHeading {
  id: string;
  text: string;
  depth: number;
}

/** "On this page": the second-level headings of a long text, as in-page links. */
export function TableOfContents({ headings }: { headings: readonly TocHeading[] }) {
  const { i18n } = useLingui();
  const sections = headings.filter((heading) => heading.depth === 2);
  if (sections.length < 3) return null;
  return (
    <nav aria-labelledby="toc-title" className="text-sm">
      <h2 id="toc-title" className="font-semibold text-neutral-900 dark:text-white">
        {i18n._("content.toc_title")}
      </h2>
      <ol className="mt-3 space-y-2 border-l border-neutral-200 dark:border-neutral-800">
        {sections.map((heading) => (
          <li key={heading.id}>
            <a
              href={`#${heading.id}`}
              className="-ml-px block border-l-2 border-transparent py-0.5 pl-3 text-neutral-700 hover:border-primary-600 hover:text-neutral-900 dark:text-neutral-300 dark:hover:text-white"
            >
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
