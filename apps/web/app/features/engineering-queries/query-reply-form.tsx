import { getFormProps, getTextareaProps } from "@conform-to/react";
import { useLingui } from "@lingui/react";
import { ERROR_CODES } from "@ems/contracts/errors";
import { QUERY_LIMITS, type QueryDetail, type QueryStatus } from "@ems/contracts/engineering-queries";
import { formatFileSize } from "@ems/i18n/format";
import { Paperclip, Send, X } from "lucide-react";
import { useId, useState } from "react";

import { FileUpload, type UploadedFile } from "~/components/file-upload";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField, IntentField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { formErrorText } from "~/lib/form-errors";
import { useFetcherForm } from "~/lib/use-fetcher-form";
import { useLocale } from "~/lib/use-locale";

import { ANSWER_REQUIRED, QUERY_ATTACHMENT_ACCEPT, QUERY_REPLY_INTENT, queryReplyForm } from "./query-form";
import { isReplyable } from "./query-helpers";

/** What a refusal of the answer says, by code. */
const REPLY_ERRORS: Record<string, string> = {
  [ANSWER_REQUIRED]: "eq.reply_error_answer_required",
  [ERROR_CODES.notFound]: "eq.reply_error_file",
};

/** Without offered answers the customer's own words are the only answer: the refusal asks for them. */
const REPLY_ERRORS_NO_OPTIONS: Record<string, string> = {
  ...REPLY_ERRORS,
  [ANSWER_REQUIRED]: "eq.reply_error_write",
};

/** The upload's refusal of a type the query takes not, in the query's words. */
const UPLOAD_ERRORS: Record<string, string> = {
  [ERROR_CODES.fileContentRefused]: "eq.upload_error_content",
};

/**
 * The answer to one query: one of the offered answers (a radio group, none checked at first) and/or
 * the customer's own words, and files uploaded resumably one after another (purpose `query`), posted with the version
 * the query was read at. When someone else answered or staff closed it meanwhile (409), the form
 * says so; the page has its new state by then (the router loads it again after every post).
 */
export function QueryReplyForm({ query, uploadMaxBytes }: { query: QueryDetail; uploadMaxBytes: number }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const headingId = useId();
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [round, setRound] = useState(0);
  const [uploading, setUploading] = useState(false);
  const { fetcher, form, fields, busy, formErrors } = useFetcherForm<
    typeof queryReplyForm,
    { number: string; status: QueryStatus }
  >({
    schema: queryReplyForm,
    id: `query-reply-${query.id}`,
    success: i18n._("eq.reply_sent", { number: query.number }),
    onDone: () => {
      setFiles([]);
      setRound((r) => r + 1);
    },
  });
  const conflict = formErrors?.includes(ERROR_CODES.conflict) && fetcher.state === "idle";
  const conflictStatus = fetcher.data?.otherData?.status;
  const conflictNotice = conflict ? (
    <Alert
      variant="warning"
      title={i18n._(
        conflictStatus === "closed" || conflictStatus === "withdrawn"
          ? "eq.conflict_closed_title"
          : "eq.conflict_answered_title",
      )}
    >
      {i18n._(
        conflictStatus === "closed" || conflictStatus === "withdrawn"
          ? "eq.conflict_closed"
          : "eq.conflict_answered",
      )}
    </Alert>
  ) : null;
  // Closed or withdrawn meanwhile: only the reason the answer did not go through is left.
  if (!isReplyable(query.status)) return conflictNotice;

  const otherError = conflict ? undefined : formErrorText(i18n, formErrors, "eq.reply_failed", REPLY_ERRORS);
  const bodyError = formErrorText(
    i18n,
    fields.body.errors,
    "eq.reply_error_body",
    query.options.length > 0 ? REPLY_ERRORS : REPLY_ERRORS_NO_OPTIONS,
  );
  const optionError = formErrorText(i18n, fields.option_index.errors, "eq.reply_error_option", REPLY_ERRORS);
  const filesError = formErrorText(
    i18n,
    Object.entries(form.allErrors)
      .filter(([name]) => name.startsWith(fields.attachment_ids.name))
      .flatMap(([, codes]) => codes),
    "eq.reply_error_file",
    REPLY_ERRORS,
  );
  const full = files.length >= QUERY_LIMITS.attachmentsMax;

  return (
    <fetcher.Form
      method="post"
      {...getFormProps(form)}
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-neutral-200 p-4 dark:border-neutral-700"
    >
      <h5 id={headingId} className="font-semibold">
        {i18n._("eq.reply_heading", { number: query.number })}
      </h5>
      <IntentField intent={QUERY_REPLY_INTENT} />
      <input type="hidden" name={fields.query_id.name} value={query.id} />
      <input type="hidden" name={fields.expected_version.name} value={query.version} />
      {conflictNotice}
      {otherError ? <Alert variant="error">{otherError}</Alert> : null}
      {query.options.length > 0 ? (
        <fieldset className="space-y-2" aria-describedby={optionError ? `${headingId}-option` : undefined}>
          <legend className="text-sm font-semibold">{i18n._("eq.reply_options")}</legend>
          {query.options.map((option, index) => (
            <label key={index} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={fields.option_index.name}
                value={index}
                className="mt-0.5 size-4 accent-primary-700"
              />
              <span className="break-words">{option}</span>
            </label>
          ))}
          <label className="flex items-start gap-2 text-sm">
            {/* Not checked at first: the customer picks an answer or writes one, nothing is assumed.
                It is there to take back an offered answer once one was picked. */}
            <input
              type="radio"
              name={fields.option_index.name}
              value=""
              className="mt-0.5 size-4 accent-primary-700"
            />
            <span>{i18n._("eq.reply_option_none")}</span>
          </label>
          {optionError ? (
            <p id={`${headingId}-option`} className="text-sm font-medium text-red-700 dark:text-red-400">
              {optionError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <FormField
        label={i18n._("eq.reply_body")}
        description={i18n._(query.options.length > 0 ? "eq.reply_body_hint_options" : "eq.reply_body_hint")}
        error={bodyError}
      >
        {(f) => (
          <Textarea {...getTextareaProps(fields.body)} {...f} rows={4} maxLength={QUERY_LIMITS.replyMax} />
        )}
      </FormField>

      {files.map((file, index) => (
        <input key={file.id} type="hidden" name={`${fields.attachment_ids.name}[${index}]`} value={file.id} />
      ))}
      {files.length > 0 ? (
        <ul aria-label={i18n._("eq.reply_files")} className="space-y-1">
          {files.map((file) => (
            <li
              key={file.id}
              className="flex items-center gap-2 rounded-md border border-neutral-200 px-2 py-1 text-sm dark:border-neutral-700"
            >
              <Paperclip aria-hidden="true" className="size-4 shrink-0" />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <span className="shrink-0 text-neutral-700 tabular-nums dark:text-neutral-300">
                {formatFileSize(file.size, locale)}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={i18n._("eq.reply_file_remove", { name: file.name })}
                onClick={() => setFiles((all) => all.filter((f) => f.id !== file.id))}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {filesError ? <p className="text-sm font-medium text-red-700 dark:text-red-400">{filesError}</p> : null}
      {uploadMaxBytes > 0 && !full ? (
        <FileUpload
          key={round}
          purpose="query"
          accept={QUERY_ATTACHMENT_ACCEPT}
          maxBytes={uploadMaxBytes}
          label={i18n._("eq.reply_attach")}
          hint={i18n._("eq.reply_attach_hint", {
            max: QUERY_LIMITS.attachmentsMax,
            size: formatFileSize(uploadMaxBytes, locale),
          })}
          errorTexts={UPLOAD_ERRORS}
          onBusyChange={setUploading}
          onUploaded={(file) => {
            setFiles((all) => (all.some((f) => f.id === file.id) ? all : [...all, file]));
            setRound((r) => r + 1);
            setUploading(false);
          }}
        />
      ) : null}

      <Button type="submit" loading={busy} disabled={uploading}>
        <Send aria-hidden="true" className="size-4" />
        {i18n._("eq.reply_submit")}
      </Button>
    </fetcher.Form>
  );
}
