import { useLingui } from "@lingui/react";
import { Link } from "react-router";

import { listLinkClass } from "~/components/list/link-class";
import { ListBody } from "~/components/list/list-body";
import { EmptyList, ListProblem } from "~/components/list/list-states";
import { ORDER_LIST } from "~/features/orders/order-helpers";
import { MobileSort, OrderFilters, OrdersTable } from "~/features/orders/order-list";
import { apiFromRequest } from "~/lib/api.server";
import { claimValues } from "@ems/content/values";
import { listApiParams, readListQuery } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { useListLinks } from "~/lib/use-list-links";
import { useLocale } from "~/lib/use-locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage, href } from "~/lib/route-map";

import type { Route } from "./+types/orders";
import { orderEndpoints } from "@ems/contracts/orders";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

/** The company's orders (docs/behaviour/orders.md#order-list) with their progress, filtered, sorted and paged by the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = readListQuery(new URL(request.url).searchParams, ORDER_LIST);
  const list = await loadList(
    apiFromRequest(request, context),
    orderEndpoints.list,
    listApiParams(state, ORDER_LIST),
  );
  return { state, ...list };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const values = claimValues(locale);
  const { state, page, forbidden, invalid } = loaderData;
  const { pathname, filtered, link, pageHref } = useListLinks(state, ORDER_LIST);
  const texts = {
    forbiddenTitle: i18n._("my_orders.forbidden_title"),
    forbidden: i18n._("my_orders.forbidden"),
    invalid: i18n._("my_orders.invalid_filter"),
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{i18n._("page.my-orders.heading", values)}</h1>
      <p className="mt-2 max-w-3xl text-neutral-700 dark:text-neutral-300">
        {i18n._("page.my-orders.intro", values)}
      </p>

      {forbidden ? (
        <div className="mt-8">
          <ListProblem forbidden invalid={false} texts={texts} />
        </div>
      ) : (
        <div className="mt-8 space-y-4">
          <OrderFilters key={JSON.stringify(state)} state={state} pathname={pathname} />
          <ListProblem
            forbidden={false}
            invalid={invalid}
            texts={texts}
            clearHref={pathname}
            clearLabel={i18n._("my_orders.filter_reset")}
          />
          {page ? (
            <ListBody
              page={page}
              count={i18n._("my_orders.count", { count: page.total })}
              countAside={
                page.items.length > 1 ? <MobileSort key={`${state.sort}-${state.dir}`} state={state} /> : null
              }
              empty={
                <EmptyList
                  clearHref={filtered ? link({ q: "", filters: { status: null } }) : undefined}
                  clearLabel={i18n._("my_orders.filter_reset")}
                  action={
                    <Link to={href("my-quotes", locale)} className={listLinkClass}>
                      {i18n._("my_orders.empty_link")}
                    </Link>
                  }
                >
                  {i18n._(filtered ? "my_orders.empty_filtered" : "my_orders.empty")}
                </EmptyList>
              }
              pageHref={pageHref}
              paginationLabel={i18n._("my_orders.pagination")}
            >
              {(items) => <OrdersTable items={items} state={state} pathname={pathname} locale={locale} />}
            </ListBody>
          ) : null}
        </div>
      )}
    </div>
  );
}
