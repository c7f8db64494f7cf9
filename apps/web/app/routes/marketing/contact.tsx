import { data, useLoaderData, useMatches } from "react-router";

import { ContactForm } from "~/features/content/contact-form";
import { marketingPageContent } from "~/features/content/content.server";
import { MarketingPageView } from "~/features/content/marketing-page";
import { routePageMeta } from "~/lib/meta";
import { currentPage, pageAtPath } from "~/lib/route-map";

import type { Route } from "./+types/contact";

export function loader({ request }: Route.LoaderArgs) {
  const page = pageAtPath(new URL(request.url).pathname);
  if (!page) throw data("Page not found", { status: 404 });
  return marketingPageContent(page.locale, page.key);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page) : [];
};

/** The contact page: how to reach the team, then the form (its schema stays off the other pages). */
export default function ContactPage() {
  const page = currentPage(useMatches());
  const content = useLoaderData<typeof loader>();
  if (!page) return null;
  return (
    <MarketingPageView page={page} content={content}>
      <ContactForm locale={page.locale} />
    </MarketingPageView>
  );
}
