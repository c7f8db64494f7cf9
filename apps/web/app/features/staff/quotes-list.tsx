import { getFormProps } from "@conform-to/react";
import { formatDate, formatMoney } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import { CURRENCIES, type Currency } from "@ems/contracts/money";
import { TAX_TREATMENTS, type TaxTreatment } from "@ems/contracts/tax";
import { MAX_LEAD_TIME_DAYS } from "@ems/contracts/reference";
import {
  MAX_QUOTE_QUANTITY,
  PRODUCT_CATEGORIES,
  QUOTE_STATUSES,
  staffQuoteCreateSchema,
  type ProductCategory,
  type StaffQuoteCreate,
  type StaffQuoteSummary,
} from "@ems/contracts/quotes";
import type { Locale } from "@ems/i18n/locales";
import { createColumnHelper } from "@tanstack/react-table";
import { FilePlus2 } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";

import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { DataTable } from "~/components/list/data-table";
import { ListBody } from "~/components/list/list-body";
import { EmptyList } from "~/components/list/list-states";
import { Input, inputClassName } from "~/components/ui/input";
import { formErrorText } from "~/lib/form-errors";
import { listHref, sortChange, sortHidden } from "~/lib/list-query";
import { href } from "~/lib/route-map";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { dayFromToday, statusKey } from "./format";
import { STAFF_QUOTES } from "./list-specs";
import { HiddenFields, useMessageText } from "./quote-editor";
import { emptyLine, issueMessage, linesBody, type FieldErrors, type LineDraft } from "./quote-lines";
import {
  CompanyFilter,
  FilterForm,
  FilterSearch,
  linkClass,
  mutedClass,
  QuoteStatusBadge,
  StaffProblem,
  ViewTabs,
} from "./staff-ui";
import type { StaffListProps } from "./staff-views";

export interface CompanyOption {
  id: string;
  name: string;
}

/** The status the list shows without a choice: the customers' requests (In Progress). */
export const DEFAULT_QUOTE_STATUS = "In Progress";

/** The status tabs, requests first. */
const STATUS_TABS = [
  DEFAULT_QUOTE_STATUS,
  ...QUOTE_STATUSES.filter((s) => s !== DEFAULT_QUOTE_STATUS),
  "all",
];

const quoteColumn = createColumnHelper<StaffQuoteSummary>();

function useQuoteColumns(locale: Locale) {
  const { i18n } = useLingui();
  return useMemo(
    () => [
      quoteColumn.accessor("number", {
        header: () => i18n._("staff.col_number"),
        cell: ({ row: { original: q } }) => (
          <span className="whitespace-nowrap">
            <Link to={href("staff-quote", locale, { quote: q.id })} className={linkClass}>
              {q.number}
            </Link>
          </span>
        ),
      }),
      quoteColumn.accessor("title", {
        header: () => i18n._("staff.col_title"),
        // The title wraps, but not into a sliver when the other columns are wide.
        cell: ({ row: { original: q } }) => (
          <span className="block min-w-[12rem]">
            <span className="block break-words">{q.title}</span>
            {q.customer_reference ? (
              <span className={`block ${mutedClass}`}>
                {i18n._("staff.reference_short", { reference: q.customer_reference })}
              </span>
            ) : null}
            <span className={`block ${mutedClass}`}>
              {i18n._("staff.lines_summary", {
                count: q.line_count,
                categories: q.categories.map((c) => i18n._("staff.category", { category: c })).join(", "),
              })}
            </span>
          </span>
        ),
      }),
      quoteColumn.accessor("company_name", {
        header: () => i18n._("staff.col_company"),
        cell: ({ row: { original: q } }) => q.company_name,
      }),
      quoteColumn.accessor("status", {
        header: () => i18n._("staff.col_status"),
        cell: ({ row: { original: q } }) => <QuoteStatusBadge status={q.status} />,
      }),
      quoteColumn.accessor("lowest_total_minor", {
        header: () => i18n._("staff.col_from_total"),
        cell: ({ row: { original: q } }) => (
          <span className="whitespace-nowrap tabular-nums">
            {q.lowest_total_minor === null
              ? i18n._("staff.not_priced")
              : formatMoney(q.lowest_total_minor, q.currency, locale)}
          </span>
        ),
      }),
      quoteColumn.accessor("valid_until", {
        header: () => i18n._("staff.col_valid_until"),
        cell: ({ row: { original: q } }) => (
          <span className="whitespace-nowrap">
            {q.valid_until ? formatDate(q.valid_until, locale) : i18n._("staff.none")}
          </span>
        ),
      }),
      quoteColumn.accessor("created_at", {
        header: () => i18n._("staff.col_created"),
        cell: ({ row: { original: q } }) => (
          <span className="whitespace-nowrap">{formatDate(q.created_at, locale)}</span>
        ),
      }),
    ],
    [i18n, locale],
  );
}

export function QuotesList({
  items,
  total,
  page,
  pageSize,
  status,
  companies,
  pathname,
  state,
  locale,
}: StaffListProps<StaffQuoteSummary> & {
  /** The status shown, or "all". */
  status: string;
}) {
  const { i18n } = useLingui();
  const columns = useQuoteColumns(locale);
  return (
    <div className="space-y-4">
      <ViewTabs
        label={i18n._("staff.quote_status_filter")}
        items={STATUS_TABS.map((s) => ({
          key: s,
          label:
            s === "all"
              ? i18n._("staff.all_statuses")
              : s === DEFAULT_QUOTE_STATUS
                ? i18n._("staff.requests")
                : i18n._("staff.quote_status", { status: statusKey(s) }),
          to: listHref(pathname, state, STAFF_QUOTES, {
            filters: { status: s === DEFAULT_QUOTE_STATUS ? null : s },
          }),
          active: status === s,
        }))}
      />
      <FilterForm
        label={i18n._("staff.quotes_filter")}
        hidden={{
          status: state.filters.status,
          ...sortHidden(state, STAFF_QUOTES),
        }}
      >
        <CompanyFilter companies={companies} state={state} />
        <FilterSearch label={i18n._("staff.search_quotes")} value={state.q} />
      </FilterForm>
      <ListBody
        page={{ items, total, page, page_size: pageSize }}
        count={i18n._("staff.quotes_count", { count: total })}
        empty={
          <EmptyList>
            {i18n._(
              status === DEFAULT_QUOTE_STATUS && !state.q ? "staff.requests_empty" : "staff.quotes_empty",
            )}
          </EmptyList>
        }
        pageHref={(p) => listHref(pathname, state, STAFF_QUOTES, { page: p })}
      >
        {(rows) => (
          <DataTable
            data={rows}
            columns={columns}
            caption={i18n._("staff.quotes_table")}
            sortable={["number", "title", "status", "valid_until", "created_at"]}
            sort={state}
            sortHref={(key) => listHref(pathname, state, STAFF_QUOTES, sortChange(state, STAFF_QUOTES, key))}
            rowId={(q) => q.id}
            minWidth="min-w-[760px]"
            cards={false}
            rowHeader
            rightAligned={["lowest_total_minor"]}
          />
        )}
      </ListBody>
    </div>
  );
}

export function NewQuoteButton({ to }: { to: string }) {
  const { i18n } = useLingui();
  return (
    <Link className={buttonVariants()} to={to} preventScrollReset>
      <FilePlus2 aria-hidden="true" className="size-4" />
      {i18n._("staff.new_quote")}
    </Link>
  );
}

const DEFAULT_VALIDITY_DAYS = 30;

interface NewQuoteValues {
  company_id: string;
  title: string;
  customer_reference: string;
  currency: Currency;
  /** Empty: VAT by rule from the customer's country and VAT ID. */
  tax_treatment: TaxTreatment | "";
  tax_reason: string;
  valid_until: string;
}

/**
 * The new quote as the API's body (staffQuoteCreateSchema), or why not in the staff catalog's
 * words: amounts and the rate are typed as staff write them, the rest as the API takes it.
 */
function newQuoteBody(values: NewQuoteValues, line: LineDraft) {
  const found: FieldErrors = {};
  const lines = linesBody([line], values.currency);
  Object.assign(found, lines.errors);
  const parsed = staffQuoteCreateSchema.safeParse({
    company_id: values.company_id,
    title: values.title,
    ...(values.customer_reference.trim() ? { customer_reference: values.customer_reference } : {}),
    currency: values.currency,
    ...(values.tax_treatment
      ? { tax_override: { tax_treatment: values.tax_treatment, reason: values.tax_reason } }
      : {}),
    valid_until: values.valid_until,
    lines: lines.body?.lines ?? [],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join(".");
      if (path === "lines" || path in found) continue;
      found[path] =
        path === "company_id"
          ? { key: "staff.error_choose_company" }
          : path === "valid_until"
            ? { key: "staff.error_future_date" }
            : issueMessage(issue);
    }
  }
  return { body: Object.keys(found).length === 0 && parsed.success ? parsed.data : null, errors: found };
}

/**
 * A quote staff prepare for a customer (POST /api/staff/quotes, the quotes page's action): company,
 * title, reference, currency, VAT rate, validity and a first line; the quote page adds the rest.
 */
export function NewQuoteDialog({
  companies,
  companyId,
  closeTo,
  locale,
}: {
  companies: CompanyOption[];
  companyId: string | null;
  closeTo: string;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [values, setValues] = useState<NewQuoteValues>({
    company_id: companyId && companies.some((c) => c.id === companyId) ? companyId : "",
    title: "",
    customer_reference: "",
    currency: "EUR",
    tax_treatment: "",
    tax_reason: "",
    valid_until: dayFromToday(DEFAULT_VALIDITY_DAYS),
  });
  const [line, setLine] = useState<LineDraft>(() => ({ ...emptyLine(), engineering: "0" }));
  const checked = useMemo(() => newQuoteBody(values, line), [values, line]);
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: staffQuoteCreateSchema,
    success: i18n._("staff.quote_created"),
    onDone: (id: string | undefined) => {
      if (id) void navigate(href("staff-quote", locale, { quote: id }));
    },
  });
  const text = useMessageText();
  // The action reads the posted body again: a day that has passed since, say, is the field's error.
  const error = (path: Exclude<keyof StaffQuoteCreate, "lines">, fallback = "staff.error_invalid") =>
    text(errors[path]) ?? formErrorText(i18n, fields[path].errors, fallback);
  const lineError = (path: string) => text(errors[path]);
  const set = (key: keyof NewQuoteValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const close = () => void navigate(closeTo, { preventScrollReset: true });
  const formProps = getFormProps(form);

  function submit(event: FormEvent<HTMLFormElement>) {
    setErrors(checked.errors);
    if (checked.body) formProps.onSubmit(event);
    else event.preventDefault();
  }

  const tier = line.tiers[0]!;
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && close()}
      title={i18n._("staff.new_quote")}
      description={i18n._("staff.new_quote_intro")}
      closeLabel={i18n._("staff.close")}
      size="lg"
    >
      <fetcher.Form method="post" {...formProps} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        {checked.body ? <HiddenFields value={checked.body} /> : null}
        <StaffProblem codes={formErrors} className="sm:col-span-2" />
        <FormField
          label={i18n._("staff.customer_company")}
          error={error("company_id", "staff.error_choose_company")}
          className="sm:col-span-2"
        >
          {(f) => (
            <select
              {...f}
              value={values.company_id}
              onChange={(e) => set("company_id")(e.target.value)}
              required
              className={inputClassName}
            >
              <option value="">{i18n._("staff.choose_company")}</option>
              {companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={i18n._("staff.quote_title")} error={error("title")} className="sm:col-span-2">
          {(f) => (
            <Input
              {...f}
              value={values.title}
              onChange={(e) => set("title")(e.target.value)}
              required
              maxLength={200}
            />
          )}
        </FormField>
        <FormField label={i18n._("staff.customer_reference")} error={error("customer_reference")}>
          {(f) => (
            <Input
              {...f}
              value={values.customer_reference}
              onChange={(e) => set("customer_reference")(e.target.value)}
              maxLength={100}
            />
          )}
        </FormField>
        <FormField label={i18n._("staff.currency")} error={error("currency")}>
          {(f) => (
            <select
              {...f}
              value={values.currency}
              onChange={(e) => set("currency")(e.target.value)}
              className={inputClassName}
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={i18n._("staff.tax_treatment")} description={i18n._("staff.tax_treatment_hint")}>
          {(f) => (
            <select
              {...f}
              value={values.tax_treatment}
              onChange={(e) => set("tax_treatment")(e.target.value)}
              className={inputClassName}
            >
              <option value="">{i18n._("staff.tax_by_rule")}</option>
              {TAX_TREATMENTS.map((treatment) => (
                <option key={treatment} value={treatment}>
                  {i18n._(`tax.treatment.${treatment}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {values.tax_treatment ? (
          <FormField label={i18n._("staff.tax_reason")} error={text(errors["tax_override.reason"])}>
            {(f) => (
              <Input
                {...f}
                value={values.tax_reason}
                onChange={(e) => set("tax_reason")(e.target.value)}
                maxLength={500}
                required
              />
            )}
          </FormField>
        ) : null}
        <FormField
          label={i18n._("staff.valid_until")}
          error={error("valid_until", "staff.error_future_date")}
        >
          {(f) => (
            <Input
              {...f}
              type="date"
              value={values.valid_until}
              min={dayFromToday(1)}
              onChange={(e) => set("valid_until")(e.target.value)}
              required
            />
          )}
        </FormField>

        <fieldset className="grid gap-4 rounded-lg border border-neutral-200 p-4 sm:col-span-2 sm:grid-cols-2 dark:border-neutral-700">
          <legend className="px-1 text-sm font-semibold">{i18n._("staff.first_line")}</legend>
          <FormField label={i18n._("staff.category_label")} error={lineError("lines.0.category")}>
            {(f) => (
              <select
                {...f}
                value={line.category}
                onChange={(e) => setLine((l) => ({ ...l, category: e.target.value as ProductCategory }))}
                className={inputClassName}
              >
                {PRODUCT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {i18n._("staff.category", { category: c })}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={i18n._("staff.lead_time")} error={lineError("lines.0.lead_time_days")}>
            {(f) => (
              <Input
                {...f}
                value={line.leadTime}
                onChange={(e) => setLine((l) => ({ ...l, leadTime: e.target.value }))}
                inputMode="numeric"
                type="number"
                min={1}
                max={MAX_LEAD_TIME_DAYS}
                required
              />
            )}
          </FormField>
          <FormField
            label={i18n._("staff.description")}
            error={lineError("lines.0.description")}
            className="sm:col-span-2"
          >
            {(f) => (
              <Input
                {...f}
                value={line.description}
                onChange={(e) => setLine((l) => ({ ...l, description: e.target.value }))}
                maxLength={500}
                required
              />
            )}
          </FormField>
          <FormField
            label={i18n._("staff.quantity")}
            error={lineError("lines.0.tiers.0.quantity") ?? lineError("lines.0.tiers")}
          >
            {(f) => (
              <Input
                {...f}
                value={tier.quantity}
                onChange={(e) => setLine((l) => ({ ...l, tiers: [{ ...tier, quantity: e.target.value }] }))}
                inputMode="numeric"
                type="number"
                min={1}
                max={MAX_QUOTE_QUANTITY}
                required
              />
            )}
          </FormField>
          <FormField
            label={i18n._("staff.unit_price_in", { currency: values.currency })}
            error={lineError("lines.0.tiers.0.unit_price_minor")}
          >
            {(f) => (
              <Input
                {...f}
                value={tier.price}
                onChange={(e) => setLine((l) => ({ ...l, tiers: [{ ...tier, price: e.target.value }] }))}
                inputMode="decimal"
                required
              />
            )}
          </FormField>
          <FormField
            label={i18n._("staff.engineering_in", { currency: values.currency })}
            error={lineError("lines.0.engineering_cost_minor")}
            description={i18n._("staff.engineering_hint")}
            className="sm:col-span-2"
          >
            {(f) => (
              <Input
                {...f}
                value={line.engineering}
                onChange={(e) => setLine((l) => ({ ...l, engineering: e.target.value }))}
                inputMode="decimal"
              />
            )}
          </FormField>
        </fieldset>

        <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="outline" onClick={close}>
            {i18n._("staff.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {i18n._("staff.create_quote")}
          </Button>
        </div>
      </fetcher.Form>
      {companies.length === 0 ? <p className={`mt-4 ${mutedClass}`}>{i18n._("staff.no_companies")}</p> : null}
    </Dialog>
  );
}
