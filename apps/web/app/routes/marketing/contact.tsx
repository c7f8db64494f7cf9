import { useLoaderData, useMatches } from "react-router";

import { ContactForm } from "~/features/content/contact-form";
import { marketingPageData } from "~/features/content/content.server";
import { MarketingPageView } from "~/features/content/marketing-page";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/contact";

export function loader({ request }: Route.LoaderArgs) {
  return marketingPageData(request);
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
