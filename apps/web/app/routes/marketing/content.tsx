import { useLingui } from "@lingui/react";
import { formatDate } from "@ems/i18n/format";
import { data, useLoaderData } from "react-router";

import { ArticleList } from "~/features/content/article-list";
import { Breadcrumbs } from "~/features/content/breadcrumbs";
import { ContentLayout } from "~/features/content/content-layout";
import { knowledgeBaseEntry } from "~/features/content/knowledge-base.server";
import { MarkdownBody } from "~/features/content/markdown-body";
import { PageCallToAction } from "~/features/content/page-cta";
import { PreviewBanner } from "~/features/content/preview-banner";
import { previewState } from "~/features/content/preview.server";
import { breadcrumbStructuredData, contentMeta, techArticleStructuredData } from "~/lib/content-meta";
import { getI18n } from "~/lib/i18n";
import { localeFromPath } from "~/lib/locale";
import { siteOrigin } from "~/lib/meta";
import { href } from "~/lib/route-map";

import type { Route } from "./+types/content";

/**
 * The content routes (docs/behaviour/public-site.md#public-routes): knowledge-base categories (/knowledge-base/{category}) and articles
 * (/knowledge-base/{category}/{article}), with translated slugs; the /{section}/{slug} route has no
 * content of its own, so it answers 404.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const splat = (params as Record<string, string | undefined>)["*"];
  const notFound = () => data(`Page not found: ${url.pathname}`, { status: 404 });
  if (splat === undefined) throw notFound();
  const locale = localeFromPath(url.pathname);
  const preview = previewState(request);
  const entry = knowledgeBaseEntry(locale, splat, { includeDrafts: preview.active });
  if (!entry) throw notFound();
  return data(
    { ...entry, locale, preview: { active: preview.active, token: preview.fromQuery } },
    preview.setCookie ? { headers: { "Set-Cookie": preview.setCookie } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ data: entry }) => {
  if (!entry) return [];
  const origin = siteOrigin();
  const i18n = getI18n(entry.locale);
  const kbHome = href("knowledge-base", entry.locale);
  const trail = [
    { name: i18n._("kb.breadcrumb_home"), url: `${origin}${href("home", entry.locale)}` },
    { name: i18n._("page.knowledge-base.nav"), url: `${origin}${kbHome}` },
    { name: entry.category.name, url: `${origin}${entry.category.path}` },
  ];
  if (entry.kind === "category") {
    return [
      ...contentMeta({
        title: entry.category.name,
        description: entry.category.description,
        locale: entry.locale,
        origin,
        translations: entry.translations,
        noindex: entry.preview.active,
      }),
      breadcrumbStructuredData(trail),
    ];
  }
  const url = `${origin}${entry.article.path}`;
  return [
    ...contentMeta({
      title: entry.article.title,
      description: entry.article.description,
      locale: entry.locale,
      origin,
      translations: entry.translations,
      noindex: entry.article.draft || entry.preview.active,
    }),
    breadcrumbStructuredData([...trail, { name: entry.article.title, url }]),
    techArticleStructuredData({
      title: entry.article.title,
      description: entry.article.description,
      updated: entry.article.updated,
      url,
      locale: entry.locale,
      wordCount: entry.article.wordCount,
      origin,
      section: entry.category.name,
    }),
  ];
};

export default function KnowledgeBaseContent() {
  const entry = useLoaderData<typeof loader>();
  const { i18n } = useLingui();
  const locale = entry.locale;
  const crumbs = [
    { label: i18n._("kb.breadcrumb_home"), to: href("home", locale) },
    { label: i18n._("page.knowledge-base.nav"), to: href("knowledge-base", locale) },
  ];
  const banner = entry.preview.active ? <PreviewBanner token={entry.preview.token} /> : null;

  if (entry.kind === "category") {
    return (
      <>
        {banner}
        <div className="mx-auto w-full max-w-7xl px-4 py-12 md:px-6 lg:py-16">
          <Breadcrumbs items={[...crumbs, { label: entry.category.name }]} />
          <h1
            id="page-title"
            className="mt-6 text-3xl font-bold tracking-tight text-balance text-neutral-900 sm:text-4xl dark:text-white"
          >
            {entry.category.name}
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-neutral-700 dark:text-neutral-300">
            {entry.category.description}
          </p>
          <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
            {i18n._("kb.article_count", { count: entry.articles.length })}
          </p>
          <div className="mt-8">
            <ArticleList articles={entry.articles} headingLevel={2} />
          </div>
        </div>
        <PageCallToAction locale={locale} />
      </>
    );
  }

  const { article } = entry;
  const updated = formatDate(article.updated, locale);
  const minutes = Math.max(1, Math.round(article.wordCount / 200));
  const header = (
    <header>
      <Breadcrumbs
        items={[...crumbs, { label: entry.category.name, to: entry.category.path }, { label: article.title }]}
      />
      <h1
        id="page-title"
        className="mt-6 text-3xl font-bold tracking-tight text-balance text-neutral-900 sm:text-4xl dark:text-white"
      >
        {article.title}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-neutral-700 dark:text-neutral-300">
        {article.description}
      </p>
      <p className="mt-3 text-sm text-neutral-600 dark:text-neutral-400">
        {i18n._("kb.updated", { date: updated })} · {i18n._("kb.reading_time", { minutes })}
      </p>
    </header>
  );
  return (
    <>
      {banner}
      <ContentLayout header={header} headings={article.headings}>
        <MarkdownBody html={article.html} className="mt-10" />
        {entry.related.length > 0 ? (
          <section aria-labelledby="related-title" className="mt-16">
            <h2
              id="related-title"
              className="text-xl font-bold tracking-tight text-neutral-900 dark:text-white"
            >
              {i18n._("kb.related_title")}
            </h2>
            <div className="mt-4">
              <ArticleList articles={entry.related} />
            </div>
          </section>
        ) : null}
      </ContentLayout>
      <PageCallToAction locale={locale} />
    </>
  );
}
