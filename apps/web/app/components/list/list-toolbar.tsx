import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";

import { Button, buttonVariants } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import type { ListState, SortDir } from "~/lib/list-query";

export interface ToolbarOption {
  value: string;
  label: string;
}

const fieldClass = "w-full space-y-1 text-sm font-semibold sm:w-auto";

/**
 * Search, filters and sort order of a list as a GET form: it works before JavaScript loads, and
 * afterwards a changed select applies at once. Hidden fields keep what the bar does not show (an
 * order id, the view, the sort).
 */
export function ListToolbar({
  label,
  hidden = {},
  applyLabel,
  clear,
  children,
}: {
  /** The search landmark's name; defaults to "Search and filter". */
  label?: string;
  hidden?: Record<string, string | undefined>;
  applyLabel?: string;
  /** A link back to the unfiltered list, shown while something is filtered. */
  clear?: { href: string; label: string };
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <Form
      method="get"
      preventScrollReset
      role="search"
      aria-label={label ?? i18n._("list.filters")}
      className="flex flex-wrap items-end gap-3 rounded-xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      {Object.entries(hidden).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {children}
      <div className="flex w-full gap-2 sm:w-auto">
        <Button type="submit" variant="outline" className="flex-1 sm:flex-none">
          {applyLabel ?? i18n._("list.apply")}
        </Button>
        {clear ? (
          <Link to={clear.href} className={buttonVariants({ variant: "ghost" })}>
            {clear.label}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** The search box of a toolbar (`q`). */
export function ToolbarSearch({
  label,
  value,
  maxLength,
  hint,
}: {
  label: string;
  value: string;
  maxLength: number;
  hint?: string;
}) {
  return (
    <label className={`${fieldClass} sm:min-w-56 sm:flex-1`}>
      <span className="block">{label}</span>
      <input
        name="q"
        type="search"
        defaultValue={value}
        maxLength={maxLength}
        placeholder={hint}
        className={inputClassName}
      />
    </label>
  );
}

/** A filter or sort select of a toolbar; a change submits the form. */
export function ToolbarSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly ToolbarOption[];
}) {
  return (
    <label className={fieldClass}>
      <span className="block">{label}</span>
      <select
        name={name}
        defaultValue={value}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className={inputClassName}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A calendar-day filter of a toolbar (from, to). */
export function ToolbarDate({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <label className={fieldClass}>
      <span className="block">{label}</span>
      <input name={name} type="date" defaultValue={value} className={inputClassName} />
    </label>
  );
}

/** A select of one of the list's filters: every value, or one of them. */
export function ToolbarFilter({
  name,
  label,
  allLabel,
  values,
  optionLabel,
  state,
}: {
  name: string;
  label: string;
  allLabel: string;
  values: readonly string[];
  optionLabel: (value: string) => string;
  state: ListState;
}) {
  return (
    <ToolbarSelect
      name={name}
      label={label}
      value={state.filters[name] ?? ""}
      options={[
        { value: "", label: allLabel },
        ...values.map((value) => ({ value, label: optionLabel(value) })),
      ]}
    />
  );
}

/** The order of the list as one select of "column:direction" pairs. */
export function ToolbarSort({
  label,
  orders,
  optionLabel,
  state,
}: {
  label?: string;
  orders: readonly (readonly [sort: string, dir: SortDir])[];
  optionLabel: (sort: string, dir: SortDir) => string;
  state: ListState;
}) {
  const { i18n } = useLingui();
  return (
    <ToolbarSelect
      name="sort"
      label={label ?? i18n._("list.sort")}
      value={`${state.sort}:${state.dir}`}
      options={orders.map(([sort, dir]) => ({ value: `${sort}:${dir}`, label: optionLabel(sort, dir) }))}
    />
  );
}
