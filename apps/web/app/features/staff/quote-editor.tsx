import { getFormProps } from "@conform-to/react";
import { formatDate, formatMoney, formatNumber } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { useLingui } from "@lingui/react";

import {
  MAX_QUOTE_LINES,
  MAX_QUOTE_QUANTITY,
  MAX_QUOTE_TIERS,
  PRODUCT_CATEGORIES,
  quoteLineAmountMinor,
  staffQuoteLinesSchema,
  type ProductCategory,
  type StaffQuoteDetail,
} from "@ems/contracts/quotes";
import { MAX_LEAD_TIME_DAYS } from "@ems/contracts/reference";
import { Plus, Trash2 } from "lucide-react";
import { useMemo, useState, type FormEvent, type ReactNode } from "react";

import { AssemblySpecReferenceCard } from "~/components/assembly-spec-reference";
import { PcbSpecReferenceCard } from "~/components/pcb-spec-reference";
import { Button } from "~/components/ui/button";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { parseMajor, parseWhole } from "./format";
import {
  draftsFromLines,
  emptyLine,
  emptyTier,
  linesBody,
  type FieldErrors,
  type FieldMessage,
  type LineDraft,
} from "./quote-lines";
import {
  mutedClass,
  Section,
  StaffProblem,
  TableRegion,
  tbodyClass,
  tdClass,
  thClass,
  theadClass,
  trClass,
} from "./staff-ui";

/** What a form posts: texts, numbers, and objects and lists of them. */
type Posted =
  string | number | boolean | null | undefined | readonly Posted[] | { readonly [key: string]: Posted };

/**
 * A body as the hidden fields a form posts it with, named as Conform reads them back
 * (lines[0].tiers[1].quantity). For the forms that edit a copy of it in the page, where what staff
 * type (amounts in major units, a rate in percent) is not yet the API's body.
 */
export function HiddenFields({ value, name = "" }: { value: Posted; name?: string }): ReactNode {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value))
    return value.map((item: Posted, i) => <HiddenFields key={i} value={item} name={`${name}[${i}]`} />);
  if (typeof value === "object")
    return Object.entries(value).map(([key, item]) => (
      <HiddenFields key={key} value={item} name={name ? `${name}.${key}` : key} />
    ));
  return <input type="hidden" name={name} value={String(value)} />;
}

/** The text of a message of the staff catalog, if there is one. */
export function useMessageText() {
  const { i18n } = useLingui();
  return (message: FieldMessage | undefined): string | undefined =>
    message ? i18n._(message.key, message.values) : undefined;
}

/** The customer's request: who asked, for what quantities, with which notes. */
export function RequestCard({ quote, locale }: { quote: StaffQuoteDetail; locale: Locale }) {
  const { i18n } = useLingui();
  return (
    <Section id="request" title={i18n._("staff.request_title")}>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-neutral-600 dark:text-neutral-400">
            {i18n._("staff.requested_by")}
          </dt>
          <dd>
            {quote.requested_by_name
              ? i18n._("staff.person_at_company", {
                  name: quote.requested_by_name,
                  company: quote.company_name,
                })
              : quote.company_name}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-neutral-600 dark:text-neutral-400">
            {i18n._("staff.requested_on")}
          </dt>
          <dd>{formatDate(quote.created_at, locale)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm font-medium text-neutral-600 dark:text-neutral-400">
            {i18n._("staff.request_notes")}
          </dt>
          <dd className="break-words whitespace-pre-line">
            {quote.request_notes || i18n._("staff.no_notes")}
          </dd>
        </div>
      </dl>
      <h3 className="mt-5 text-sm font-semibold">{i18n._("staff.requested_quantities")}</h3>
      <ul className="mt-2 space-y-2">
        {quote.lines.map((line) => (
          <li key={line.id} className="rounded-lg border border-neutral-200 p-3 dark:border-neutral-700">
            <p className="font-medium break-words">
              {i18n._("staff.line_heading", { position: line.position })} · {line.description}
            </p>
            <p className={mutedClass}>
              {i18n._("staff.category", { category: line.category })} ·{" "}
              {i18n._("staff.quantities_list", {
                quantities: line.tiers.map((t) => formatNumber(t.quantity, locale)).join(" / "),
              })}
            </p>
            {line.pcb_spec ? (
              <div className="mt-2">
                <PcbSpecReferenceCard spec={line.pcb_spec} audience="staff" locale={locale} />
              </div>
            ) : null}
            {line.assembly_spec ? (
              <div className="mt-2">
                <AssemblySpecReferenceCard spec={line.assembly_spec} audience="staff" locale={locale} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The quote's lines as they are (sent, ordered or closed quotes). */
export function LinesView({ quote, locale }: { quote: StaffQuoteDetail; locale: Locale }) {
  const { i18n } = useLingui();
  const money = (minor: number | null) =>
    minor === null ? i18n._("staff.not_priced") : formatMoney(minor, quote.currency, locale);
  return (
    <Section id="lines" title={i18n._("staff.lines_title")}>
      <div className="space-y-4">
        {quote.lines.map((line) => (
          <div key={line.id} className="space-y-2">
            <h3 className="font-semibold break-words">
              {i18n._("staff.line_heading", { position: line.position })} · {line.description}
            </h3>
            <p className={mutedClass}>
              {[
                i18n._("staff.category", { category: line.category }),
                line.lead_time_days === null
                  ? null
                  : i18n._("staff.lead_time_value", { days: line.lead_time_days }),
                !line.engineering_cost_minor
                  ? null
                  : i18n._("staff.engineering_value", { amount: money(line.engineering_cost_minor) }),
                line.ordered_quantity === null
                  ? null
                  : i18n._("staff.ordered_quantity", { quantity: line.ordered_quantity }),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {line.pcb_spec ? (
              <PcbSpecReferenceCard spec={line.pcb_spec} audience="staff" locale={locale} />
            ) : null}
            {line.assembly_spec ? (
              <AssemblySpecReferenceCard spec={line.assembly_spec} audience="staff" locale={locale} />
            ) : null}
            <TableRegion
              label={i18n._("staff.tiers_of_line", { position: line.position })}
              minWidth="min-w-[420px]"
            >
              <thead className={theadClass}>
                <tr>
                  <th scope="col" className={thClass}>
                    {i18n._("staff.quantity")}
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    {i18n._("staff.unit_price")}
                  </th>
                  <th scope="col" className={`${thClass} text-right`}>
                    {i18n._("staff.tier_total")}
                  </th>
                </tr>
              </thead>
              <tbody className={tbodyClass}>
                {line.tiers.map((tier) => (
                  <tr key={tier.quantity} className={trClass}>
                    <td className={`${tdClass} tabular-nums`}>{formatNumber(tier.quantity, locale)}</td>
                    <td className={`${tdClass} text-right tabular-nums`}>{money(tier.unit_price_minor)}</td>
                    <td className={`${tdClass} text-right tabular-nums`}>{money(tier.total_minor)}</td>
                  </tr>
                ))}
              </tbody>
            </TableRegion>
          </div>
        ))}
      </div>
    </Section>
  );
}

/**
 * The line editor of a Draft or In Progress quote: category, description, lead time, one-off
 * costs and up to six quantity tiers per line; saved as a whole (PUT /api/staff/quotes/:id/lines)
 * through the page's action. Staff edit texts (amounts in the quote's currency); the lines they
 * make are checked with the API's schema in the staff catalog's words, and posted as its body.
 */
export function LinesEditor({
  quote,
  locale,
  onDirtyChange,
}: {
  quote: StaffQuoteDetail;
  locale: Locale;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { i18n } = useLingui();
  const currency = quote.currency;
  const [drafts, setDrafts] = useState<LineDraft[]>(() => draftsFromLines(quote.lines, currency));
  const [errors, setErrors] = useState<FieldErrors>({});
  const checked = useMemo(() => linesBody(drafts, currency), [drafts, currency]);
  const { fetcher, form, busy, formErrors } = useFetcherForm({
    schema: staffQuoteLinesSchema,
    success: i18n._("staff.lines_saved"),
    onDone: () => onDirtyChange(false),
  });
  const text = useMessageText();
  const error = (path: string) => text(errors[path]);
  const formProps = getFormProps(form);

  const update = (index: number, change: (line: LineDraft) => LineDraft) => {
    setDrafts((all) => all.map((line, i) => (i === index ? change(line) : line)));
    onDirtyChange(true);
  };
  const setTier = (index: number, t: number, key: "quantity" | "price", value: string) =>
    update(index, (line) => ({
      ...line,
      tiers: line.tiers.map((tier, i) => (i === t ? { ...tier, [key]: value } : tier)),
    }));

  function save(event: FormEvent<HTMLFormElement>) {
    setErrors(checked.errors);
    if (checked.body) {
      formProps.onSubmit(event);
      return;
    }
    event.preventDefault();
    // Move focus to the first field at fault so keyboard and screen-reader users find it.
    const editor = event.currentTarget;
    requestAnimationFrame(() => {
      editor.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
    });
  }

  const preview = (line: LineDraft, t: number): string => {
    const tier = line.tiers[t]!;
    const quantity = parseWhole(tier.quantity);
    const price = parseMajor(tier.price, currency);
    const engineering = line.engineering.trim() === "" ? 0 : parseMajor(line.engineering, currency);
    if (quantity === null || price === null || engineering === null) return "–";
    return formatMoney(quoteLineAmountMinor(quantity, price, engineering), currency, locale);
  };

  return (
    <Section
      id="lines"
      title={i18n._("staff.lines_title")}
      description={i18n._("staff.lines_editor_intro", { currency })}
    >
      <fetcher.Form method="post" {...formProps} onSubmit={save} className="space-y-5">
        <IntentField intent="lines" />
        {checked.body ? <HiddenFields value={checked.body} /> : null}
        <StaffProblem codes={formErrors} />
        {drafts.map((line, index) => {
          const at = `lines.${index}`;
          const position = index + 1;
          const tiersError = error(`${at}.tiers`);
          return (
            <fieldset
              key={line.key}
              className="space-y-4 rounded-lg border border-neutral-200 p-4 dark:border-neutral-700"
            >
              <legend className="px-1 font-semibold">{i18n._("staff.line_heading", { position })}</legend>
              {line.pcbSpec ? (
                <PcbSpecReferenceCard spec={line.pcbSpec} audience="staff" locale={locale} />
              ) : null}
              {line.assemblySpec ? (
                <AssemblySpecReferenceCard spec={line.assemblySpec} audience="staff" locale={locale} />
              ) : null}
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <FormField label={i18n._("staff.category_label")} error={error(`${at}.category`)}>
                  {(f) => (
                    <select
                      {...f}
                      value={line.category}
                      onChange={(e) =>
                        update(index, (l) => ({ ...l, category: e.target.value as ProductCategory }))
                      }
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
                <FormField
                  label={i18n._("staff.description")}
                  error={error(`${at}.description`)}
                  className="sm:col-span-2 lg:col-span-3"
                >
                  {(f) => (
                    <Input
                      {...f}
                      value={line.description}
                      onChange={(e) => update(index, (l) => ({ ...l, description: e.target.value }))}
                      maxLength={500}
                      required
                    />
                  )}
                </FormField>
                <FormField label={i18n._("staff.lead_time")} error={error(`${at}.lead_time_days`)}>
                  {(f) => (
                    <Input
                      {...f}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={MAX_LEAD_TIME_DAYS}
                      value={line.leadTime}
                      onChange={(e) => update(index, (l) => ({ ...l, leadTime: e.target.value }))}
                      required
                    />
                  )}
                </FormField>
                <FormField
                  label={i18n._("staff.engineering_in", { currency })}
                  error={error(`${at}.engineering_cost_minor`)}
                >
                  {(f) => (
                    <Input
                      {...f}
                      inputMode="decimal"
                      value={line.engineering}
                      onChange={(e) => update(index, (l) => ({ ...l, engineering: e.target.value }))}
                    />
                  )}
                </FormField>
              </div>

              <div>
                <h3 className="text-sm font-semibold">{i18n._("staff.tiers_title")}</h3>
                <p className={mutedClass}>{i18n._("staff.tiers_hint", { max: MAX_QUOTE_TIERS })}</p>
                {tiersError ? (
                  <p className="mt-1 text-sm font-medium text-red-700 dark:text-red-400" role="alert">
                    {tiersError}
                  </p>
                ) : null}
                <ol className="mt-3 space-y-3">
                  {line.tiers.map((tier, t) => (
                    <li
                      key={t}
                      className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto_auto]"
                      aria-label={i18n._("staff.tier_label", { tier: t + 1, position })}
                    >
                      <FormField
                        label={i18n._("staff.tier_quantity", { tier: t + 1 })}
                        error={error(`${at}.tiers.${t}.quantity`)}
                      >
                        {(f) => (
                          <Input
                            {...f}
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={MAX_QUOTE_QUANTITY}
                            value={tier.quantity}
                            onChange={(e) => setTier(index, t, "quantity", e.target.value)}
                            required
                          />
                        )}
                      </FormField>
                      <FormField
                        label={i18n._("staff.tier_price", { tier: t + 1, currency })}
                        error={error(`${at}.tiers.${t}.unit_price_minor`)}
                      >
                        {(f) => (
                          <Input
                            {...f}
                            inputMode="decimal"
                            value={tier.price}
                            onChange={(e) => setTier(index, t, "price", e.target.value)}
                            required
                          />
                        )}
                      </FormField>
                      <div className="space-y-1.5">
                        <p className="text-sm font-semibold">{i18n._("staff.tier_total")}</p>
                        <p className="flex h-11 items-center tabular-nums">{preview(line, t)}</p>
                      </div>
                      <div className="sm:pt-7">
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          disabled={line.tiers.length <= 1}
                          aria-label={i18n._("staff.remove_tier", { tier: t + 1, position })}
                          onClick={() =>
                            update(index, (l) => ({ ...l, tiers: l.tiers.filter((_, i) => i !== t) }))
                          }
                        >
                          <Trash2 aria-hidden="true" className="size-4" />
                        </Button>
                      </div>
                    </li>
                  ))}
                </ol>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    disabled={line.tiers.length >= MAX_QUOTE_TIERS}
                    onClick={() => update(index, (l) => ({ ...l, tiers: [...l.tiers, emptyTier()] }))}
                    aria-label={i18n._("staff.add_tier_to", { position })}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                    {i18n._("staff.add_tier")}
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={drafts.length <= 1}
                    onClick={() => {
                      setDrafts((all) => all.filter((_, i) => i !== index));
                      setErrors({});
                      onDirtyChange(true);
                    }}
                    aria-label={i18n._("staff.remove_line_n", { position })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {i18n._("staff.remove_line")}
                  </Button>
                </div>
              </div>
            </fieldset>
          );
        })}
        <div className={cn("flex flex-wrap items-center justify-between gap-3")}>
          <Button
            type="button"
            variant="outline"
            disabled={drafts.length >= MAX_QUOTE_LINES}
            onClick={() => {
              setDrafts((all) => [...all, emptyLine()]);
              onDirtyChange(true);
            }}
          >
            <Plus aria-hidden="true" className="size-4" />
            {i18n._("staff.add_line")}
          </Button>
          <Button type="submit" loading={busy}>
            {i18n._("staff.save_lines")}
          </Button>
        </div>
      </fetcher.Form>
    </Section>
  );
}
