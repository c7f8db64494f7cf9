import { useLingui } from "@lingui/react";
import { safeRedirectTarget } from "@ems/contracts/safe-paths";
import { data, Link, redirect, useMatches } from "react-router";

import { claimValues } from "@ems/content/values";
import { routePageMeta, siteOrigin } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";

import type { Route } from "./+types/redirect";

/**
 * /redirect?to=<target> (the "redirect check" of docs/behaviour/public-site.md#public-routes): forwards to a local path, or to this site's own
 * origin, and nowhere else. A missing or unsafe target is answered 400 with a link home instead of
 * an open redirect.
 */
export function loader({ request }: Route.LoaderArgs) {
  const target = safeRedirectTarget(new URL(request.url).searchParams.get("to"), [siteOrigin()]);
  if (target) throw redirect(target);
  return data(null, { status: 400 });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

export default function RedirectPage() {
  const page = currentPage(useMatches());
  const { i18n } = useLingui();
  if (!page) return null;
  const values = claimValues(page.locale);
  return (
    <article aria-labelledby="page-title" className="mx-auto w-full max-w-2xl px-4 py-16 sm:px-6">
      <h1 id="page-title" className="text-3xl font-bold tracking-tight">
        {i18n._("page.redirect.heading", values)}
      </h1>
      <p className="mt-6 text-lg text-neutral-700 dark:text-neutral-300">
        {i18n._("page.redirect.intro", values)}
      </p>
      <p className="mt-8">
        <Link
          to={href("home", page.locale)}
          className="font-semibold text-primary-800 underline underline-offset-4 hover:no-underline dark:text-primary-300"
        >
          {i18n._("error.home_link")}
        </Link>
      </p>
    </article>
  );
}
