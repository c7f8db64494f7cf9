import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";
import {
  MAX_QUOTE_LINES,
  MAX_QUOTE_QUANTITY,
  MAX_QUOTE_TIERS,
  PRODUCT_CATEGORIES,
  quoteRequestLineSchema,
  quoteRequestSchema,
  type QuoteDetail,
} from "@ems/contracts/quotes";
import { Plus, Trash2, X } from "lucide-react";
import { Link, useLocation, useNavigate } from "react-router";
import { z } from "zod";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import { QUOTE_REQUEST_PARAMS } from "~/lib/pcb-links";
import { href } from "~/lib/route-map";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { NEW_REQUEST_LINE, requestStartLines, type AssemblyOptions } from "./assembly-options";
import type { PcbOptions } from "./pcb-options";

/**
 * What the request dialog posts: the API's body (POST /api/quotes), except that a quantity box left
 * empty is no quantity; only the quantities filled in reach the API.
 */
export const quoteRequestForm = quoteRequestSchema.extend({
  lines: z
    .array(
      quoteRequestLineSchema.extend({
        quantities: z
          .array(z.number().optional())
          .transform((quantities) => quantities.filter((quantity) => quantity !== undefined))
          .pipe(quoteRequestLineSchema.shape.quantities),
      }),
    )
    .pipe(quoteRequestSchema.shape.lines),
});

/** What the action answers once the request is in: where the new quote opens. */
export type RequestedQuote = Pick<QuoteDetail, "id" | "number">;

/** Whether the page opens with the request dialog: "Request a quote" on a specification's sheet opens it on that version. */
export function requestOpensAtStart(pcbs: PcbOptions, assemblies: AssemblyOptions): boolean {
  return pcbs.preselect !== null || assemblies.preselect !== null;
}

/**
 * "Request a quote" (docs/behaviour/quotes.md#requesting-a-quote): a title, the customer's own reference, notes and one or more
 * lines, each with a product category, a description and up to six quantities to price. The request
 * starts In Progress; afterwards the new quote opens.
 */
export function RequestQuoteDialog({
  locale,
  pcbs,
  assemblies,
  open,
  onOpenChange: setOpen,
}: {
  locale: Locale;
  pcbs: PcbOptions;
  assemblies: AssemblyOptions;
  /** Owned by the page, so that the empty list's own button can open it too. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) return;
    const params = new URLSearchParams(search);
    if (!params.has(QUOTE_REQUEST_PARAMS.spec) && !params.has(QUOTE_REQUEST_PARAMS.assembly)) return;
    // Closed, the address no longer asks for the dialog: a reload shows the list.
    for (const name of Object.values(QUOTE_REQUEST_PARAMS)) params.delete(name);
    const query = params.toString();
    void navigate(`${pathname}${query ? `?${query}` : ""}`, { replace: true, preventScrollReset: true });
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        {i18n._("my_quotes.request_button")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title={i18n._("my_quotes.request_title")}
        description={i18n._("my_quotes.request_intro")}
        closeLabel={i18n._("my_quotes.close")}
        size="lg"
      >
        {/* Inside the dialog, so that closing it starts the next request afresh. */}
        <RequestForm locale={locale} pcbs={pcbs} assemblies={assemblies} onClose={() => changeOpen(false)} />
      </Dialog>
    </>
  );
}

/** The request, posted to the quote list's action; once sent, the new quote's page opens. */
function RequestForm({
  locale,
  pcbs,
  assemblies,
  onClose,
}: {
  locale: Locale;
  pcbs: PcbOptions;
  assemblies: AssemblyOptions;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: quoteRequestForm,
    defaultValue: { lines: requestStartLines(pcbs.preselect, assemblies.preselect) },
    onDone: async (quote?: RequestedQuote) => {
      if (!quote) return;
      await navigate(href("my-quote", locale, { quote: quote.id }));
      showToast({ title: i18n._("my_quotes.request_sent", { number: quote.number }), color: "success" });
    },
  });
  const lines = fields.lines.getFieldList();
  // An assembly line refers to an assembly specification (which names its board), any other to a PCB
  // specification; the hint to create one shows once, on the first line of its kind.
  const isAssemblyLine = lines.map((line) => line.getFieldset().category.value === "assemblies");
  const firstAssemblyLine = isAssemblyLine.indexOf(true);
  const firstPcbLine = isAssemblyLine.indexOf(false);
  const fieldError = (codes: string[] | undefined) =>
    formErrorText(i18n, codes, "my_quotes.request_error_field");
  const linesError = formErrorText(i18n, fields.lines.errors, "my_quotes.request_error_lines");
  const problem = formErrorText(i18n, formErrors, "my_quotes.action_failed");

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={i18n._("my_quotes.request_field_title")}
          error={formErrorText(i18n, fields.title.errors, "my_quotes.request_error_title")}
          className="sm:col-span-2"
        >
          {(f) => (
            <Input
              {...getInputProps(fields.title, { type: "text" })}
              {...f}
              required
              minLength={3}
              maxLength={200}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          label={i18n._("my_quotes.request_field_reference")}
          description={i18n._("my_quotes.request_field_reference_hint")}
          error={fieldError(fields.customer_reference.errors)}
        >
          {(f) => (
            <Input
              {...getInputProps(fields.customer_reference, { type: "text" })}
              {...f}
              maxLength={100}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField
          label={i18n._("my_quotes.request_field_notes")}
          error={fieldError(fields.notes.errors)}
          className="sm:col-span-2"
        >
          {(f) => <Textarea {...getTextareaProps(fields.notes)} {...f} maxLength={4000} rows={3} />}
        </FormField>
      </div>

      <div className="space-y-4">
        <h3 className="text-base font-semibold">{i18n._("my_quotes.request_lines")}</h3>
        {linesError ? (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {linesError}
          </p>
        ) : null}
        {lines.map((line, index) => {
          const n = index + 1;
          const {
            category,
            description,
            quantities,
            pcb_spec_version_id: pcbSpec,
            assembly_spec_version_id: assemblySpec,
          } = line.getFieldset();
          const quantityList = quantities.getFieldList();
          // The list's own errors (too few, repeated) and those of any one box read as one message.
          const quantityError = Object.keys(quantities.allErrors).length
            ? i18n._("my_quotes.request_error_quantities")
            : undefined;
          return (
            <fieldset
              key={line.key}
              className="space-y-3 rounded-lg border border-neutral-300 p-4 dark:border-neutral-700"
            >
              <legend className="px-1 text-sm font-semibold">
                {i18n._("my_quotes.request_line", { n })}
              </legend>
              <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
                <FormField
                  label={i18n._("my_quotes.request_field_category")}
                  error={fieldError(category.errors)}
                >
                  {(f) => (
                    <select {...getSelectProps(category)} {...f} className={inputClassName}>
                      {PRODUCT_CATEGORIES.map((value) => (
                        <option key={value} value={value}>
                          {i18n._("my_quotes.category", { category: value })}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
                <FormField
                  label={i18n._("my_quotes.request_field_description")}
                  error={formErrorText(i18n, description.errors, "my_quotes.request_error_description")}
                >
                  {(f) => (
                    <Input
                      {...getInputProps(description, { type: "text" })}
                      {...f}
                      required
                      minLength={3}
                      maxLength={500}
                      autoComplete="off"
                    />
                  )}
                </FormField>
              </div>
              {isAssemblyLine[index] ? (
                assemblies.options.length > 0 ? (
                  <FormField
                    label={i18n._("my_quotes.request_field_assembly")}
                    description={i18n._(
                      assemblies.more
                        ? "my_quotes.request_field_assembly_hint_more"
                        : "my_quotes.request_field_assembly_hint",
                      { count: assemblies.options.length },
                    )}
                    error={formErrorText(i18n, assemblySpec.errors, "my_quotes.request_error_assembly", {
                      NOT_FOUND: "my_quotes.request_error_assembly_not_found",
                      CONFLICT: "my_quotes.request_error_assembly_archived",
                    })}
                  >
                    {(f) => (
                      <select
                        {...getSelectProps(assemblySpec)}
                        {...f}
                        className={inputClassName}
                        onChange={(event) => {
                          // A line without its own words yet is named after the assembly it is for.
                          const chosen = assemblies.options.find((o) => o.version_id === event.target.value);
                          if (chosen && !description.value)
                            form.update({ name: description.name, value: chosen.name });
                        }}
                      >
                        <option value="">{i18n._("my_quotes.request_assembly_none")}</option>
                        {assemblies.options.map((option) => (
                          <option key={option.version_id} value={option.version_id}>
                            {i18n._("my_quotes.request_assembly_option", {
                              number: option.number,
                              name: option.name,
                              version: option.version,
                            })}
                          </option>
                        ))}
                      </select>
                    )}
                  </FormField>
                ) : index === firstAssemblyLine ? (
                  <p className="text-sm text-neutral-700 dark:text-neutral-300">
                    {i18n._("my_quotes.request_assembly_empty")}{" "}
                    <Link to={href("my-pcbas", locale)} className="font-medium underline underline-offset-2">
                      {i18n._("my_quotes.request_assembly_create")}
                    </Link>
                  </p>
                ) : null
              ) : pcbs.options.length > 0 ? (
                <FormField
                  label={i18n._("my_quotes.request_field_pcb")}
                  description={i18n._(
                    pcbs.more ? "my_quotes.request_field_pcb_hint_more" : "my_quotes.request_field_pcb_hint",
                    { count: pcbs.options.length },
                  )}
                  error={formErrorText(i18n, pcbSpec.errors, "my_quotes.request_error_pcb")}
                >
                  {(f) => (
                    <select
                      {...getSelectProps(pcbSpec)}
                      {...f}
                      className={inputClassName}
                      onChange={(event) => {
                        // A line without its own words yet is named after the board it is for.
                        const chosen = pcbs.options.find((o) => o.version_id === event.target.value);
                        if (chosen && !description.value)
                          form.update({ name: description.name, value: chosen.name });
                      }}
                    >
                      <option value="">{i18n._("my_quotes.request_pcb_none")}</option>
                      {pcbs.options.map((option) => (
                        <option key={option.version_id} value={option.version_id}>
                          {i18n._("my_quotes.request_pcb_option", {
                            number: option.number,
                            name: option.name,
                            version: option.version,
                          })}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              ) : index === firstPcbLine ? (
                <p className="text-sm text-neutral-700 dark:text-neutral-300">
                  {i18n._("my_quotes.request_pcb_empty")}{" "}
                  <Link to={href("my-pcbs", locale)} className="font-medium underline underline-offset-2">
                    {i18n._("my_quotes.request_pcb_create")}
                  </Link>
                </p>
              ) : null}
              <fieldset aria-describedby={quantityError ? quantities.errorId : undefined}>
                <legend className="text-sm font-semibold">
                  {i18n._("my_quotes.request_quantities", { max: MAX_QUOTE_TIERS })}
                </legend>
                <div className="mt-1.5 flex flex-wrap items-center gap-2">
                  {quantityList.map((quantity, q) => (
                    <span key={quantity.key} className="inline-flex items-center gap-1">
                      <Input
                        {...getInputProps(quantity, { type: "number", ariaAttributes: false })}
                        inputMode="numeric"
                        min={1}
                        max={MAX_QUOTE_QUANTITY}
                        step={1}
                        aria-label={i18n._("my_quotes.request_quantity_label", { line: n, n: q + 1 })}
                        aria-invalid={quantityError ? true : undefined}
                        className="w-28"
                      />
                      {quantityList.length > 1 ? (
                        <Button
                          type="button"
                          variant="ghost"
                          size="icon"
                          aria-label={i18n._("my_quotes.request_remove_quantity", { line: n, n: q + 1 })}
                          onClick={() => form.remove({ name: quantities.name, index: q })}
                        >
                          <X aria-hidden="true" className="size-4" />
                        </Button>
                      ) : null}
                    </span>
                  ))}
                  {quantityList.length < MAX_QUOTE_TIERS ? (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      aria-label={i18n._("my_quotes.request_add_quantity_to", { line: n })}
                      onClick={() => form.insert({ name: quantities.name, defaultValue: "" })}
                    >
                      <Plus aria-hidden="true" className="size-4" />
                      {i18n._("my_quotes.request_add_quantity")}
                    </Button>
                  ) : null}
                </div>
                {quantityError ? (
                  <p
                    id={quantities.errorId}
                    className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-400"
                  >
                    {quantityError}
                  </p>
                ) : null}
              </fieldset>
              {lines.length > 1 ? (
                <div className="flex justify-end">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => form.remove({ name: fields.lines.name, index })}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {i18n._("my_quotes.request_remove_line", { n })}
                  </Button>
                </div>
              ) : null}
            </fieldset>
          );
        })}
        {lines.length < MAX_QUOTE_LINES ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => form.insert({ name: fields.lines.name, defaultValue: NEW_REQUEST_LINE })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {i18n._("my_quotes.request_add_line")}
          </Button>
        ) : null}
      </div>

      {problem ? <Alert variant="error">{problem}</Alert> : null}

      <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-800">
        <Button type="button" variant="outline" onClick={onClose}>
          {i18n._("my_quotes.cancel")}
        </Button>
        <Button type="submit" loading={busy}>
          {i18n._("my_quotes.request_submit")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
