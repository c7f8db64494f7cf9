import { mayCall } from "@ems/contracts/endpoints";
import { useLingui } from "@lingui/react";
import {
  materialRequestEndpoints,
  MATERIAL_REQUEST_SORTS,
  MATERIAL_REQUEST_STATUSES,
  latestExpectedOn,
  materialRequestCreateSchema,
  utcToday,
} from "@ems/contracts/material-requests";
import { PackagePlus } from "lucide-react";
import { useCallback, useState } from "react";
import { useLocation, useNavigate } from "react-router";

import { DataTable } from "~/components/list/data-table";
import { ListSection } from "~/components/list/list-section";
import { ListNote } from "~/components/list/list-states";
import { Button } from "~/components/ui/button";
import { TrackingNumber } from "~/features/billing/document-links";
import { PageHeader } from "~/features/billing/page-header";
import {
  AnnounceMaterialDialog,
  type AnnouncedRequest,
  type OrderOption,
} from "~/features/supply/announce-dialog";
import { MATERIAL_SORTABLE, useMaterialRequestColumns } from "~/features/supply/material-columns";
import { apiFromRequest } from "~/lib/api.server";
import { submitForm } from "~/lib/form-action.server";
import { listApiParams, readListQuery, type ListSpec } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { useLocale } from "~/lib/use-locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/material-request";
import { call } from "~/lib/api-client";
import { authEndpoints } from "@ems/contracts/auth";
import { orderEndpoints } from "@ems/contracts/orders";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

const SPEC: ListSpec = {
  sorts: MATERIAL_REQUEST_SORTS,
  ascFirst: ["number"],
  filters: { status: MATERIAL_REQUEST_STATUSES },
  searchMax: 80,
};

/** The company's material requests (docs/behaviour/billing.md#material-requests), and announcing a delivery of customer-supplied parts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const url = new URL(request.url);
  const state = readListQuery(url.searchParams, SPEC);
  const [session, list] = await Promise.all([
    call(api, authEndpoints.session),
    loadList(api, materialRequestEndpoints.list, listApiParams(state, SPEC)),
  ]);
  const canAnnounce = mayCall(session.data.user, materialRequestEndpoints.create);
  // The orders the parts may be for: the newest open ones (cancelled and completed ones take none).
  const orders: OrderOption[] = canAnnounce
    ? await call(api, orderEndpoints.list, { query: { page_size: 100, sort: "created_at", dir: "desc" } })
        .then((answer) =>
          answer.data.items
            .filter((order) => order.status !== "cancelled" && order.status !== "completed")
            .map(({ id, number, po_number }) => ({ id, number, po_number })),
        )
        .catch(() => [])
    : [];
  return {
    state,
    ...list,
    canAnnounce,
    orders,
    today: utcToday(),
    latest: latestExpectedOn(),
    announce: url.searchParams.get("announce") === "1",
  };
}

/** Announcing a delivery: the form's answer carries the new request's number for the toast. */
export async function action({ request, context }: Route.ActionArgs) {
  return submitForm(request, context, materialRequestCreateSchema, async (api, body) => {
    const answer = await call(api, materialRequestEndpoints.create, { body });
    return { number: answer.data.number } satisfies AnnouncedRequest;
  });
}

export default function MaterialRequests({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const locale = useLocale();
  const { state, forbidden, canAnnounce, orders, today, latest, announce } = loaderData;
  const [open, setOpen] = useState(announce && canAnnounce);
  const tracking = useCallback(
    (carrier: string | null, number: string | null) => <TrackingNumber carrier={carrier} number={number} />,
    [],
  );
  const columns = useMaterialRequestColumns({ locale, tracking });

  function onOpenChange(next: boolean) {
    setOpen(next);
    // The desk's quick action opens the dialog through ?announce=1; closing it drops the flag.
    if (!next && announce) {
      const query = new URLSearchParams(search);
      query.delete("announce");
      const rest = query.toString();
      void navigate(rest ? `${pathname}?${rest}` : pathname, { replace: true, preventScrollReset: true });
    }
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-10 sm:px-6">
      <PageHeader
        actions={
          canAnnounce && !forbidden ? (
            <Button onClick={() => setOpen(true)}>
              <PackagePlus aria-hidden="true" className="size-4" />
              {i18n._("supply.announce")}
            </Button>
          ) : null
        }
      />
      <ListSection
        messages="supply"
        state={state}
        spec={SPEC}
        list={loaderData}
        filters={[
          {
            name: "status",
            values: MATERIAL_REQUEST_STATUSES,
            optionLabel: (status) => i18n._("supply.status", { status }),
          },
        ]}
        sortLabel={i18n._("supply.sort_label")}
        sortOrders={[
          ["created_at", "desc"],
          ["created_at", "asc"],
          ["expected_on", "asc"],
          ["expected_on", "desc"],
          ["number", "desc"],
          ["number", "asc"],
        ]}
        after={!canAnnounce ? <ListNote>{i18n._("supply.announcers_only")}</ListNote> : null}
        emptyText={canAnnounce ? undefined : i18n._("supply.empty_reader")}
        emptyAction={
          canAnnounce && !forbidden ? (
            <Button variant="outline" onClick={() => setOpen(true)}>
              <PackagePlus aria-hidden="true" className="size-4" />
              {i18n._("supply.empty_action")}
            </Button>
          ) : undefined
        }
      >
        {(items, sortHref) => (
          <DataTable
            data={items}
            columns={columns}
            caption={i18n._("supply.caption")}
            sortable={MATERIAL_SORTABLE}
            sort={state}
            sortHref={sortHref}
            rowId={(row) => row.id}
            minWidth="min-w-[880px]"
          />
        )}
      </ListSection>
      {canAnnounce ? (
        <AnnounceMaterialDialog
          open={open}
          onOpenChange={onOpenChange}
          orders={orders}
          today={today}
          latest={latest}
        />
      ) : null}
    </div>
  );
}
