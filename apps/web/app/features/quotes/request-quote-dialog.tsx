import { useLingui } from "@lingui/react";
import type { Locale } from "@ems/i18n/locales";
import {
  quoteEndpoints,
  MAX_QUOTE_LINES,
  MAX_QUOTE_QUANTITY,
  MAX_QUOTE_TIERS,
  PRODUCT_CATEGORIES,
  quoteRequestSchema,
  type ProductCategory,
} from "@ems/contracts/quotes";
import { Plus, Trash2, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { browserApi } from "~/lib/browser-api";
import { href } from "~/lib/route-map";
import { showToast } from "~/lib/toast";

import { issueKey } from "./quote-helpers";
import { useQuoteAction } from "./use-quote-action";
import { call } from "~/lib/api-client";

interface DraftLine {
  key: number;
  category: ProductCategory;
  description: string;
  quantities: string[];
}

const emptyLine = (key: number): DraftLine => ({
  key,
  category: "assemblies",
  description: "",
  quantities: [""],
});

/** Our own words for what zod finds wrong, by the field it names. */
function messageKeyFor(path: string): string {
  if (path === "title") return "my_quotes.request_error_title";
  if (path === "lines") return "my_quotes.request_error_lines";
  if (/^lines\.\d+\.description$/.test(path)) return "my_quotes.request_error_description";
  if (/^lines\.\d+\.quantities/.test(path)) return "my_quotes.request_error_quantities";
  return "my_quotes.request_error_field";
}

/** The line and field a dotted error path belongs to ("lines.1.quantities.0" → "lines.1.quantities"). */
function fieldOf(path: string): string {
  const match = /^(lines\.\d+\.(?:description|quantities|category))/.exec(path);
  return match ? match[1]! : path;
}

const textareaClass = `${inputClassName} h-auto min-h-20 py-2`;

/**
 * "Request a quote" (docs/behaviour/quotes.md#requesting-a-quote): a title, the customer's own reference, notes and one or more
 * lines, each with a product category, a description and up to six quantities to price. The request
 * starts In Progress; afterwards the new quote opens.
 */
export function RequestQuoteDialog({ locale }: { locale: Locale }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("");
  const [reference, setReference] = useState("");
  const [notes, setNotes] = useState("");
  const [lines, setLines] = useState<DraftLine[]>([emptyLine(0)]);
  const [nextKey, setNextKey] = useState(1);
  const [formErrors, setErrors] = useState<Record<string, string>>({});
  const { run, pending, error: apiError, setError: setApiError } = useQuoteAction();
  // The API's own message beside the field it names (lines.0.description …), ours otherwise.
  const errors: Record<string, string> = {
    ...(apiError?.field ? { [fieldOf(apiError.field)]: apiError.message } : {}),
    ...formErrors,
  };

  function reset() {
    setTitle("");
    setReference("");
    setNotes("");
    setLines([emptyLine(0)]);
    setNextKey(1);
    setErrors({});
    setApiError(null);
  }

  const updateLine = (index: number, change: Partial<DraftLine>) =>
    setLines((all) => all.map((line, i) => (i === index ? { ...line, ...change } : line)));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      title,
      ...(reference.trim() ? { customer_reference: reference } : {}),
      ...(notes.trim() ? { notes } : {}),
      lines: lines.map((line) => ({
        category: line.category,
        description: line.description,
        quantities: line.quantities.filter((q) => q.trim() !== "").map((q) => Number(q)),
      })),
    };
    const parsed = quoteRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issueKey(issue.path);
        const field = fieldOf(path);
        found[field] ??= i18n._(messageKeyFor(path));
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const created = await run(
      () => call(browserApi(), quoteEndpoints.create, { body: parsed.data }),
      undefined,
      { revalidate: false },
    );
    if (!created) return;
    const quote = created.data;
    await navigate(href("my-quote", locale, { quote: quote.id }));
    setOpen(false);
    reset();
    showToast({ title: i18n._("my_quotes.request_sent", { number: quote.number }), color: "success" });
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        {i18n._("my_quotes.request_button")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setErrors({});
            setApiError(null);
          }
        }}
        title={i18n._("my_quotes.request_title")}
        description={i18n._("my_quotes.request_intro")}
        closeLabel={i18n._("my_quotes.close")}
        size="lg"
      >
        <form id={formId} onSubmit={submit} noValidate className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={i18n._("my_quotes.request_field_title")}
              error={errors.title}
              className="sm:col-span-2"
            >
              {(f) => (
                <Input
                  {...f}
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
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
              error={errors.customer_reference}
            >
              {(f) => (
                <Input
                  {...f}
                  value={reference}
                  onChange={(e) => setReference(e.target.value)}
                  maxLength={100}
                  autoComplete="off"
                />
              )}
            </FormField>
            <FormField
              label={i18n._("my_quotes.request_field_notes")}
              error={errors.notes}
              className="sm:col-span-2"
            >
              {(f) => (
                <textarea
                  {...f}
                  value={notes}
                  onChange={(e) => setNotes(e.target.value)}
                  maxLength={4000}
                  rows={3}
                  className={textareaClass}
                />
              )}
            </FormField>
          </div>

          <div className="space-y-4">
            <h3 className="text-base font-semibold">{i18n._("my_quotes.request_lines")}</h3>
            {errors.lines ? (
              <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
                {errors.lines}
              </p>
            ) : null}
            {lines.map((line, index) => {
              const n = index + 1;
              const quantityError = errors[`lines.${index}.quantities`];
              const quantityErrorId = `${formId}-line-${line.key}-quantities-error`;
              return (
                <fieldset
                  key={line.key}
                  className="space-y-3 rounded-lg border border-neutral-300 p-4 dark:border-neutral-700"
                >
                  <legend className="px-1 text-sm font-semibold">
                    {i18n._("my_quotes.request_line", { n })}
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
                    <FormField label={i18n._("my_quotes.request_field_category")}>
                      {(f) => (
                        <select
                          {...f}
                          value={line.category}
                          onChange={(e) => updateLine(index, { category: e.target.value as ProductCategory })}
                          className={inputClassName}
                        >
                          {PRODUCT_CATEGORIES.map((category) => (
                            <option key={category} value={category}>
                              {i18n._("my_quotes.category", { category })}
                            </option>
                          ))}
                        </select>
                      )}
                    </FormField>
                    <FormField
                      label={i18n._("my_quotes.request_field_description")}
                      error={errors[`lines.${index}.description`]}
                    >
                      {(f) => (
                        <Input
                          {...f}
                          value={line.description}
                          onChange={(e) => updateLine(index, { description: e.target.value })}
                          required
                          minLength={3}
                          maxLength={500}
                          autoComplete="off"
                        />
                      )}
                    </FormField>
                  </div>
                  <fieldset aria-describedby={quantityError ? quantityErrorId : undefined}>
                    <legend className="text-sm font-semibold">
                      {i18n._("my_quotes.request_quantities", { max: MAX_QUOTE_TIERS })}
                    </legend>
                    <div className="mt-1.5 flex flex-wrap items-center gap-2">
                      {line.quantities.map((quantity, q) => (
                        <span key={q} className="inline-flex items-center gap-1">
                          <Input
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={MAX_QUOTE_QUANTITY}
                            step={1}
                            value={quantity}
                            aria-label={i18n._("my_quotes.request_quantity_label", { line: n, n: q + 1 })}
                            aria-invalid={quantityError ? true : undefined}
                            onChange={(e) =>
                              updateLine(index, {
                                quantities: line.quantities.map((v, i) => (i === q ? e.target.value : v)),
                              })
                            }
                            className="w-28"
                          />
                          {line.quantities.length > 1 ? (
                            <Button
                              type="button"
                              variant="ghost"
                              size="icon"
                              aria-label={i18n._("my_quotes.request_remove_quantity", { line: n, n: q + 1 })}
                              onClick={() =>
                                updateLine(index, { quantities: line.quantities.filter((_, i) => i !== q) })
                              }
                            >
                              <X aria-hidden="true" className="size-4" />
                            </Button>
                          ) : null}
                        </span>
                      ))}
                      {line.quantities.length < MAX_QUOTE_TIERS ? (
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          aria-label={i18n._("my_quotes.request_add_quantity_to", { line: n })}
                          onClick={() => updateLine(index, { quantities: [...line.quantities, ""] })}
                        >
                          <Plus aria-hidden="true" className="size-4" />
                          {i18n._("my_quotes.request_add_quantity")}
                        </Button>
                      ) : null}
                    </div>
                    {quantityError ? (
                      <p
                        id={quantityErrorId}
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
                        onClick={() => {
                          setLines((all) => all.filter((_, i) => i !== index));
                          setErrors({});
                        }}
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
                onClick={() => {
                  setLines((all) => [...all, emptyLine(nextKey)]);
                  setNextKey((k) => k + 1);
                }}
              >
                <Plus aria-hidden="true" className="size-4" />
                {i18n._("my_quotes.request_add_line")}
              </Button>
            ) : null}
          </div>

          <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-800">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {i18n._("my_quotes.cancel")}
            </Button>
            <Button type="submit" loading={pending}>
              {i18n._("my_quotes.request_submit")}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
