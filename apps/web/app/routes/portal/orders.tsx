import { useLingui } from "@lingui/react";
import type { OrderPage } from "@ems/contracts/orders";
import { Link, useLocation } from "react-router";

import { Alert } from "~/components/ui/alert";
import { MobileSort, OrderFilters, OrdersTable, Pagination } from "~/features/orders/order-list";
import { listHref, orderListParams } from "~/features/orders/order-helpers";
import { ApiError } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { claimValues } from "@ems/content/values";
import { localeFromPath } from "~/lib/locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";

import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** SPEC Sales order getAllRaw: the company's orders with their progress, filtered, sorted and paged by the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = orderListParams(new URL(request.url).searchParams);
  try {
    const answer = await apiFromRequest(request, context).get<OrderPage>("/api/orders", params);
    return { params, page: answer.data, forbidden: false, invalid: false };
  } catch (error) {
    if (error instanceof ApiError && error.status === 403)
      return { params, page: null, forbidden: true, invalid: false };
    if (error instanceof ApiError && error.status === 400)
      return { params, page: null, forbidden: false, invalid: true };
    throw error;
  }
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const values = claimValues(locale);
  const { params, page, forbidden, invalid } = loaderData;
  const filtered = Boolean(params.status || params.q);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{i18n._("page.my-orders.heading", values)}</h1>
      <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">
        {i18n._("page.my-orders.intro", values)}
      </p>

      {forbidden ? (
        <Alert variant="info" className="mt-8" title={i18n._("my_orders.forbidden_title")}>
          {i18n._("my_orders.forbidden")}
        </Alert>
      ) : (
        <div className="mt-8 space-y-4">
          <OrderFilters key={JSON.stringify(params)} params={params} pathname={pathname} />
          {invalid ? (
            <Alert variant="error">
              {i18n._("my_orders.invalid_filter")}{" "}
              <Link to={pathname} className="font-semibold underline">
                {i18n._("my_orders.filter_reset")}
              </Link>
            </Alert>
          ) : null}
          {page ? (
            <>
              <div className="flex flex-wrap items-end justify-between gap-3">
                <p className="text-sm text-neutral-700 dark:text-neutral-300" aria-live="polite">
                  {i18n._("my_orders.count", { count: page.total })}
                </p>
                {page.items.length > 1 ? (
                  <MobileSort key={`${params.sort}-${params.dir}`} params={params} />
                ) : null}
              </div>
              {page.items.length ? (
                <OrdersTable page={page} params={params} pathname={pathname} locale={locale} />
              ) : (
                <div className="rounded-xl border border-dashed border-neutral-300 p-8 text-center text-neutral-700 dark:border-neutral-700 dark:text-neutral-300">
                  <p>{i18n._(filtered ? "my_orders.empty_filtered" : "my_orders.empty")}</p>
                  {filtered ? (
                    <Link
                      to={listHref(pathname, params, { status: null, q: null, page: null })}
                      className="mt-2 inline-block font-semibold text-primary-800 underline dark:text-primary-300"
                    >
                      {i18n._("my_orders.filter_reset")}
                    </Link>
                  ) : (
                    <Link
                      to={href("my-quotes", locale)}
                      className="mt-2 inline-block font-semibold text-primary-800 underline dark:text-primary-300"
                    >
                      {i18n._("my_orders.empty_link")}
                    </Link>
                  )}
                </div>
              )}
              <Pagination page={page} params={params} pathname={pathname} />
            </>
          ) : null}
        </div>
      )}
    </div>
  );
}
