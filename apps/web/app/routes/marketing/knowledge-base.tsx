import { useLingui } from "@lingui/react";
import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useLoaderData, useMatches, useNavigation, useSubmit } from "react-router";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { ArticleList } from "~/features/content/article-list";
import { knowledgeBaseIndex } from "~/features/content/knowledge-base.server";
import { PageCallToAction } from "~/features/content/page-cta";
import { PreviewBanner } from "~/features/content/preview-banner";
import { previewState } from "~/features/content/preview.server";
import { claimValues } from "@ems/content/values";
import { localeFromPath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/knowledge-base";

/** The knowledge-base index: search across the language's articles (?q=), then every category. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const preview = previewState(request);
  const index = knowledgeBaseIndex(locale, {
    query: url.searchParams.get("q") ?? "",
    includeDrafts: preview.active,
  });
  return data(
    { ...index, preview: { active: preview.active, token: preview.fromQuery } },
    preview.setCookie ? { headers: { "Set-Cookie": preview.setCookie } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, data: index }) => {
  const page = currentPage(matches);
  // A search result page is not a page of its own for search engines.
  return page ? routePageMeta(page, index?.query ? { index: false } : {}) : [];
};

export default function KnowledgeBaseIndex() {
  const index = useLoaderData<typeof loader>();
  const page = currentPage(useMatches());
  const { i18n } = useLingui();
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (!page) return null;
  const values = claimValues(page.locale);
  const searching = navigation.state === "loading";

  // Search as you type: the form is submitted a moment after the last key, replacing the history entry.
  const onChange = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (formRef.current) void submit(formRef.current, { replace: true, preventScrollReset: true });
    }, 300);
  };

  return (
    <>
      {index.preview.active ? <PreviewBanner token={index.preview.token} /> : null}
      <div className="mx-auto w-full max-w-7xl px-4 py-12 md:px-6 lg:py-16">
        <header className="max-w-3xl">
          <h1
            id="page-title"
            className="text-3xl font-bold tracking-tight text-balance text-neutral-900 sm:text-4xl dark:text-white"
          >
            {i18n._("page.knowledge-base.heading", values)}
          </h1>
          <p className="mt-6 text-lg leading-relaxed text-neutral-700 dark:text-neutral-300">
            {i18n._("page.knowledge-base.intro", values)}
          </p>
        </header>

        <Form
          ref={formRef}
          method="get"
          role="search"
          className="mt-8 flex max-w-2xl gap-2"
          aria-busy={searching}
        >
          <label htmlFor="kb-search" className="sr-only">
            {i18n._("kb.search_label")}
          </label>
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-neutral-500"
            />
            <Input
              id="kb-search"
              type="search"
              name="q"
              defaultValue={index.query}
              onChange={onChange}
              placeholder={i18n._("kb.search_placeholder")}
              maxLength={200}
              autoComplete="off"
              className="pl-10"
            />
          </div>
          <Button type="submit">{i18n._("kb.search_button")}</Button>
        </Form>

        {index.results ? (
          <section aria-labelledby="results-title" className="mt-10" aria-live="polite">
            <h2
              id="results-title"
              className="text-xl font-bold tracking-tight text-neutral-900 dark:text-white"
            >
              {i18n._("kb.results_title", { count: index.results.length, query: index.query })}
            </h2>
            {index.results.length > 0 ? (
              <div className="mt-4">
                <ArticleList articles={index.results} />
              </div>
            ) : (
              <p className="mt-4 text-neutral-700 dark:text-neutral-300">{i18n._("kb.no_results")}</p>
            )}
          </section>
        ) : null}

        <div className="mt-12 space-y-14">
          {index.categories.map((category) => (
            <section key={category.id} aria-labelledby={`category-${category.id}`}>
              <h2
                id={`category-${category.id}`}
                className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white"
              >
                <Link to={category.path} className="hover:underline">
                  {category.name}
                </Link>
              </h2>
              <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">{category.description}</p>
              <div className="mt-5">
                <ArticleList articles={category.articles} />
              </div>
            </section>
          ))}
        </div>
      </div>
      <PageCallToAction locale={page.locale} />
    </>
  );
}
