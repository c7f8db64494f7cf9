import { getFormProps, getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { BOM_LIMITS, type BomDto, type BomLineDto } from "@ems/contracts/assemblies";
import { ERROR_CODES } from "@ems/contracts/errors";
import { partEndpoints, type Part } from "@ems/contracts/parts";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";

import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { Input, inputClassName } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { call } from "~/lib/api-client";
import { browserApi } from "~/lib/browser-api";
import { formErrorText } from "~/lib/form-errors";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { bomLineForm, lineFormDefaults } from "./bom-form";

const EMPTY_ROW = { manufacturer: "", mpn: "" };
const MPN_ROWS_MAX = 10;

interface PartChoice {
  id: string;
  label: string;
}

const choiceOf = (part: Pick<Part, "id" | "part_number" | "description">): PartChoice => ({
  id: part.id,
  label: `${part.part_number} – ${part.description}`,
});

/**
 * The part a line is built with: typed to search the company's parts by number or MPN, chosen in
 * a select of what was found (a select, so it is one field for keyboards and screen readers alike).
 */
function PartPicker({ name, current }: { name: string; current: PartChoice | null }) {
  const { i18n } = useLingui();
  const [chosen, setChosen] = useState(current?.id ?? "");
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<PartChoice[]>([]);
  const [searching, setSearching] = useState(false);
  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearching(true);
      call(browserApi(), partEndpoints.lookup, { query: { q } }, { signal: controller.signal })
        .then((answer) => setFound(answer.data.map(choiceOf)))
        .catch(() => setFound([]))
        .finally(() => setSearching(false));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  // The chosen part stays offered while another search finds others.
  const [kept, setKept] = useState<PartChoice[]>(current ? [current] : []);
  const choices = [...kept, ...found.filter((choice) => !kept.some((k) => k.id === choice.id))];
  return (
    <fieldset className="space-y-3 rounded-lg border border-neutral-300 p-4 sm:col-span-2 dark:border-neutral-700">
      <legend className="px-1 text-sm font-semibold">{i18n._("bom.line.part")}</legend>
      <FormField
        label={i18n._("bom.line.part_search")}
        description={searching ? i18n._("bom.line.part_searching") : i18n._("bom.line.part_search_hint")}
      >
        {(f) => (
          <Input
            {...f}
            type="search"
            value={query}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
        )}
      </FormField>
      <FormField label={i18n._("bom.line.part_choice")}>
        {(f) => (
          <select
            {...f}
            name={name}
            value={chosen}
            onChange={(event) => {
              const id = event.currentTarget.value;
              const picked = found.find((choice) => choice.id === id);
              if (picked && !kept.some((k) => k.id === id)) setKept([...kept, picked]);
              setChosen(id);
            }}
            className={inputClassName}
          >
            <option value="">{i18n._("bom.line.no_part")}</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {query.trim().length >= 2 && !searching && found.length === 0 ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">{i18n._("bom.line.part_none_found")}</p>
      ) : null}
    </fieldset>
  );
}

/**
 * One line changed (PUT …/bom/lines/:lineId), saved by the API as the next BOM version. The version
 * the dialog was opened on goes with it: a BOM someone saved meanwhile answers 409.
 */
export function BomLineDialog({
  line,
  version,
  offerConsigned,
  onClose,
  onSaved,
}: {
  line: BomLineDto | null;
  version: number;
  /** A partly consigned assembly: the customer says which lines' parts they send. */
  offerConsigned: boolean;
  onClose: () => void;
  onSaved: (bom: Pick<BomDto, "version"> | undefined) => void;
}) {
  const { i18n } = useLingui();
  return (
    <Dialog
      open={line !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={line ? i18n._("bom.line.title", { position: line.position }) : ""}
      description={i18n._("bom.line.intro")}
      closeLabel={i18n._("bom.close")}
      size="lg"
    >
      {line ? (
        <LineForm
          key={line.id}
          line={line}
          version={version}
          offerConsigned={offerConsigned}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Dialog>
  );
}

function LineForm({
  line,
  version,
  offerConsigned,
  onClose,
  onSaved,
}: {
  line: BomLineDto;
  version: number;
  offerConsigned: boolean;
  onClose: () => void;
  onSaved: (bom: Pick<BomDto, "version"> | undefined) => void;
}) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm<typeof bomLineForm, { version: number }>(
    {
      schema: bomLineForm,
      id: `bom-line-${line.id}`,
      defaultValue: lineFormDefaults(line, version) as never,
      onDone: onSaved,
    },
  );
  const error = (codes: string[] | undefined) => formErrorText(i18n, codes, "bom.line.invalid");
  const partList = fields.parts as unknown as FieldMetadata<{ manufacturer: string; mpn: string }[]>;
  const rows = partList.getFieldList();
  const current = line.part ? choiceOf(line.part) : null;

  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-5">
      <IntentField intent="line" />
      <input {...getInputProps(fields.line_id, { type: "hidden" })} />
      <input {...getInputProps(fields.base_version, { type: "hidden" })} />
      <input {...getInputProps(fields.part_before, { type: "hidden" })} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={i18n._("bom.line.designators")}
          description={i18n._("bom.line.designators_hint")}
          error={error(fields.designators.errors)}
          className="sm:col-span-2"
        >
          {(f) => (
            <Input
              {...getInputProps(fields.designators, { type: "text" })}
              {...f}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField label={i18n._("bom.line.quantity")} error={error(fields.quantity.errors)}>
          {(f) => (
            <Input
              {...getInputProps(fields.quantity, { type: "number" })}
              {...f}
              min={0}
              max={100_000}
              step={1}
            />
          )}
        </FormField>
        <FormField label={i18n._("bom.line.value")} error={error(fields.value.errors)}>
          {(f) => (
            <Input
              {...getInputProps(fields.value, { type: "text" })}
              {...f}
              maxLength={BOM_LIMITS.lineText}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField label={i18n._("bom.line.footprint")} error={error(fields.footprint.errors)}>
          {(f) => (
            <Input
              {...getInputProps(fields.footprint, { type: "text" })}
              {...f}
              maxLength={BOM_LIMITS.lineText}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField label={i18n._("bom.line.description")} error={error(fields.description.errors)}>
          {(f) => (
            <Input
              {...getInputProps(fields.description, { type: "text" })}
              {...f}
              maxLength={BOM_LIMITS.lineText}
              autoComplete="off"
            />
          )}
        </FormField>
      </div>

      <fieldset className="space-y-3 rounded-lg border border-neutral-300 p-4 dark:border-neutral-700">
        <legend className="px-1 text-sm font-semibold">{i18n._("bom.line.mpns")}</legend>
        {rows.map((row, index) => {
          const { manufacturer, mpn } = row.getFieldset();
          const n = index + 1;
          return (
            <div
              key={row.key}
              className="grid items-start gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
            >
              <FormField label={i18n._("bom.line.manufacturer_n", { n })} error={error(manufacturer.errors)}>
                {(f) => (
                  <Input
                    {...getInputProps(manufacturer, { type: "text" })}
                    {...f}
                    maxLength={100}
                    autoComplete="off"
                  />
                )}
              </FormField>
              <FormField label={i18n._("bom.line.mpn_n", { n })} error={error(mpn.errors)}>
                {(f) => (
                  <Input
                    {...getInputProps(mpn, { type: "text" })}
                    {...f}
                    maxLength={60}
                    autoComplete="off"
                    spellCheck={false}
                  />
                )}
              </FormField>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="sm:mt-7"
                onClick={() => form.remove({ name: partList.name, index })}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {i18n._("bom.line.remove_row", { n })}
              </Button>
            </div>
          );
        })}
        {rows.length < MPN_ROWS_MAX ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => form.insert({ name: partList.name, defaultValue: EMPTY_ROW })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {i18n._("bom.line.add_row")}
          </Button>
        ) : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <PartPicker name={fields.part_id.name} current={current} />
        <label className="flex items-center gap-2 text-sm font-semibold sm:col-span-2">
          <input {...getInputProps(fields.dnp, { type: "checkbox" })} className="size-4" />
          {i18n._("bom.line.dnp")}
        </label>
        {offerConsigned ? (
          <div className="space-y-1 sm:col-span-2">
            <input type="hidden" name={fields.consigned_offered.name} value="on" />
            <label className="flex items-center gap-2 text-sm font-semibold">
              <input
                {...getInputProps(fields.consigned, { type: "checkbox" })}
                aria-describedby={`${fields.consigned.id}-hint`}
                className="size-4"
              />
              {i18n._("bom.line.consigned")}
            </label>
            <p id={`${fields.consigned.id}-hint`} className="text-sm text-neutral-600 dark:text-neutral-400">
              {i18n._("bom.line.consigned_hint")}
            </p>
          </div>
        ) : null}
        <FormField
          label={i18n._("bom.line.comment")}
          description={i18n._("bom.line.comment_hint")}
          error={error(fields.comment.errors)}
          className="sm:col-span-2"
        >
          {(f) => (
            <Textarea {...getTextareaProps(fields.comment)} {...f} rows={3} maxLength={BOM_LIMITS.comment} />
          )}
        </FormField>
      </div>

      <FormProblem
        codes={formErrors}
        fallback="bom.line.save_failed"
        known={{ [ERROR_CODES.conflict]: "bom.line.conflict" }}
      />

      <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-800">
        <Button type="button" variant="outline" onClick={onClose}>
          {i18n._("bom.cancel")}
        </Button>
        <Button type="submit" loading={busy}>
          {i18n._("bom.line.save")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
