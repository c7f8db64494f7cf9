import { useActionData, useLoaderData, useMatches } from "react-router";

import { ContactForm } from "~/features/content/contact-form";
import { marketingPageData } from "~/features/content/content.server";
import { readContactWithoutScript } from "~/features/content/contact-without-script.server";
import { localeFromPath } from "~/lib/locale";
import { MarketingPageView } from "~/features/content/marketing-page";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/contact";

export function loader({ request }: Route.LoaderArgs) {
  return marketingPageData(request);
}

/** Only a browser without JavaScript posts here (docs/decisions/0013-contact-without-javascript.md). */
export async function action({ request }: Route.ActionArgs) {
  return readContactWithoutScript(await request.formData(), localeFromPath(new URL(request.url).pathname));
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page) : [];
};

/** The contact page: how to reach the team, then the form (its schema stays off the other pages). */
export default function ContactPage() {
  const page = currentPage(useMatches());
  const content = useLoaderData<typeof loader>();
  const withoutScript = useActionData<typeof action>();
  if (!page) return null;
  return (
    <MarketingPageView page={page} content={content}>
      <ContactForm locale={page.locale} withoutScript={withoutScript} />
    </MarketingPageView>
  );
}
