import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { InvoiceDisplayStatus } from "@ems/contracts/billing";
import type { OrderStatus } from "@ems/contracts/orders";
import { QUOTE_STATUS_COLORS, type QuoteStatus } from "@ems/contracts/quotes";
import type { ReactNode } from "react";
import { Link, useMatches } from "react-router";

import { SortLink } from "~/components/list/data-table";
import { ListToolbar } from "~/components/list/list-toolbar";
import { StatusBadge } from "~/components/list/status-badge";
import { FormProblem } from "~/components/ui/form-problem";
import { inputClassName } from "~/components/ui/input";
import { claimValues } from "@ems/content/values";
import { cn } from "~/lib/cn";
import { formErrorText } from "~/lib/form-errors";
import { listHref, sortChange, type ListSpec, type ListState } from "~/lib/list-query";
import { currentPage } from "~/lib/route-map";
import { INVOICE_STATUS_TONES, ORDER_STATUS_TONES } from "~/lib/status-tones";

import { statusKey } from "./format";

export const linkClass =
  "font-semibold text-primary-800 underline decoration-primary-800/40 underline-offset-2 hover:decoration-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:text-primary-300 dark:decoration-primary-300/40";

export const cardClass =
  "rounded-xl border border-neutral-200 bg-white p-5 shadow-sm sm:p-6 dark:border-neutral-800 dark:bg-neutral-900";

export const mutedClass = "text-sm text-neutral-700 dark:text-neutral-300";

/** A back-office page: the heading and introduction of its route-map page, then its content. */
export function StaffPage({
  heading,
  eyebrow,
  intro,
  actions,
  children,
  wide = true,
}: {
  /** Overrides the route map's heading (a document's number). */
  heading?: ReactNode;
  eyebrow?: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const { i18n } = useLingui();
  const page = currentPage(useMatches());
  const values = page ? claimValues(page.locale) : {};
  return (
    <div className={cn("mx-auto w-full px-4 py-8 md:px-6 lg:py-10", wide ? "max-w-6xl" : "max-w-5xl")}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          {eyebrow ? (
            <p className="text-sm font-semibold text-primary-800 dark:text-primary-300">{eyebrow}</p>
          ) : null}
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {heading ?? (page ? i18n._(`page.${page.key}.heading`, values) : null)}
          </h1>
          {intro !== undefined ? (
            intro
          ) : page ? (
            <p className={cn("mt-2 max-w-3xl", mutedClass, "text-base")}>
              {i18n._(`page.${page.key}.intro`, values)}
            </p>
          ) : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      <div className="mt-8 space-y-6">{children}</div>
    </div>
  );
}

/** A titled card of a page. */
export function Section({
  id,
  title,
  description,
  action,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn(cardClass, "scroll-mt-24")}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <div className={cn("mt-1", mutedClass)}>{description}</div> : null}
        </div>
        {action}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The badge of a quote status (docs/behaviour/quotes.md#status-colours). */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { i18n } = useLingui();
  return (
    <StatusBadge
      tone={QUOTE_STATUS_COLORS[status]}
      label={i18n._("staff.quote_status", { status: statusKey(status) })}
    />
  );
}

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui();
  return <StatusBadge tone={ORDER_STATUS_TONES[status]} label={i18n._("staff.order_status", { status })} />;
}

export function InvoiceStatusBadge({ status }: { status: InvoiceDisplayStatus }) {
  const { i18n } = useLingui();
  return (
    <StatusBadge tone={INVOICE_STATUS_TONES[status]} label={i18n._("staff.invoice_status", { status })} />
  );
}

/** A wide table that scrolls sideways inside a labelled, keyboard-focusable region on small screens. */
export function TableRegion({
  label,
  minWidth = "min-w-[720px]",
  children,
}: {
  label: string;
  minWidth?: string;
  children: ReactNode;
}) {
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label={label}
      // relative: the visually hidden header texts (absolutely positioned) stay inside the scroller.
      className="relative overflow-x-auto rounded-xl border border-neutral-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:border-neutral-800"
    >
      <table className={cn("w-full text-left text-sm", minWidth)}>
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}

export const theadClass = "bg-neutral-50 text-neutral-700 dark:bg-neutral-900 dark:text-neutral-300";
export const thClass = "px-3 py-3 align-bottom font-semibold";
export const tbodyClass = "divide-y divide-neutral-200 dark:divide-neutral-800";
export const trClass = "bg-white align-top dark:bg-neutral-950";
export const tdClass = "px-3 py-3";

/** The texts of a list's problem states in the back office. */
export function staffTexts(i18n: I18n) {
  return {
    forbiddenTitle: i18n._("staff.forbidden_title"),
    forbidden: i18n._("staff.forbidden"),
    invalid: i18n._("staff.invalid_filter"),
  };
}

/** A column header that sorts the list by its field (links, so sorting survives a reload). */
export function SortHeader({
  label,
  field,
  state,
  spec,
  pathname,
}: {
  label: string;
  field: string;
  state: ListState;
  spec: ListSpec;
  pathname: string;
}) {
  const active = state.sort === field;
  return (
    <th
      scope="col"
      className={thClass}
      aria-sort={active ? (state.dir === "asc" ? "ascending" : "descending") : undefined}
    >
      <SortLink
        label={label}
        to={listHref(pathname, state, spec, sortChange(state, spec, field))}
        active={active}
        dir={state.dir}
      />
    </th>
  );
}

/** Links between the views of one page (aria-current marks the one shown). */
export function ViewTabs({
  label,
  items,
}: {
  label: string;
  items: { key: string; label: string; to: string; active: boolean }[];
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {items.map((item) => (
        <Link
          key={item.key}
          to={item.to}
          preventScrollReset
          aria-current={item.active ? "page" : undefined}
          className={cn(
            "rounded-md px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600",
            item.active
              ? "bg-primary-700 text-white dark:bg-primary-500 dark:text-neutral-950"
              : "border border-neutral-300 text-neutral-800 hover:bg-neutral-100 dark:border-neutral-700 dark:text-neutral-100 dark:hover:bg-neutral-800",
          )}
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

/** A GET form of list filters; the URL carries them, so links and Back work. */
export function FilterForm({
  children,
  hidden = {},
  label,
}: {
  children: ReactNode;
  /** Query values to keep that the form does not show (the view, the sort). */
  hidden?: Record<string, string | undefined>;
  label: string;
}) {
  const { i18n } = useLingui();
  return (
    <ListToolbar label={label} hidden={hidden} applyLabel={i18n._("staff.apply_filters")}>
      {children}
    </ListToolbar>
  );
}

/** A label above a native control inside a filter form. */
export function FilterField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="space-y-1 text-sm font-semibold">
      <span className="block">{label}</span>
      <span className="block font-normal">{children}</span>
    </label>
  );
}

/** A filter form's choice of one value, or all ("" in the query). */
export function FilterSelect({
  name,
  label,
  value,
  allLabel,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  allLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FilterField label={label}>
      <select name={name} defaultValue={value ?? ""} className={inputClassName}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FilterField>
  );
}

/**
 * The customer filter of the back office's lists: `company_id` under "Company", unless a list names
 * its parameter and label otherwise (the engineering-query queue: `company`, "Customer").
 */
export function CompanyFilter({
  companies,
  state,
  name = "company_id",
  label,
}: {
  companies: readonly { id: string; name: string }[];
  state: ListState;
  name?: string;
  label?: string;
}) {
  const { i18n } = useLingui();
  return (
    <FilterSelect
      name={name}
      label={label ?? i18n._("staff.col_company")}
      value={state.filters[name]}
      allLabel={i18n._("staff.all_companies")}
      options={companies.map((company) => ({ value: company.id, label: company.name }))}
    />
  );
}

/** A filter form's search field (`q`). */
export function FilterSearch({
  label,
  value,
  maxLength = 100,
}: {
  label: string;
  value: string;
  maxLength?: number;
}) {
  return (
    <FilterField label={label}>
      <input name="q" type="search" defaultValue={value} maxLength={maxLength} className={inputClassName} />
    </FilterField>
  );
}

/** A term and its value in a details list. */
export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-neutral-600 dark:text-neutral-400">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** A thin progress bar with its percent for screen readers. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-24 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700"
      >
        <div className="h-full bg-primary-600 dark:bg-primary-400" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-sm tabular-nums">{percent} %</span>
    </div>
  );
}

/** Why the API refused a back-office form as a whole; nothing when it did not. */
export function StaffProblem({ codes, className }: { codes: string[] | undefined; className?: string }) {
  return (
    <FormProblem
      codes={codes}
      fallback="staff.action_failed"
      known={{ FORBIDDEN: "staff.action_forbidden" }}
      className={className}
    />
  );
}

/**
 * The text of a field's error. The schema's own messages are no codes, so an empty field is asked
 * for and anything else reads as `invalid`; `known` words the API's codes this field can get.
 */
export function useFieldText() {
  const { i18n } = useLingui();
  return (
    field: { errors: string[] | undefined; value: unknown },
    invalid: string,
    known?: Readonly<Record<string, string>>,
  ) =>
    formErrorText(
      i18n,
      field.errors,
      field.value === undefined || field.value === "" ? "staff.error_required" : invalid,
      known,
    );
}
