import { useLoaderData, useMatches } from "react-router";

import { marketingPageData } from "~/features/content/content.server";
import { DownloadList } from "~/features/content/download-list";
import { Glossary } from "~/features/content/glossary";
import { MarketingPageView } from "~/features/content/marketing-page";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/page";

export function loader({ request }: Route.LoaderArgs) {
  return marketingPageData(request);
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page) : [];
};

/** The shared module of the public pages of the route map (the contact page has its own, for its form). */
export default function MarketingPage() {
  const page = currentPage(useMatches());
  const content = useLoaderData<typeof loader>();
  if (!page) return null;
  return (
    <MarketingPageView page={page} content={content}>
      {content.glossary ? <Glossary letters={content.glossary} /> : null}
      {page.key === "resources-downloads" ? <DownloadList locale={page.locale} /> : null}
    </MarketingPageView>
  );
}
