import { mayCall } from "@ems/contracts/endpoints";
import { useLingui } from "@lingui/react";
import {
  paymentEndpoints,
  INVOICE_DISPLAY_STATUSES,
  INVOICE_SORTS,
  invoiceEndpoints,
  type Invoice,
  type InvoiceCreditNote,
  type Payment,
} from "@ems/contracts/billing";
import { todayIso } from "@ems/contracts/reference";
import { useCallback, useMemo, useState } from "react";

import { ListSection } from "~/components/list/list-section";
import { FilterNote, ListNote } from "~/components/list/list-states";
import { InvoicesTable } from "~/features/billing/invoices-table";
import { PageHeader } from "~/features/billing/page-header";
import { PayDialog } from "~/features/billing/pay-dialog";
import { UnpaidSummary } from "~/features/billing/unpaid-summary";
import { call } from "~/lib/api-client";
import { apiFromRequest } from "~/lib/api.server";
import { listApiParams, listHref, readListQuery, type ListSpec } from "~/lib/list-query";
import { loadList } from "~/lib/load-list";
import { useListLinks } from "~/lib/use-list-links";
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
  const today = todayIso();
  if (!list.page)
    return {
      state,
      ...list,
      canPay,
      today,
      methods: null,
      pending: {} as Record<string, Payment>,
      creditNotes: {} as Record<string, InvoiceCreditNote[]>,
      summary: null,
    };

  const unpaid = list.page.items.filter((invoice) => invoice.status === "unpaid");
  const credited = list.page.items.filter((invoice) => invoice.credited_minor > 0);
  const [methods, details, credits, desk] = await Promise.all([
    canPay ? call(api, paymentEndpoints.methods).then((a) => a.data) : null,
    canPay
      ? Promise.all(
          unpaid.map((invoice) => call(api, invoiceEndpoints.detail, { params: { id: invoice.id } })),
        )
      : [],
    // The credit notes of the page's credited invoices, with their PDFs.
    Promise.all(
      credited.map((invoice) => call(api, invoiceEndpoints.detail, { params: { id: invoice.id } })),
    ),
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
  const creditNotes: Record<string, InvoiceCreditNote[]> = {};
  for (const { data } of credits) creditNotes[data.id] = data.credit_notes;
  const summary =
    desk && desk.unpaid_total && desk.counts.unpaid_invoices !== null
      ? {
          totals: desk.unpaid_total,
          unpaid: desk.counts.unpaid_invoices,
          overdue: desk.counts.overdue_invoices ?? 0,
        }
      : null;
  return { state, ...list, canPay, today, methods, pending, creditNotes, summary };
}

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { state, page, canPay, today, methods, pending, creditNotes, summary } = loaderData;
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
  const { pathname } = useListLinks(state, SPEC);
  const statusLink = (status: string) =>
    listHref(pathname, { ...state, q: "", filters: {} }, SPEC, { filters: { status } });
  // The invoice in the dialog as the list shows it now (paid or pending after a revalidation).
  const current = paying ? (page?.items.find((item) => item.id === paying.id) ?? paying) : null;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-10 sm:px-6">
      <PageHeader />
      {summary ? (
        <UnpaidSummary
          {...summary}
          locale={locale}
          unpaidHref={statusLink("unpaid")}
          overdueHref={statusLink("overdue")}
        />
      ) : null}
      <ListSection
        messages="billing.invoices"
        state={state}
        spec={SPEC}
        list={loaderData}
        hidden={{ order_id: state.filters.order_id }}
        filters={[
          {
            name: "status",
            values: INVOICE_DISPLAY_STATUSES,
            optionLabel: (status) => i18n._("billing.invoice_status", { status }),
          },
        ]}
        sortOrders={[
          ["issued_on", "desc"],
          ["issued_on", "asc"],
          ["due_on", "asc"],
          ["due_on", "desc"],
          ["total", "desc"],
          ["total", "asc"],
          ["number", "desc"],
          ["number", "asc"],
        ]}
        before={(link) =>
          state.filters.order_id ? (
            <FilterNote clearHref={link({ filters: { order_id: null } })}>
              {i18n._("billing.invoices.order_filtered")}
            </FilterNote>
          ) : null
        }
        after={!canPay ? <ListNote>{i18n._("billing.invoices.payers_only")}</ListNote> : null}
      >
        {(items, sortHref) => (
          <InvoicesTable
            items={items}
            locale={locale}
            sort={state}
            sortHref={sortHref}
            canPay={canPay}
            pendingIds={pendingIds}
            creditNotes={creditNotes}
            onPay={onPay}
          />
        )}
      </ListSection>
      {current ? (
        <PayDialog
          key={current.id}
          invoice={current}
          methods={methods}
          pendingPayment={pending[current.id] ?? null}
          locale={locale}
          today={today}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
        />
      ) : null}
    </div>
  );
}
