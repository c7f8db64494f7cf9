import { mayCall } from "@ems/contracts/endpoints";
import { useLingui } from "@lingui/react";
import {
  paymentEndpoints,
  INVOICE_DISPLAY_STATUSES,
  INVOICE_SORTS,
  invoiceEndpoints,
  type Invoice,
  type Payment,
} from "@ems/contracts/billing";
import { useCallback, useMemo, useState } from "react";
import { Link, useLocation } from "react-router";

import { EmptyList, ListCount, ListProblem } from "~/components/list/list-states";
import { ListToolbar, ToolbarSearch, ToolbarSelect } from "~/components/list/list-toolbar";
import { listLinkClass } from "~/components/list/link-class";
import { Pagination } from "~/components/list/pagination";
import { InvoicesTable } from "~/features/billing/invoices-table";
import { PageHeader } from "~/features/billing/page-header";
import { PayDialog } from "~/features/billing/pay-dialog";
import { UnpaidSummary } from "~/features/billing/unpaid-summary";
import { call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import {
  isFiltered,
  listApiParams,
  listHref,
  pageCount,
  readListQuery,
  sortChange,
  type ListChange,
  type ListSpec,
} from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { claimValues } from "@ems/content/values";
import { useLocale } from "~/lib/use-locale";
import { routePageMeta } from "~/lib/meta";
import { currentPage } from "~/lib/route-map";

import type { Route } from "./+types/invoices";
import { authEndpoints } from "@ems/contracts/auth";
import { deskEndpoints } from "@ems/contracts/desk";

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = currentPage(matches);
  return page ? routePageMeta(page, { index: false }) : [];
};

const SPEC: ListSpec = {
  sorts: INVOICE_SORTS,
  ascFirst: ["number"],
  filters: { status: INVOICE_DISPLAY_STATUSES },
  ids: ["order_id"],
  searchMax: 100,
};

/** Administrators and finance users pay invoices (the payments API's rule). */

/**
 * The invoice list with payments (docs/behaviour/billing.md#invoices): the company's invoices, the open amount, and for
 * payers the methods and, per unpaid invoice on the page, a payment that is already under way.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const state = readListQuery(new URL(request.url).searchParams, SPEC);
  const [session, list] = await Promise.all([
    call(api, authEndpoints.session),
    loadList(api, invoiceEndpoints.list, listApiParams(state, SPEC)),
  ]);
  const canPay = mayCall(session.data.user, paymentEndpoints.charge);
  if (!list.page)
    return { state, ...list, canPay, methods: null, pending: {} as Record<string, Payment>, summary: null };

  const unpaid = list.page.items.filter((invoice) => invoice.status === "unpaid");
  const [methods, details, desk] = await Promise.all([
    canPay ? call(api, paymentEndpoints.methods).then((a) => a.data) : null,
    canPay
      ? Promise.all(
          unpaid.map((invoice) => call(api, invoiceEndpoints.detail, { params: { id: invoice.id } })),
        )
      : [],
    // The open amount of every unpaid invoice, not just this page's.
    call(api, deskEndpoints.get)
      .then((a) => a.data)
      .catch(() => null),
  ]);
  const pending: Record<string, Payment> = {};
  for (const { data } of details) {
    const payment = data.payments.find((p) => p.status === "pending");
    if (payment) pending[data.id] = payment;
  }
  const summary =
    desk && desk.unpaid_total && desk.counts.unpaid_invoices !== null
      ? {
          totals: desk.unpaid_total,
          unpaid: desk.counts.unpaid_invoices,
          overdue: desk.counts.overdue_invoices ?? 0,
        }
      : null;
  return { state, ...list, canPay, methods, pending, summary };
}

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = useLocale();
  const values = claimValues(locale);
  const { state, page, forbidden, invalid, canPay, methods, pending, summary } = loaderData;
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const onPay = useCallback(
    (invoice: Invoice) => {
      setPaying(invoice);
      setDialogOpen(true);
    },
    [setPaying, setDialogOpen],
  );
  const pendingIds = useMemo(() => Object.keys(pending), [pending]);
  const filtered = isFiltered(state, SPEC);
  const link = (change: ListChange) => listHref(pathname, state, SPEC, change);
  const statusLink = (status: string) =>
    listHref(pathname, { ...state, q: "", filters: {} }, SPEC, { filters: { status } });
  const sortOption = (sort: string, dir: "asc" | "desc") => ({
    value: `${sort}:${dir}`,
    label: i18n._("billing.invoices.sort", { sort, dir }),
  });
  // The invoice in the dialog as the list shows it now (paid or pending after a revalidation).
  const current = paying ? (page?.items.find((item) => item.id === paying.id) ?? paying) : null;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-10 sm:px-6">
      <PageHeader
        title={i18n._("page.my-invoices.heading", values)}
        intro={i18n._("page.my-invoices.intro", values)}
      />
      {summary ? (
        <UnpaidSummary
          {...summary}
          locale={locale}
          unpaidHref={statusLink("unpaid")}
          overdueHref={statusLink("overdue")}
        />
      ) : null}
      <ListToolbar hidden={{ order_id: state.filters.order_id }}>
        <ToolbarSearch
          label={i18n._("billing.invoices.search")}
          hint={i18n._("billing.invoices.search_hint")}
          value={state.q}
          maxLength={100}
        />
        <ToolbarSelect
          name="status"
          label={i18n._("billing.invoices.filter_status")}
          value={state.filters.status ?? ""}
          options={[
            { value: "", label: i18n._("billing.invoices.all_statuses") },
            ...INVOICE_DISPLAY_STATUSES.map((status) => ({
              value: status,
              label: i18n._("billing.invoice_status", { status }),
            })),
          ]}
        />
        <ToolbarSelect
          name="sort"
          label={i18n._("list.sort")}
          value={`${state.sort}:${state.dir}`}
          options={[
            sortOption("issued_on", "desc"),
            sortOption("issued_on", "asc"),
            sortOption("due_on", "asc"),
            sortOption("due_on", "desc"),
            sortOption("total", "desc"),
            sortOption("total", "asc"),
            sortOption("number", "desc"),
            sortOption("number", "asc"),
          ]}
        />
      </ListToolbar>
      <ListProblem forbidden={forbidden} invalid={invalid} />
      {page ? (
        <div className="space-y-4">
          {state.filters.order_id ? (
            <p className="text-sm">
              {i18n._("billing.invoices.order_filtered")}{" "}
              <Link className={listLinkClass} to={link({ filters: { order_id: null } })}>
                {i18n._("list.clear_filters")}
              </Link>
            </p>
          ) : null}
          <ListCount>{i18n._("billing.invoices.count", { count: page.total })}</ListCount>
          {page.items.length ? (
            <InvoicesTable
              items={page.items}
              locale={locale}
              sort={state}
              sortHref={(key) => link(sortChange(state, SPEC, key))}
              canPay={canPay}
              pendingIds={pendingIds}
              onPay={onPay}
            />
          ) : (
            <EmptyList clearHref={filtered ? pathname : undefined}>
              {i18n._(filtered ? "billing.invoices.no_match" : "billing.invoices.empty")}
            </EmptyList>
          )}
          <Pagination
            page={page.page}
            pages={pageCount(page.total, page.page_size)}
            href={(p) => link({ page: p })}
          />
          {!canPay ? (
            <p className="text-sm text-neutral-700 dark:text-neutral-300">
              {i18n._("billing.invoices.payers_only")}
            </p>
          ) : null}
        </div>
      ) : null}
      {current ? (
        <PayDialog
          key={current.id}
          invoice={current}
          methods={methods}
          pendingPayment={pending[current.id] ?? null}
          locale={locale}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
        />
      ) : null}
    </div>
  );
}
