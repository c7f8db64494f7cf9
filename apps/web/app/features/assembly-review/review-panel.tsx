import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { pathOf, type Endpoint } from "@ems/contracts/endpoints";
import {
  staffAssemblyEndpoints,
  type AssemblyDetail,
  type BomDto,
  type BomLineDto,
  type ProductionBom,
} from "@ems/contracts/assemblies";
import { formatNumber } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { Check, FileDown, Replace, Undo2 } from "lucide-react";
import { useState, type ReactNode } from "react";

import { PcbSpecReferenceCard } from "~/components/pcb-spec-reference";
import { ProductionBomTable } from "~/components/production-bom-table";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { FormProblem } from "~/components/ui/form-problem";
import { inputClassName } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { releaseForm, releaseState, reviewMarkForm, substituteForm, withdrawForm } from "./review-form";

const pdfOf = (endpoint: Endpoint, params: Record<string, string | number>) => pathOf(endpoint, params);

/** One of a line's marks (reviewed, consigned) as a toggle button that posts the opposite value. */
function MarkToggle({
  assemblyId,
  line,
  mark,
  on,
  disabled,
}: {
  assemblyId: string;
  line: BomLineDto;
  mark: "reviewed" | "consigned";
  on: boolean;
  disabled: boolean;
}) {
  const { i18n } = useLingui();
  const { fetcher, form, busy } = useFetcherForm({ schema: reviewMarkForm, id: `${mark}-${line.id}` });
  const label = i18n._(`staff.pcbas.${mark}_${on ? "on" : "off"}`, { position: line.position });
  return (
    <fetcher.Form method="post" id={form.id}>
      <IntentField intent="mark" />
      <input type="hidden" name="id" value={assemblyId} />
      <input type="hidden" name="line_id" value={line.id} />
      <input type="hidden" name="mark" value={mark} />
      <input type="hidden" name="value" value={on ? "false" : "true"} />
      <Button
        type="submit"
        size="sm"
        variant={on ? "primary" : "outline"}
        loading={busy}
        disabled={disabled}
        aria-pressed={on}
        aria-label={label}
        title={label}
      >
        {on ? <Check aria-hidden="true" className="size-4" /> : null}
        {i18n._(`staff.pcbas.${mark}`)}
      </Button>
    </fetcher.Form>
  );
}

/** Proposing a substitute part for a line: the customer sees it on their BOM and decides. */
function SubstituteDialog({
  assemblyId,
  line,
  onClose,
}: {
  assemblyId: string;
  line: BomLineDto;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: substituteForm,
    id: `substitute-${line.id}`,
    defaultValue: { id: assemblyId, line_id: line.id },
    success: i18n._("staff.pcbas.substitute_sent"),
    onDone: onClose,
  });
  const original = [line.parts[0]?.manufacturer, line.parts[0]?.mpn].filter(Boolean).join(" ");
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={i18n._("staff.pcbas.substitute_title", { position: line.position })}
      description={i18n._("staff.pcbas.substitute_intro", {
        designators: line.designators.join(", "),
        part: original || line.value || "—",
      })}
      closeLabel={i18n._("staff.pcbas.close")}
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <IntentField intent="substitute" />
        <input type="hidden" name={fields.id.name} value={assemblyId} />
        <input type="hidden" name={fields.line_id.name} value={line.id} />
        <FormProblem codes={formErrors} fallback="staff.pcbas.save_failed" known={KNOWN_ERRORS} />
        <FormField
          label={i18n._("staff.pcbas.substitute_manufacturer")}
          error={formErrorText(i18n, fields.manufacturer.errors, "staff.pcbas.error_manufacturer")}
        >
          {(f) => (
            <input
              {...getInputProps(fields.manufacturer, { type: "text" })}
              {...f}
              className={inputClassName}
            />
          )}
        </FormField>
        <FormField
          label={i18n._("staff.pcbas.substitute_mpn")}
          error={formErrorText(i18n, fields.mpn.errors, "staff.pcbas.error_mpn")}
        >
          {(f) => (
            <input {...getInputProps(fields.mpn, { type: "text" })} {...f} className={inputClassName} />
          )}
        </FormField>
        <FormField
          label={i18n._("staff.pcbas.substitute_reason")}
          description={i18n._("staff.pcbas.substitute_reason_hint")}
          error={formErrorText(i18n, fields.reason.errors, "staff.pcbas.error_reason")}
        >
          {(f) => <Textarea {...getTextareaProps(fields.reason)} {...f} rows={3} />}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {i18n._("staff.pcbas.cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {i18n._("staff.pcbas.substitute_submit")}
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}

function WithdrawButton({ assemblyId, line }: { assemblyId: string; line: BomLineDto }) {
  const { i18n } = useLingui();
  const { fetcher, form, busy } = useFetcherForm({ schema: withdrawForm, id: `withdraw-${line.id}` });
  return (
    <fetcher.Form method="post" id={form.id}>
      <IntentField intent="withdraw" />
      <input type="hidden" name="id" value={assemblyId} />
      <input type="hidden" name="line_id" value={line.id} />
      <Button type="submit" size="sm" variant="outline" loading={busy}>
        <Undo2 aria-hidden="true" className="size-4" />
        {i18n._("staff.pcbas.withdraw")}
      </Button>
    </fetcher.Form>
  );
}

/** The API's refusals this page words itself. */
const KNOWN_ERRORS = { CONFLICT: "staff.pcbas.error_conflict", NOT_FOUND: "staff.pcbas.error_not_found" };

const SUBSTITUTION_TONES = { proposed: "warning", accepted: "success", rejected: "error" } as const;

function SubstitutionCell({
  assemblyId,
  line,
  released,
  onPropose,
}: {
  assemblyId: string;
  line: BomLineDto;
  released: boolean;
  onPropose: () => void;
}) {
  const { i18n } = useLingui();
  const substitution = line.substitution;
  if (line.dnp) return null;
  if (!substitution)
    return released ? null : (
      <Button type="button" size="sm" variant="outline" onClick={onPropose}>
        <Replace aria-hidden="true" className="size-4" />
        {i18n._("staff.pcbas.propose")}
      </Button>
    );
  return (
    <div className="space-y-1">
      <Badge tone={SUBSTITUTION_TONES[substitution.status]}>
        {i18n._("staff.pcbas.substitution_status", { status: substitution.status })}
      </Badge>
      <p className="text-xs break-words">
        {[substitution.manufacturer, substitution.mpn].filter(Boolean).join(" ")}
      </p>
      {substitution.status === "proposed" && !released ? (
        <WithdrawButton assemblyId={assemblyId} line={line} />
      ) : null}
    </div>
  );
}

function ReleaseBar({ assemblyId, bom, locale }: { assemblyId: string; bom: BomDto; locale: Locale }) {
  const { i18n } = useLingui();
  const state = releaseState(bom);
  const { fetcher, form, busy, formErrors } = useFetcherForm({
    schema: releaseForm,
    id: `release-${assemblyId}`,
    success: i18n._("staff.pcbas.released"),
  });
  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-4 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <IntentField intent="release" />
      <input type="hidden" name="id" value={assemblyId} />
      <input type="hidden" name="base_version" value={bom.version} />
      <p className="text-sm" role="status">
        {i18n._("staff.pcbas.release_state", {
          reviewed: formatNumber(state.reviewed, locale),
          fitted: formatNumber(state.fitted, locale),
          waiting: state.waiting,
        })}
      </p>
      <FormProblem
        codes={formErrors}
        fallback="staff.pcbas.save_failed"
        known={KNOWN_ERRORS}
        className="w-full"
      />
      <Button type="submit" loading={busy} disabled={!state.ready}>
        {i18n._("staff.pcbas.release", { version: bom.version })}
      </Button>
    </fetcher.Form>
  );
}

/**
 * The back office's view of one assembly (ADR 0015): what the customer specified, the latest BOM
 * version line by line with the engineering review's marks and substitutes, the release of the
 * production BOM, and the production BOM once released.
 */
export function ReviewPanel({
  detail,
  bom,
  production,
  locale,
  queries,
}: {
  detail: AssemblyDetail;
  bom: BomDto | null;
  production: ProductionBom | null;
  locale: Locale;
  /** The engineering queries on the version shown, with the button that raises one. */
  queries?: ReactNode;
}) {
  const { i18n } = useLingui();
  const [proposing, setProposing] = useState<BomLineDto | null>(null);
  const { latest } = detail;
  const partial = latest.fields.parts_sourcing === "partial";
  const released = bom?.released_at !== null && bom?.released_at !== undefined;
  const versionPdf = pdfOf(staffAssemblyEndpoints.pdf, { id: detail.id, version: latest.version });
  return (
    <section aria-labelledby="review-title" className="mt-8 space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm font-semibold text-primary-800 dark:text-primary-300">
            {detail.company_name}
          </p>
          <h2 id="review-title" className="text-2xl font-bold tracking-tight break-words">
            {detail.number} · {latest.fields.name}
          </h2>
          <p className="text-sm text-neutral-700 dark:text-neutral-300">
            {i18n._("staff.pcbas.summary", {
              version: latest.version,
              sourcing: latest.fields.parts_sourcing,
              tiers: latest.fields.quantity_tiers.map((n) => formatNumber(n, locale)).join(", "),
            })}
          </p>
        </div>
        <a
          href={versionPdf}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary-800 underline underline-offset-2 dark:text-primary-300"
        >
          <FileDown aria-hidden="true" className="size-4" />
          {i18n._("staff.pcbas.pdf", { version: latest.version })}
        </a>
      </div>
      {latest.pcb ? <PcbSpecReferenceCard spec={latest.pcb} audience="staff" locale={locale} /> : null}
      {queries}

      {bom === null ? (
        <p className="rounded-lg border border-dashed border-neutral-300 p-4 text-sm dark:border-neutral-700">
          {i18n._("staff.pcbas.no_bom")}
        </p>
      ) : (
        <div className="space-y-4">
          <h3 className="text-lg font-semibold">
            {i18n._("staff.pcbas.bom_title", { version: bom.version, lines: bom.counts.lines })}
          </h3>
          <div className="overflow-x-auto rounded-lg border border-neutral-200 dark:border-neutral-800">
            <table className="w-full min-w-[56rem] text-left text-sm">
              <caption className="sr-only">
                {i18n._("staff.pcbas.bom_caption", { number: detail.number })}
              </caption>
              <thead className="bg-neutral-50 text-xs font-semibold tracking-wide text-neutral-700 uppercase dark:bg-neutral-900 dark:text-neutral-300">
                <tr>
                  <th scope="col" className="px-3 py-2 text-right whitespace-nowrap">
                    {i18n._("staff.pcbas.col_position")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {i18n._("staff.pcbas.col_designators")}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {i18n._("staff.pcbas.col_quantity")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {i18n._("staff.pcbas.col_part")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {i18n._("staff.pcbas.col_review")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {i18n._("staff.pcbas.col_substitution")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
                {bom.lines.map((line) => (
                  <tr key={line.id} className="align-top">
                    <td className="px-3 py-2 text-right tabular-nums">{line.position}</td>
                    <td className="max-w-56 px-3 py-2 break-words">
                      {line.designators.join(", ") || "—"}
                      {line.dnp ? (
                        <span className="ml-1">
                          <Badge>{i18n._("staff.pcbas.dnp")}</Badge>
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatNumber(line.quantity, locale)}
                    </td>
                    <td className="px-3 py-2">
                      <span className="block break-words">
                        {[line.parts[0]?.manufacturer, line.parts[0]?.mpn].filter(Boolean).join(" ") || "—"}
                        {line.parts.length > 1
                          ? ` ${i18n._("staff.pcbas.alternates", { count: line.parts.length - 1 })}`
                          : ""}
                      </span>
                      <span className="block text-xs text-neutral-700 dark:text-neutral-300">
                        {[line.value, line.footprint].filter(Boolean).join(" · ")}
                      </span>
                      <span className="block text-xs">
                        {line.part
                          ? i18n._("staff.pcbas.matched", { part: line.part.part_number })
                          : i18n._("staff.pcbas.match_status", { status: line.match_status })}
                      </span>
                      {line.comment ? (
                        <span className="block text-xs text-neutral-700 italic dark:text-neutral-300">
                          {line.comment}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      {line.dnp ? null : (
                        <div className="flex flex-wrap gap-2">
                          <MarkToggle
                            assemblyId={detail.id}
                            line={line}
                            mark="reviewed"
                            on={line.reviewed}
                            disabled={released}
                          />
                          {partial ? (
                            <MarkToggle
                              assemblyId={detail.id}
                              line={line}
                              mark="consigned"
                              on={line.consigned}
                              disabled={released}
                            />
                          ) : null}
                        </div>
                      )}
                    </td>
                    <td className="px-3 py-2">
                      <SubstitutionCell
                        assemblyId={detail.id}
                        line={line}
                        released={released}
                        onPropose={() => setProposing(line)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {released ? null : <ReleaseBar assemblyId={detail.id} bom={bom} locale={locale} />}
        </div>
      )}

      {production ? (
        <ProductionBomTable
          production={production}
          locale={locale}
          pdfHref={pdfOf(staffAssemblyEndpoints.productionBomPdf, { id: detail.id })}
        />
      ) : null}
      {proposing ? (
        <SubstituteDialog assemblyId={detail.id} line={proposing} onClose={() => setProposing(null)} />
      ) : null}
    </section>
  );
}
