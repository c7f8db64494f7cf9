import { staffContactMessageEndpoints } from "@ems/contracts/contact";
import { staffHomeEndpoints } from "@ems/contracts/staff-home";

import { ListProblem } from "~/components/list/list-states";
import { ContactMessages, HomeQueues } from "~/features/staff/home";
import { load } from "~/features/staff/load.server";
import { StaffPage, staffTexts } from "~/features/staff/staff-ui";
import { call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { formIntent, submitIntent } from "~/lib/form-action.server";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";
import { useLocale } from "~/lib/use-locale";
import { useLingui } from "@lingui/react";

import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** What waits for staff (GET /api/staff/home) and the new contact messages in full. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const [home, messages] = await Promise.all([
    load(api, staffHomeEndpoints.get, {}),
    load(api, staffContactMessageEndpoints.list, { query: { page_size: 25 } }),
  ]);
  return { home, messages };
}

/** Marking a contact message handled. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitIntent(request, context, {
    handled: formIntent(
      staffContactMessageEndpoints.markHandled.params,
      async (api, params) => (await call(api, staffContactMessageEndpoints.markHandled, { params })).data,
    ),
  });
}

export default function StaffHomePage({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { home, messages } = loaderData;
  return (
    <StaffPage>
      <ListProblem
        forbidden={home.problem === "forbidden"}
        invalid={home.problem === "invalid"}
        texts={staffTexts(i18n)}
      />
      {home.data ? <HomeQueues home={home.data} locale={locale} /> : null}
      {messages.data ? (
        <ContactMessages messages={messages.data.items} total={messages.data.total} locale={locale} />
      ) : null}
    </StaffPage>
  );
}
