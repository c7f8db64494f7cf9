import { useLingui } from "@lingui/react";
import { Link, useLocation } from "react-router";

import { ClaimList } from "~/features/marketing/claim-list";
import { claimValues, useClaimValues } from "~/features/marketing/use-claims";
import { localeFromPath, localizePath } from "~/lib/locale";
import { pageMeta, siteOrigin } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";
import { organizationStructuredData } from "~/lib/structured-data";

import type { Route } from "./+types/home";

const SERVICES = [
  "prototyping",
  "express",
  "volume",
  "smt_tht",
  "rework",
  "development",
  "bare_boards",
] as const;

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

export default function Home() {
  const { i18n } = useLingui();
  const values = useClaimValues();
  const locale = localeFromPath(useLocation().pathname);

  return (
    <>
      <section
        aria-labelledby="home-title"
        className="bg-gradient-to-b from-primary-50 to-white dark:from-primary-950 dark:to-neutral-950"
      >
        <div className="mx-auto max-w-7xl px-4 py-16 md:px-6 md:py-24">
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
            <Link
              to={localizePath("/register", locale)}
              className="inline-flex h-12 items-center rounded-md bg-primary-700 px-6 font-semibold text-white hover:bg-primary-800 dark:bg-primary-600 dark:hover:bg-primary-700"
            >
              {i18n._("home.cta_register")}
            </Link>
            <Link
              to={localizePath("/login", locale)}
              className="inline-flex h-12 items-center rounded-md border border-primary-700 px-6 font-semibold text-primary-800 hover:bg-primary-50 dark:border-primary-400 dark:text-primary-200 dark:hover:bg-primary-950"
            >
              {i18n._("home.cta_login")}
            </Link>
          </div>
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
          <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {SERVICES.map((service) => (
              <li
                key={service}
                className="rounded-lg border border-neutral-200 bg-white px-4 py-3 font-medium dark:border-neutral-700 dark:bg-neutral-950"
              >
                {i18n._(`home.service_${service}`)}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
