import { useLingui } from "@lingui/react";
import { Link } from "react-router";

import { Badge } from "~/components/ui/badge";

export interface ArticleListItem {
  id: string;
  title: string;
  description: string;
  path: string;
  draft: boolean;
}

/** Articles as cards: title as the link, the description below. */
export function ArticleList({
  articles,
  headingLevel = 3,
}: {
  articles: readonly ArticleListItem[];
  headingLevel?: 2 | 3;
}) {
  const { i18n } = useLingui();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {articles.map((article) => (
        <li
          key={article.id}
          className="relative rounded-lg border border-neutral-200 bg-white p-4 transition-colors hover:border-primary-600 dark:border-neutral-800 dark:bg-neutral-950 dark:hover:border-primary-400"
        >
          <Heading className="font-semibold text-neutral-900 dark:text-white">
            <Link to={article.path} className="after:absolute after:inset-0 focus-visible:outline-none">
              {article.title}
            </Link>
            {article.draft ? (
              <span className="ml-2 align-middle">
                <Badge tone="warning">{i18n._("kb.draft")}</Badge>
              </span>
            ) : null}
          </Heading>
          <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{article.description}</p>
        </li>
      ))}
    </ul>
  );
}
