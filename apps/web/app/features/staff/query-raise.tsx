import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { QUERY_LIMITS, queryRaiseSchema, type QueryDetail } from "@ems/contracts/engineering-queries";
import { formatFileSize } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { MessageCircleQuestionMark, Paperclip, Plus, Trash2, X } from "lucide-react";
import { useId, useMemo, useState } from "react";

import { FileUpload, type UploadedFile } from "~/components/file-upload";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Input, inputClassName } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import type { QueryBoardSource } from "~/lib/query-board";
import { showToast } from "~/lib/toast";
import { useFetcherForm } from "~/lib/use-fetcher-form";

import { RaisePoints } from "./query-raise-points";
import { mutedClass } from "./staff-ui";

/** The version a query is raised on, and whose it is. */
export interface RaiseSubject {
  kind: "assembly" | "pcb";
  /** The version's id (assembly_spec_version_id or pcb_spec_version_id). */
  versionId: string;
  companyId: string;
  companyName: string;
  number: string;
  version: number;
}

/** A line of the version's BOM to pin a query to. */
export interface RaiseBomLine {
  id: string;
  position: number;
  designators: string[];
  label: string;
}

/**
 * The designators a query on an assembly version may name: those of its BOM's lines and of its
 * placements, upper-case, each once, in natural order (C2 before C10).
 */
export function raiseDesignators(
  lines: readonly { designators: readonly string[] }[],
  placed: readonly string[],
) {
  const all = new Set<string>();
  for (const line of lines) for (const designator of line.designators) all.add(designator.toUpperCase());
  for (const designator of placed) all.add(designator.toUpperCase());
  const collator = new Intl.Collator("en", { numeric: true });
  return [...all].filter((designator) => designator !== "").sort(collator.compare);
}

/** The designators whose name holds what was typed (case ignored); all when nothing was typed. */
export function matchDesignators(designators: readonly string[], typed: string): string[] {
  const wanted = typed.trim().toUpperCase();
  return wanted === "" ? [...designators] : designators.filter((designator) => designator.includes(wanted));
}

/**
 * Staff cannot read a customer's storage limits, so the API decides (UPLOAD_MAX_BYTES, the quota)
 * and these words say why it refused a file, about the customer's space rather than the caller's.
 */
const UPLOAD_ERRORS = {
  FILE_TOO_LARGE: "staff_eq.upload_error_too_large",
  QUOTA_EXCEEDED: "staff_eq.upload_error_quota",
  FILE_CONTENT_REFUSED: "staff_eq.upload_error_content",
};

/** The API's refusals this form words itself (beside the field the API names). */
const KNOWN = {
  NOT_FOUND: "staff_eq.raise_error_not_found",
  VALIDATION_ERROR: "staff_eq.raise_error_location",
};

/**
 * "Raise engineering query" on a version of a customer's assembly (or PCB) specification: the
 * title, the question, the designators, BOM lines and points on the board (`board`, the version's
 * drawing as the customer sees it) it is about (none: the whole board), answers
 * to choose from and files, uploaded straight into the customer's file share (tus, purpose share,
 * company_id; ADR 0020). Posts `intent=query_raise` to the page's action; the customer is mailed.
 */
export function RaiseQueryDialog({
  subject,
  designators,
  bomLines,
  board,
  locale,
}: {
  subject: RaiseSubject;
  designators: readonly string[];
  bomLines: readonly RaiseBomLine[];
  board: QueryBoardSource | null;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  // A new form each time the dialog opens.
  const [round, setRound] = useState(0);
  return (
    <>
      <Button
        size="sm"
        onClick={() => {
          setRound((n) => n + 1);
          setOpen(true);
        }}
      >
        <MessageCircleQuestionMark aria-hidden="true" className="size-4" />
        {i18n._("staff_eq.raise")}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={i18n._("staff_eq.raise_title")}
        description={i18n._("staff_eq.raise_intro", {
          kind: subject.kind,
          number: subject.number,
          version: subject.version,
          company: subject.companyName,
        })}
        closeLabel={i18n._("staff.close")}
        size="lg"
      >
        <RaiseForm
          key={round}
          subject={subject}
          designators={designators}
          bomLines={bomLines}
          board={board}
          locale={locale}
          onClose={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}

function RaiseForm({
  subject,
  designators,
  bomLines,
  board,
  locale,
  onClose,
}: {
  subject: RaiseSubject;
  designators: readonly string[];
  bomLines: readonly RaiseBomLine[];
  board: QueryBoardSource | null;
  locale: Locale;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const ids = useId();
  const [typed, setTyped] = useState("");
  const [attached, setAttached] = useState<UploadedFile[]>([]);
  const [uploadRound, setUploadRound] = useState(0);
  const [uploading, setUploading] = useState(false);
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm({
    schema: queryRaiseSchema,
    id: `raise-${subject.versionId}`,
    onDone: (query?: QueryDetail) => {
      if (query)
        showToast({ title: i18n._("staff_eq.raised_toast", { number: query.number }), color: "success" });
      onClose();
    },
  });
  const location = fields.location.getFieldset();
  const options = fields.options.getFieldList();
  const shown = useMemo(() => matchDesignators(designators, typed), [designators, typed]);
  const versionField = subject.kind === "assembly" ? "assembly_spec_version_id" : "pcb_spec_version_id";
  const locationErrors = [
    ...(location.designators.errors ?? []),
    ...Object.values(location.designators.allErrors).flat(),
    ...(location.bom_line_ids.errors ?? []),
  ];
  const pointErrors = [...(location.points.errors ?? []), ...Object.values(location.points.allErrors).flat()];
  const problem = formErrorText(i18n, formErrors, "staff_eq.action_failed", KNOWN);
  const attachmentsError = formErrorText(
    i18n,
    Object.values(fields.attachment_ids.allErrors).flat(),
    "staff_eq.raise_error_attachments",
    KNOWN,
  );
  return (
    <fetcher.Form method="post" {...getFormProps(form)} className="space-y-5">
      <IntentField intent="query_raise" />
      <input type="hidden" name={versionField} value={subject.versionId} />
      {problem ? <Alert variant="error">{problem}</Alert> : null}
      <FormField
        label={i18n._("staff_eq.field_title")}
        error={formErrorText(i18n, fields.title.errors, "staff_eq.raise_error_title")}
      >
        {(f) => (
          <Input
            {...getInputProps(fields.title, { type: "text" })}
            {...f}
            required
            maxLength={QUERY_LIMITS.titleMax}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField
        label={i18n._("staff_eq.field_description")}
        description={i18n._("staff_eq.field_description_hint")}
        error={formErrorText(i18n, fields.description.errors, "staff_eq.raise_error_description")}
      >
        {(f) => (
          <Textarea
            {...getTextareaProps(fields.description)}
            {...f}
            required
            rows={4}
            maxLength={QUERY_LIMITS.descriptionMax}
          />
        )}
      </FormField>

      {subject.kind === "assembly" ? (
        <fieldset className="space-y-2" aria-describedby={`${ids}-designators-hint`}>
          <legend className="text-sm font-semibold">{i18n._("staff_eq.field_designators")}</legend>
          <p id={`${ids}-designators-hint`} className={mutedClass}>
            {i18n._("staff_eq.designators_hint", { count: designators.length })}
          </p>
          {designators.length > 0 ? (
            <>
              <label className="block space-y-1 text-sm font-semibold">
                <span className="block">{i18n._("staff_eq.designators_find")}</span>
                <input
                  type="search"
                  value={typed}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  className={inputClassName}
                  autoComplete="off"
                />
              </label>
              <div className="max-h-44 overflow-y-auto rounded-lg border border-neutral-200 p-2 dark:border-neutral-800">
                <ul className="grid grid-cols-3 gap-1 sm:grid-cols-6">
                  {designators.map((designator) => (
                    // Hidden, not removed, when filtered out: a ticked box stays in the form.
                    <li key={designator} hidden={!shown.includes(designator)}>
                      <label className="flex min-h-6 items-center gap-1.5 text-sm">
                        <input
                          type="checkbox"
                          name={location.designators.name}
                          value={designator}
                          className="size-4 accent-primary-700"
                        />
                        {designator}
                      </label>
                    </li>
                  ))}
                </ul>
                {shown.length === 0 ? (
                  <p className={`p-2 ${mutedClass}`}>{i18n._("staff_eq.designators_none", { typed })}</p>
                ) : null}
              </div>
            </>
          ) : null}
          {locationErrors.length > 0 ? (
            <p className="text-sm font-medium text-red-700 dark:text-red-400">
              {formErrorText(i18n, locationErrors, "staff_eq.raise_error_location", KNOWN)}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <RaisePoints
        board={board}
        name={location.points.name}
        error={formErrorText(i18n, pointErrors, "staff_eq.raise_error_points")}
        locale={locale}
      />

      {bomLines.length > 0 ? (
        <details className="rounded-lg border border-neutral-200 p-3 dark:border-neutral-800">
          <summary className="cursor-pointer text-sm font-semibold">
            {i18n._("staff_eq.field_bom_lines")}
          </summary>
          <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto">
            {bomLines.map((line) => (
              <li key={line.id}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={location.bom_line_ids.name}
                    value={line.id}
                    className="mt-0.5 size-4 shrink-0 accent-primary-700"
                  />
                  <span className="break-words">
                    {i18n._("staff_eq.bom_line", {
                      position: line.position,
                      designators: line.designators.join(", ") || "—",
                      part: line.label,
                    })}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{i18n._("staff_eq.field_options")}</legend>
        <p className={mutedClass}>{i18n._("staff_eq.options_hint", { max: QUERY_LIMITS.optionsMax })}</p>
        {options.map((option, index) => (
          <div key={option.key} className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <FormField
                label={i18n._("staff_eq.option_label", { n: index + 1 })}
                error={formErrorText(i18n, option.errors, "staff_eq.raise_error_option")}
              >
                {(f) => (
                  <Input
                    {...getInputProps(option, { type: "text" })}
                    {...f}
                    maxLength={QUERY_LIMITS.optionMax}
                    autoComplete="off"
                  />
                )}
              </FormField>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="mt-7"
              aria-label={i18n._("staff_eq.option_remove", { n: index + 1 })}
              onClick={() => form.remove({ name: fields.options.name, index })}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ))}
        {fields.options.errors ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-400">
            {formErrorText(i18n, fields.options.errors, "staff_eq.raise_error_options")}
          </p>
        ) : null}
        {options.length < QUERY_LIMITS.optionsMax ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => form.insert({ name: fields.options.name, defaultValue: "" })}
          >
            <Plus aria-hidden="true" className="size-4" />
            {i18n._("staff_eq.option_add")}
          </Button>
        ) : null}
      </fieldset>

      <div className="space-y-2">
        {attached.length > 0 ? (
          <ul className="space-y-1 text-sm" aria-label={i18n._("staff_eq.attached")}>
            {attached.map((file) => (
              <li key={file.id} className="flex items-center gap-2">
                <input type="hidden" name={fields.attachment_ids.name} value={file.id} />
                <Paperclip aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
                <span className="min-w-0 flex-1 truncate">{file.name}</span>
                <span className={`${mutedClass} whitespace-nowrap`}>{formatFileSize(file.size, locale)}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={i18n._("staff_eq.attachment_remove", { name: file.name })}
                  onClick={() => setAttached((files) => files.filter((other) => other.id !== file.id))}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {attached.length < QUERY_LIMITS.attachmentsMax ? (
          <FileUpload
            key={uploadRound}
            purpose="share"
            metadata={{ company_id: subject.companyId }}
            accept="image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf"
            errorTexts={UPLOAD_ERRORS}
            label={i18n._("staff_eq.attachments_label")}
            hint={i18n._("staff_eq.attachments_hint", { company: subject.companyName })}
            onBusyChange={setUploading}
            onUploaded={(file) => {
              setAttached((files) =>
                files.some((other) => other.id === file.id) ? files : [...files, file],
              );
              setUploadRound((n) => n + 1);
            }}
          />
        ) : null}
        {attachmentsError ? (
          <p className="text-sm font-medium text-red-700 dark:text-red-400">{attachmentsError}</p>
        ) : null}
      </div>

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          {i18n._("staff_eq.cancel")}
        </Button>
        <Button type="submit" loading={busy} disabled={uploading}>
          {i18n._("staff_eq.raise_submit")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
