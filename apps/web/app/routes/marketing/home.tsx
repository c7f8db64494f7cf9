import { useLingui } from "@lingui/react";
import { ArrowRight, FileUp, PackageCheck, ReceiptText, ShoppingCart } from "lucide-react";
import { Link, useLoaderData } from "react-router";

import { buttonVariants } from "~/components/ui/button";
import { ArticleList } from "~/features/content/article-list";
import { featuredArticles } from "~/features/content/knowledge-base.server";
import { PageCallToAction } from "~/features/content/page-cta";
import { HeroBoard } from "~/features/marketing/board-pictures";
import { ClaimList } from "~/features/marketing/claim-list";
import { ProcessSteps } from "~/features/marketing/process-steps";
import { TrustSection } from "~/features/marketing/trust-lists";
import { claimValues } from "@ems/content/values";
import { useClaimValues } from "~/features/marketing/use-claims";
import { localeFromPath, localizePath } from "~/lib/locale";
import { pageMeta, siteOrigin } from "~/lib/meta";
import { MENU_GROUPS } from "~/lib/nav";
import { currentPage, href } from "~/lib/route-map";
import { organizationStructuredData } from "~/lib/structured-data";

import type { Route } from "./+types/home";
import { useLocale } from "~/lib/use-locale";

/** The service pages the home page presents, with their menu label and description. */
const SERVICES = MENU_GROUPS.find((group) => group.id === "em")!.pages;
const INDUSTRIES = MENU_GROUPS.find((group) => group.id === "industries")!.pages;
const STEPS = [1, 2, 3, 4] as const;
/** Articles a first-time visitor planning an order reads first. */
const FEATURED_ARTICLES = ["quote-request-data-package", "pcb-design-checklist", "pcba-lead-times"];

export function loader({ request }: Route.LoaderArgs) {
  const locale = localeFromPath(new URL(request.url).pathname);
  return { articles: featuredArticles(locale, FEATURED_ARTICLES) };
}

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const page = currentPage(matches);
  const locale = page?.locale ?? localeFromPath(location.pathname);
  return [
    ...pageMeta(
      location.pathname,
      { title: "home.meta_title", description: "home.meta_description" },
      claimValues(locale),
      { page },
    ),
    ...organizationStructuredData(siteOrigin()),
  ];
};

const STEP_ICONS = { 1: FileUp, 2: ReceiptText, 3: ShoppingCart, 4: PackageCheck } as const;

export default function Home() {
  const { i18n } = useLingui();
  const values = useClaimValues();
  const locale = useLocale();
  const { articles } = useLoaderData<typeof loader>();

  return (
    <>
      <section
        aria-labelledby="home-title"
        className="bg-gradient-to-b from-primary-50 to-white dark:from-primary-950 dark:to-neutral-950"
      >
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 md:px-6 md:py-24 lg:grid-cols-2 lg:items-center lg:gap-12">
          <div>
            <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">
              {i18n._("home.eyebrow", values)}
            </p>
            <h1
              id="home-title"
              className="mt-3 max-w-4xl text-4xl font-bold tracking-tight text-balance text-neutral-900 sm:text-5xl dark:text-white"
            >
              {i18n._("home.title", values)}
            </h1>
            <p className="mt-6 max-w-3xl text-lg text-neutral-700 dark:text-neutral-300">
              {i18n._("home.lead", values)}
            </p>
            <div className="mt-10 flex flex-wrap gap-3">
              <Link to={localizePath("/my/quotes", locale)} className={buttonVariants({ size: "lg" })}>
                {i18n._("home.cta_quote")}
              </Link>
              <Link
                to={localizePath("/register", locale)}
                className={buttonVariants({ size: "lg", variant: "outline" })}
              >
                {i18n._("home.cta_register")}
              </Link>
              <Link
                to={localizePath("/login", locale)}
                className={buttonVariants({ size: "lg", variant: "ghost" })}
              >
                {i18n._("home.cta_login")}
              </Link>
            </div>
          </div>
          <HeroBoard className="mx-auto w-full max-w-md lg:max-w-none" />
        </div>
      </section>

      <section aria-labelledby="facts-title" className="mx-auto max-w-7xl px-4 py-16 md:px-6">
        <h2 id="facts-title" className="text-2xl font-bold tracking-tight">
          {i18n._("home.facts_heading", values)}
        </h2>
        <div className="mt-8">
          <ClaimList />
        </div>
      </section>

      <section
        aria-labelledby="services-title"
        className="border-t border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900"
      >
        <div className="mx-auto max-w-7xl px-4 py-16 md:px-6">
          <h2 id="services-title" className="text-2xl font-bold tracking-tight">
            {i18n._("home.services_heading")}
          </h2>
          <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">
            {i18n._("home.services_text")}
          </p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {SERVICES.map((key) => (
              <li
                key={key}
                className="relative flex flex-col rounded-lg border border-neutral-200 bg-white p-5 transition-colors hover:border-primary-600 dark:border-neutral-700 dark:bg-neutral-950 dark:hover:border-primary-400"
              >
                <h3 className="font-semibold text-neutral-900 dark:text-white">
                  <Link
                    to={href(key, locale)}
                    className="after:absolute after:inset-0 focus-visible:outline-none"
                  >
                    {i18n._(`page.${key}.nav`, values)}
                  </Link>
                </h3>
                <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
                  {i18n._(`page.${key}.description`, values)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="steps-title" className="mx-auto max-w-7xl px-4 py-16 md:px-6">
        <h2 id="steps-title" className="text-2xl font-bold tracking-tight">
          {i18n._("home.steps_heading")}
        </h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step) => {
            const Icon = STEP_ICONS[step];
            return (
              <li key={step} className="flex flex-col gap-3">
                <span className="inline-flex size-11 items-center justify-center rounded-md bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-200">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="font-semibold text-neutral-900 dark:text-white">
                  {step}. {i18n._(`home.step_${step}_title`)}
                </h3>
                <p className="text-sm text-neutral-700 dark:text-neutral-300">
                  {i18n._(`home.step_${step}_text`)}
                </p>
              </li>
            );
          })}
        </ol>
      </section>

      <div className="border-t border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900">
        <div className="mx-auto max-w-7xl px-4 py-16 md:px-6">
          <ProcessSteps layout="wide" />
        </div>
      </div>

      <TrustSection />

      <section
        aria-labelledby="industries-title"
        className="border-t border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900"
      >
        <div className="mx-auto max-w-7xl px-4 py-16 md:px-6">
          <h2 id="industries-title" className="text-2xl font-bold tracking-tight">
            {i18n._("home.industries_heading")}
          </h2>
          <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">
            {i18n._("home.industries_text")}
          </p>
          <ul className="mt-8 flex flex-wrap gap-3">
            {INDUSTRIES.map((key) => (
              <li key={key}>
                <Link
                  to={href(key, locale)}
                  className="inline-flex min-h-11 items-center rounded-full border border-neutral-300 bg-white px-4 text-sm font-medium text-neutral-900 hover:border-primary-600 hover:bg-primary-50 dark:border-neutral-700 dark:bg-neutral-950 dark:text-neutral-100 dark:hover:bg-primary-950"
                >
                  {i18n._(`page.${key}.nav`, values)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="kb-title" className="mx-auto max-w-7xl px-4 py-16 md:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-3xl">
            <h2 id="kb-title" className="text-2xl font-bold tracking-tight">
              {i18n._("home.kb_heading")}
            </h2>
            <p className="mt-2 text-neutral-700 dark:text-neutral-300">{i18n._("home.kb_text")}</p>
          </div>
          <Link
            to={href("knowledge-base", locale)}
            className="inline-flex items-center gap-1 font-semibold text-primary-800 underline-offset-4 hover:underline dark:text-primary-300"
          >
            {i18n._("home.kb_link")}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <div className="mt-8">
          <ArticleList articles={articles} />
        </div>
      </section>

      <PageCallToAction locale={locale} />
    </>
  );
}
