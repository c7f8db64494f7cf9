import { useActionData, useLoaderData, useMatches } from "react-router";

import { ContactChannels } from "~/features/content/contact-channels";
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

/**
 * The contact page: the form first, beside the direct channels (below them on a phone), then the
 * longer text on what to send and when we answer (issue 20). The form's schema stays off the other pages.
 */
export default function ContactPage() {
  const page = currentPage(useMatches());
  const content = useLoaderData<typeof loader>();
  const withoutScript = useActionData<typeof action>();
  if (!page) return null;
  return (
    <MarketingPageView
      page={page}
      content={content}
      lead={
        <div className="mt-10 grid gap-8 md:grid-cols-[minmax(0,1fr)_16rem]">
          <ContactForm locale={page.locale} withoutScript={withoutScript} />
          <ContactChannels locale={page.locale} />
        </div>
      }
    />
  );
}
