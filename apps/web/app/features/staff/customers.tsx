import { formatDate, formatLanguageName, formatRegion } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type { StaffCustomer, StaffCustomerDetail } from "@ems/contracts/staff-customers";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper } from "@tanstack/react-table";
import { FilePlus2 } from "lucide-react";
import { useMemo } from "react";
import { Link, useNavigate } from "react-router";

import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { DataTable } from "~/components/list/data-table";
import { ListBody } from "~/components/list/list-body";
import { EmptyList } from "~/components/list/list-states";
import { listHref, sortChange, sortHidden, type ListState } from "~/lib/list-query";
import { href } from "~/lib/route-map";

import { STAFF_CUSTOMERS } from "./list-specs";
import { Detail, FilterForm, FilterSearch, linkClass, mutedClass } from "./staff-ui";
import { ActionsHeader } from "./staff-cells";

/** Country and language names in the page's language, from the codes the API sends. */
export function useDisplayNames(locale: string) {
  return {
    country: (code: string) => formatRegion(code, locale),
    language: (code: string) => formatLanguageName(code, locale),
  };
}

/** Where "New quote" for a company goes: the quotes list with the new-quote dialog open for it. */
export function newQuoteHref(locale: Locale, companyId: string): string {
  return `${href("staff-quotes", locale)}?${new URLSearchParams({ new: "1", company: companyId }).toString()}`;
}

const customerColumn = createColumnHelper<StaffCustomer>();

function useCustomerColumns({
  pathname,
  state,
  locale,
}: {
  pathname: string;
  state: ListState;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  return useMemo(
    () => [
      customerColumn.accessor("name", {
        header: () => i18n._("staff.col_company"),
        // The name wraps, but not into a sliver when the other columns are wide.
        cell: ({ row: { original: c } }) => (
          <span className="block min-w-[11rem]">
            <Link
              to={listHref(pathname, state, STAFF_CUSTOMERS, {
                filters: { customer: c.id },
                page: state.page,
              })}
              preventScrollReset
              className={linkClass}
            >
              {c.name}
            </Link>
            {c.vat_id ? <span className={`block ${mutedClass}`}>{c.vat_id}</span> : null}
          </span>
        ),
      }),
      customerColumn.accessor("country", {
        header: () => i18n._("staff.col_country"),
        // The same name as useDisplayNames gives, without its new object each render re-making the columns.
        cell: ({ row: { original: c } }) => formatRegion(c.country, locale),
      }),
      customerColumn.accessor("users_count", {
        header: () => i18n._("staff.col_users"),
        cell: ({ row: { original: c } }) => <span className="tabular-nums">{c.users_count}</span>,
      }),
      customerColumn.accessor("open_quotes_count", {
        header: () => i18n._("staff.col_open_quotes"),
        cell: ({ row: { original: c } }) => (
          <span className="tabular-nums">
            {c.open_quotes_count > 0 ? (
              <Link
                className={linkClass}
                to={`${href("staff-quotes", locale)}?${new URLSearchParams({ status: "Open", company_id: c.id }).toString()}`}
                aria-label={i18n._("staff.open_quotes_of", {
                  count: c.open_quotes_count,
                  company: c.name,
                })}
              >
                {c.open_quotes_count}
              </Link>
            ) : (
              0
            )}
          </span>
        ),
      }),
      customerColumn.accessor("orders_count", {
        header: () => i18n._("staff.col_orders"),
        cell: ({ row: { original: c } }) => (
          <span className="tabular-nums">
            {c.orders_count > 0 ? (
              <Link
                className={linkClass}
                to={`${href("staff-orders", locale)}?${new URLSearchParams({ company_id: c.id }).toString()}`}
                aria-label={i18n._("staff.orders_of", { count: c.orders_count, company: c.name })}
              >
                {c.orders_count}
              </Link>
            ) : (
              0
            )}
          </span>
        ),
      }),
      customerColumn.accessor("unpaid_invoices_count", {
        header: () => i18n._("staff.col_unpaid_invoices"),
        cell: ({ row: { original: c } }) => (
          <span className="tabular-nums">
            {c.unpaid_invoices_count > 0 ? <Badge tone="warning">{c.unpaid_invoices_count}</Badge> : 0}
          </span>
        ),
      }),
      customerColumn.accessor("created_at", {
        header: () => i18n._("staff.col_customer_since"),
        cell: ({ row: { original: c } }) => (
          <span className="whitespace-nowrap">{formatDate(c.created_at, locale)}</span>
        ),
      }),
      customerColumn.display({
        id: "actions",
        header: () => <ActionsHeader />,
        cell: ({ row: { original: c } }) => (
          <Link
            className={buttonVariants({ variant: "outline", size: "sm" })}
            to={newQuoteHref(locale, c.id)}
            aria-label={i18n._("staff.new_quote_for", { company: c.name })}
          >
            <FilePlus2 aria-hidden="true" className="size-4" />
            {i18n._("staff.new_quote")}
          </Link>
        ),
      }),
    ],
    [i18n, locale, pathname, state],
  );
}

export function CustomersTable({
  items,
  total,
  page,
  pageSize,
  pathname,
  state,
  locale,
}: {
  items: StaffCustomer[];
  total: number;
  page: number;
  pageSize: number;
  pathname: string;
  state: ListState;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const columns = useCustomerColumns({ pathname, state, locale });
  return (
    <div className="space-y-4">
      <FilterForm label={i18n._("staff.customers_filter")} hidden={{ ...sortHidden(state, STAFF_CUSTOMERS) }}>
        <FilterSearch label={i18n._("staff.search_company")} value={state.q} />
      </FilterForm>
      <ListBody
        page={{ items, total, page, page_size: pageSize }}
        count={i18n._("staff.customers_count", { count: total })}
        empty={
          <EmptyList>{i18n._(state.q ? "staff.customers_none_found" : "staff.customers_empty")}</EmptyList>
        }
        pageHref={(p) => listHref(pathname, state, STAFF_CUSTOMERS, { page: p })}
      >
        {(rows) => (
          <DataTable
            data={rows}
            columns={columns}
            caption={i18n._("staff.customers_table")}
            sortable={["name", "created_at"]}
            sort={state}
            sortHref={(key) =>
              listHref(pathname, state, STAFF_CUSTOMERS, sortChange(state, STAFF_CUSTOMERS, key))
            }
            rowId={(c) => c.id}
            minWidth="min-w-[760px]"
            cards={false}
            rowHeader
          />
        )}
      </ListBody>
    </div>
  );
}

/** A customer company's people and addresses; the URL (?customer=) opens and closes it. */
export function CustomerDialog({
  detail,
  missing,
  closeTo,
  locale,
}: {
  detail: StaffCustomerDetail | null;
  missing: boolean;
  closeTo: string;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const names = useDisplayNames(locale);
  const open = detail !== null || missing;
  const close = () => void navigate(closeTo, { preventScrollReset: true });
  if (!open) return null;
  if (!detail)
    return (
      <Dialog
        open
        onOpenChange={(next) => !next && close()}
        title={i18n._("staff.customer_missing_title")}
        closeLabel={i18n._("staff.close")}
      >
        <p className={mutedClass}>{i18n._("staff.customer_missing")}</p>
      </Dialog>
    );
  const { company, users, addresses } = detail;
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && close()}
      title={company.name}
      description={i18n._("staff.customer_summary", {
        users: company.users_count,
        quotes: company.open_quotes_count,
        orders: company.orders_count,
        invoices: company.unpaid_invoices_count,
      })}
      closeLabel={i18n._("staff.close")}
      size="lg"
    >
      <div className="space-y-6">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <Detail term={i18n._("staff.col_country")}>{names.country(company.country)}</Detail>
          <Detail term={i18n._("staff.vat_id")}>{company.vat_id ?? i18n._("staff.none")}</Detail>
          <Detail term={i18n._("staff.phone")}>{company.phone ?? i18n._("staff.none")}</Detail>
          <Detail term={i18n._("staff.website")}>{company.website ?? i18n._("staff.none")}</Detail>
          <Detail term={i18n._("staff.col_customer_since")}>{formatDate(company.created_at, locale)}</Detail>
        </dl>

        <div className="flex flex-wrap gap-2">
          <Link className={buttonVariants({ size: "sm" })} to={newQuoteHref(locale, company.id)}>
            <FilePlus2 aria-hidden="true" className="size-4" />
            {i18n._("staff.new_quote")}
          </Link>
          <Link
            className={buttonVariants({ variant: "outline", size: "sm" })}
            to={`${href("staff-quotes", locale)}?${new URLSearchParams({ status: "all", company_id: company.id }).toString()}`}
          >
            {i18n._("staff.view_quotes")}
          </Link>
          <Link
            className={buttonVariants({ variant: "outline", size: "sm" })}
            to={`${href("staff-orders", locale)}?${new URLSearchParams({ company_id: company.id }).toString()}`}
          >
            {i18n._("staff.view_orders")}
          </Link>
          <Link
            className={buttonVariants({ variant: "outline", size: "sm" })}
            to={`${href("staff-billing", locale)}?${new URLSearchParams({ company_id: company.id }).toString()}`}
          >
            {i18n._("staff.view_invoices")}
          </Link>
          <Link
            className={buttonVariants({ variant: "outline", size: "sm" })}
            to={href("staff-customer-files", locale, { customer: company.id })}
          >
            {i18n._("staff.view_file_share")}
          </Link>
        </div>

        <section aria-labelledby="customer-users">
          <h3 id="customer-users" className="font-semibold">
            {i18n._("staff.users_title")}
          </h3>
          {users.length === 0 ? (
            <p className={`mt-2 ${mutedClass}`}>{i18n._("staff.users_empty")}</p>
          ) : (
            <ul className="mt-2 divide-y divide-neutral-200 dark:divide-neutral-800">
              {users.map((u) => (
                <li key={u.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                  <span className="min-w-0">
                    <span className="block font-medium break-words">{u.name}</span>
                    <a href={`mailto:${u.email}`} className={`${linkClass} text-sm font-normal break-all`}>
                      {u.email}
                    </a>
                  </span>
                  <span className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge tone="primary">{i18n._("staff.company_role", { role: u.role })}</Badge>
                    <span>{names.language(u.language)}</span>
                    {u.status !== "accepted" ? (
                      <Badge>{i18n._("staff.member_status", { status: u.status })}</Badge>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="customer-addresses">
          <h3 id="customer-addresses" className="font-semibold">
            {i18n._("staff.addresses_title")}
          </h3>
          {addresses.length === 0 ? (
            <p className={`mt-2 ${mutedClass}`}>{i18n._("staff.addresses_empty")}</p>
          ) : (
            <ul className="mt-2 grid gap-3 sm:grid-cols-2">
              {addresses.map((a) => (
                <li key={a.id} className="rounded-lg border border-neutral-200 p-3 dark:border-neutral-700">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {a.label}
                    {a.is_billing ? <Badge tone="primary">{i18n._("staff.billing_address")}</Badge> : null}
                    {a.is_shipping ? <Badge tone="primary">{i18n._("staff.shipping_address")}</Badge> : null}
                  </p>
                  <address className={`mt-1 not-italic ${mutedClass}`}>
                    {[
                      a.recipient,
                      a.street,
                      a.street2,
                      `${a.postal_code} ${a.city}`,
                      a.region,
                      names.country(a.country),
                    ]
                      .filter(Boolean)
                      .map((line, i) => (
                        <span key={i} className="block break-words">
                          {line}
                        </span>
                      ))}
                  </address>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Dialog>
  );
}
