import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import {
  BOM_COLUMN_FIELDS,
  type BomColumnField,
  type BomDto,
  type BomPreview,
} from "@ems/contracts/assemblies";
import { ERROR_CODES } from "@ems/contracts/errors";
import { formatNumber } from "@ems/i18n/format";
import { Upload } from "lucide-react";
import { Form } from "react-router";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormProblem } from "~/components/ui/form-problem";
import { IntentField } from "~/components/ui/form-field";
import { inputClassName } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { useLocale } from "~/lib/use-locale";

import { bomImportForm } from "./bom-form";
import { IGNORE, MAPPING_PARAM, mappingProblems, mappingToCols } from "./bom-helpers";

/** The reasons a whole file is refused (the API's 422), each worded by the page. */
export const BOM_REFUSALS = [
  "empty_file",
  "binary_file",
  "file_too_large",
  "too_many_rows",
  "no_header",
  "unreadable_workbook",
  "file_missing",
] as const;
export type BomRefusal = (typeof BOM_REFUSALS)[number];

export const refusalOf = (reason: unknown): BomRefusal =>
  BOM_REFUSALS.find((known) => known === reason) ?? "unreadable_workbook";

const muted = "text-neutral-700 dark:text-neutral-300";
const SAMPLES_SHOWN = 3;

/** Why the file cannot be imported, and that another one can be chosen above. */
export function BomRefused({ reason }: { reason: BomRefusal }) {
  const { i18n } = useLingui();
  return (
    <Alert variant="error" title={i18n._("bom.refused_title")}>
      <p>{i18n._(`bom.refused.${reason}`)}</p>
      <p className="mt-1">{i18n._("bom.refused_again")}</p>
    </Alert>
  );
}

/** What the reader found: format, encoding, the tool that wrote it, the header row and the sheet. */
export function BomDetected({ preview }: { preview: BomPreview }) {
  const { i18n } = useLingui();
  const rows: [string, string][] = [
    [i18n._("bom.detected.file"), preview.source_name],
    [i18n._("bom.detected.format"), preview.format.toUpperCase()],
    [i18n._("bom.detected.encoding"), preview.encoding ?? "–"],
    [i18n._("bom.detected.tool"), preview.tool],
    [i18n._("bom.detected.header_row"), String(preview.header_row)],
  ];
  if (preview.sheet_name) rows.push([i18n._("bom.detected.sheet"), preview.sheet_name]);
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The counts an import would make: lines, parts to place, DNP lines, warnings, matched to parts. */
export function PreviewCounts({ preview }: { preview: BomPreview }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const counts: [string, number][] = [
    ["bom.count.lines", preview.lines],
    ["bom.count.placed", preview.placed_parts],
    ["bom.count.dnp", preview.dnp_lines],
    ["bom.count.warnings", preview.warnings],
    ["bom.count.matched", preview.matched],
  ];
  return (
    <ul className="flex flex-wrap gap-2" aria-label={i18n._("bom.counts")}>
      {counts.map(([key, count]) => (
        <li
          key={key}
          className="rounded-lg border border-neutral-200 px-3 py-2 text-sm dark:border-neutral-800"
        >
          {i18n._(key, { count, n: formatNumber(count, locale) })}
        </li>
      ))}
    </ul>
  );
}

/** Every row the reader could not turn into a line, with its reason and the row's text. */
export function BomProblems({ problems }: { problems: BomDto["problems"] }) {
  const { i18n } = useLingui();
  if (problems.length === 0) return null;
  return (
    <section aria-labelledby="bom-problems" className="space-y-2">
      <h2 id="bom-problems" className="text-lg font-semibold">
        {i18n._("bom.problems_title", { count: problems.length })}
      </h2>
      <ul className="divide-y divide-neutral-200 rounded-lg border border-amber-300 text-sm dark:divide-neutral-800 dark:border-amber-800">
        {problems.map((problem) => (
          <li key={`${problem.row}-${problem.reason}`} className="px-3 py-2">
            <span className="font-semibold">{i18n._("bom.problem_row", { row: problem.row })}</span>{" "}
            {i18n._(`bom.problem.${problem.reason}`)}
            {problem.detail ? (
              <span className={cn("mt-0.5 block font-mono text-xs break-all", muted)}>{problem.detail}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One row per column of the file: what it is read as (a select, preset from the preview) beside the
 * first cells it holds. A GET form, so the choice lives in the address; with JavaScript every change
 * reads the file again at once.
 */
export function MappingTable({
  preview,
  mapping,
  fileId,
  mappingError,
  onChange,
}: {
  preview: BomPreview;
  /** The mapping shown: the user's choice, else the preview's. */
  mapping: (BomColumnField | null)[];
  fileId: string;
  /** The API's refusal of the chosen mapping (its own words), when it refused one. */
  mappingError: string | null;
  onChange: (mapping: (BomColumnField | null)[]) => void;
}) {
  const { i18n } = useLingui();
  const cols = mappingToCols(mapping);
  const problems = mappingProblems(mapping);
  const worded = [
    ...problems.twice.map((field) => i18n._("bom.mapping_twice", { field: i18n._(`bom.field.${field}`) })),
    ...(problems.noDesignators ? [i18n._("bom.mapping_no_designators")] : []),
  ];
  return (
    <Form method="get" preventScrollReset replace className="space-y-3">
      <input type="hidden" name="file" value={fileId} />
      {preview.mapping_source !== "given" ? (
        <p className={cn("text-sm", muted)}>
          {i18n._(preview.mapping_source === "saved" ? "bom.mapping_saved" : "bom.mapping_automatic")}
        </p>
      ) : null}
      {mappingError !== null || worded.length > 0 ? (
        <Alert variant="error" title={i18n._("bom.mapping_refused")}>
          {worded.length ? (
            <ul className="list-disc pl-5">
              {worded.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : (
            <p>{mappingError}</p>
          )}
        </Alert>
      ) : null}
      <div
        tabIndex={0}
        role="region"
        aria-label={i18n._("bom.mapping_title")}
        className="overflow-x-auto rounded-xl border border-neutral-200 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-neutral-800"
      >
        <table className="w-full min-w-[560px] text-left text-sm">
          <caption className="sr-only">{i18n._("bom.mapping_title")}</caption>
          <thead className="bg-neutral-50 text-neutral-700 dark:bg-neutral-900 dark:text-neutral-300">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {i18n._("bom.mapping_column")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {i18n._("bom.mapping_field")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {i18n._("bom.mapping_samples")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
            {preview.headers.map((header, index) => {
              const label = header.trim() || i18n._("bom.mapping_unnamed", { n: index + 1 });
              const samples = preview.sample_rows
                .map((row) => row.cells[index] ?? "")
                .filter((cell) => cell.trim() !== "")
                .slice(0, SAMPLES_SHOWN);
              return (
                <tr key={`${index}-${header}`} data-testid="mapping-row">
                  <th scope="row" className="px-3 py-2 align-top font-semibold break-words">
                    {label}
                  </th>
                  <td className="px-3 py-2 align-top">
                    <select
                      name={MAPPING_PARAM}
                      aria-label={i18n._("bom.mapping_select", { column: label })}
                      className={cn(inputClassName, "h-9 min-w-40")}
                      value={cols[index] ?? IGNORE}
                      onChange={(event) => {
                        const next = [...mapping];
                        const value = event.currentTarget.value;
                        next[index] = value === IGNORE ? null : (value as BomColumnField);
                        onChange(next);
                      }}
                    >
                      {BOM_COLUMN_FIELDS.map((field) => (
                        <option key={field} value={field}>
                          {i18n._(`bom.field.${field}`)}
                        </option>
                      ))}
                      <option value={IGNORE}>{i18n._("bom.field.ignore")}</option>
                    </select>
                  </td>
                  <td className="px-3 py-2 align-top">
                    {samples.length ? (
                      <ul className="space-y-0.5 font-mono text-xs">
                        {samples.map((cell, n) => (
                          <li key={n} className="max-w-64 truncate" title={cell}>
                            {cell}
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className={muted}>{i18n._("bom.mapping_empty")}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <noscript>
        <Button type="submit" variant="outline" size="sm">
          {i18n._("bom.mapping_apply")}
        </Button>
      </noscript>
    </Form>
  );
}

/** Step 3: the import with the mapping shown; a refused file says why and the page offers another. */
export function BomImportButton({
  fileId,
  mapping,
  disabled,
  onDone,
}: {
  fileId: string;
  mapping: (BomColumnField | null)[];
  disabled: boolean;
  onDone: (bom: { version: number } | undefined) => void;
}) {
  const { i18n } = useLingui();
  const { fetcher, form, busy, formErrors } = useFetcherForm<typeof bomImportForm, { version: number }>({
    schema: bomImportForm,
    id: "bom-import",
    onDone,
  });
  const reason = fetcher.data?.otherData?.reason;
  const refused = formErrors?.[0] === ERROR_CODES.fileContentRefused;
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-3">
      <IntentField intent="import" />
      <input type="hidden" name="file_id" value={fileId} />
      {mappingToCols(mapping).map((col, index) => (
        <input key={index} type="hidden" name={MAPPING_PARAM} value={col} />
      ))}
      {refused ? (
        <BomRefused reason={refusalOf(reason)} />
      ) : (
        <FormProblem
          codes={formErrors}
          fallback="bom.import_failed"
          known={{
            [ERROR_CODES.validation]: "bom.mapping_refused",
            [ERROR_CODES.conflict]: "bom.import_frozen",
          }}
        />
      )}
      <Button type="submit" loading={busy} disabled={disabled}>
        <Upload aria-hidden="true" className="size-4" />
        {i18n._("bom.import_submit")}
      </Button>
    </fetcher.Form>
  );
}
