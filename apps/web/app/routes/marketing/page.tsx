import { useLoaderData, useMatches } from "react-router";

import { marketingPageData } from "~/features/content/content.server";
import { DownloadList } from "~/features/content/download-list";
import { Glossary } from "~/features/content/glossary";
import { MarketingPageView } from "~/features/content/marketing-page";
import { BoardCredits, PageBoards } from "~/features/marketing/board-pictures";
import { ProcessSteps } from "~/features/marketing/process-steps";
import { TeamList } from "~/features/marketing/team-list";
import { CertificateList, CustomerLogos, MembershipList } from "~/features/marketing/trust-lists";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/page";

/** The pages that describe how boards are built, with the process drawings under their text. */
const PROCESS_PAGES = new Set([
  "em-smt-assembly",
  "em-pcba-prototyping",
  "em-pcba-volume-production",
  "about-quality",
]);

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
    <MarketingPageView
      page={page}
      content={content}
      lead={page.key === "about-team" ? <TeamList /> : <PageBoards pageKey={page.key} />}
    >
      {content.glossary ? <Glossary letters={content.glossary} /> : null}
      {page.key === "resources-downloads" ? <DownloadList locale={page.locale} /> : null}
      {page.key === "legal-imprint" ? <BoardCredits /> : null}
      {page.key === "about-quality" ? <CertificateList /> : null}
      {page.key === "about-company" ? (
        <>
          <MembershipList />
          <CustomerLogos />
        </>
      ) : null}
      {PROCESS_PAGES.has(page.key) ? <ProcessSteps /> : null}
    </MarketingPageView>
  );
}
