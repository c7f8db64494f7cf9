import { useLingui } from "@lingui/react";
import { CircleCheck, FolderOpen, Pause, Play, RotateCcw, Upload, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { ERROR_CODES } from "@ems/contracts/errors";
import type { FilePurpose } from "@ems/contracts/files";
import { formatFileSize } from "@ems/i18n/format";

import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { ResumableUpload, type UploadState } from "~/lib/resumable-upload";
import { useLocale } from "~/lib/use-locale";

/** A file that reached the server: its id names it to the API from now on. */
export interface UploadedFile {
  id: string;
  name: string;
  size: number;
}

export interface FileUploadProps {
  purpose: FilePurpose;
  /** Further upload metadata of the purpose: a share upload's `folder_id`, a staff upload's `company_id`. */
  metadata?: Readonly<Record<string, string>>;
  /** What the file chooser offers (`.zip,application/zip`). */
  accept: string;
  /**
   * The largest file the server takes (FileUsage.upload_max_bytes); larger ones are refused here.
   * None when the page cannot know it (staff sharing into a customer's space): the server refuses.
   */
  maxBytes?: number;
  /** Catalog keys by error code that word this use's refusals instead of the Gerber upload's texts. */
  errorTexts?: Readonly<Record<string, string>>;
  /** The visible name of the drop area, e.g. "Gerber files". */
  label: string;
  /** What may be dropped, e.g. "One zip archive with all layers and drill files, up to 200 MB". */
  hint: string;
  onUploaded: (file: UploadedFile) => void;
  /** The chosen file was removed before or after it arrived. */
  onRemoved?: () => void;
  /** Whether a file is on its way (started, paused or retrying), so a form can wait for it. */
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
}

interface Row {
  file: File;
  state: UploadState;
  upload: ResumableUpload | null;
}

const ERROR_TEXTS: Record<string, string> = {
  [ERROR_CODES.fileTooLarge]: "upload.error_too_large",
  [ERROR_CODES.quotaExceeded]: "upload.error_quota",
  [ERROR_CODES.fileContentRefused]: "upload.error_content",
  [ERROR_CODES.uploadExpired]: "upload.error_expired",
  [ERROR_CODES.unauthorized]: "upload.error_signed_out",
  [ERROR_CODES.forbidden]: "upload.error_forbidden",
  NETWORK_ERROR: "upload.error_network",
};

/**
 * One file into the API's resumable uploads: dropped or chosen, sent with a progress bar, paused and
 * resumed, retried after a dropped connection from where it stopped, refused with a reason. The parent
 * learns the stored file's id once the last byte arrived.
 */
export function FileUpload({
  purpose,
  metadata,
  accept,
  maxBytes,
  errorTexts,
  label,
  hint,
  onUploaded,
  onRemoved,
  onBusyChange,
  disabled = false,
}: FileUploadProps) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [row, setRow] = useState<Row | null>(null);
  const [dragging, setDragging] = useState(false);
  // The upload reports to the latest callback, not the one of the render that started it.
  const uploadedRef = useRef(onUploaded);
  const busyRef = useRef(onBusyChange);
  useEffect(() => {
    uploadedRef.current = onUploaded;
    busyRef.current = onBusyChange;
  }, [onUploaded, onBusyChange]);

  // Leaving the page pauses the upload; what arrived stays on the server for the next try.
  useEffect(() => () => void row?.upload?.pause(), [row?.upload]);

  const choose = (file: File | undefined) => {
    if (!file || disabled) return;
    void row?.upload?.cancel();
    const tooLarge = maxBytes !== undefined && file.size > maxBytes;
    const state: UploadState = {
      phase: tooLarge ? "failed" : "paused",
      sent: 0,
      total: file.size,
      fileId: null,
      errorCode: tooLarge ? ERROR_CODES.fileTooLarge : null,
    };
    if (tooLarge) {
      setRow({ file, state, upload: null });
      return;
    }
    const upload = new ResumableUpload(file, {
      purpose,
      ...(metadata ? { metadata } : {}),
      onChange: (next) => {
        setRow((current) => (current?.upload === upload ? { ...current, state: next } : current));
        if (next.phase === "done" && next.fileId) {
          uploadedRef.current({ id: next.fileId, name: file.name, size: file.size });
        }
        if (next.phase === "done" || next.phase === "failed") busyRef.current?.(false);
      },
    });
    setRow({ file, state, upload });
    onBusyChange?.(true);
    void upload.start();
  };

  const remove = () => {
    void row?.upload?.cancel();
    setRow(null);
    if (inputRef.current) inputRef.current.value = "";
    onBusyChange?.(false);
    onRemoved?.();
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const size = (bytes: number) => formatFileSize(bytes, locale);
  const state = row?.state;
  const percent = state && state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0;

  return (
    <div role="group" aria-labelledby={labelId} className="space-y-3">
      <p id={labelId} className="text-sm font-medium">
        {label}
      </p>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(event) => choose(event.currentTarget.files?.[0])}
      />
      {!row ? (
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center",
            dragging
              ? "border-primary-600 bg-primary-50 dark:bg-primary-950"
              : "border-neutral-300 dark:border-neutral-700",
          )}
        >
          <Upload aria-hidden="true" className="size-8 text-neutral-500" />
          <p className="text-sm text-neutral-700 dark:text-neutral-300">{hint}</p>
          <Button
            type="button"
            variant="outline"
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
          >
            <FolderOpen aria-hidden="true" className="size-4" />
            {i18n._("upload.choose")}
          </Button>
        </div>
      ) : (
        <div className="space-y-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-700">
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium" title={row.file.name}>
                {row.file.name}
              </p>
              <p className="text-xs text-neutral-700 tabular-nums dark:text-neutral-300" aria-live="polite">
                {state?.phase === "done"
                  ? i18n._("upload.done", { size: size(row.file.size) })
                  : state?.phase === "failed"
                    ? i18n._("upload.failed")
                    : i18n._(`upload.phase_${state?.phase ?? "paused"}`, {
                        percent,
                        sent: size(state?.sent ?? 0),
                        total: size(row.file.size),
                      })}
              </p>
            </div>
            <div className="flex shrink-0 gap-1">
              {state?.phase === "uploading" || state?.phase === "retrying" ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={i18n._("upload.pause")}
                  onClick={() => void row.upload?.pause()}
                >
                  <Pause aria-hidden="true" className="size-4" />
                </Button>
              ) : null}
              {state?.phase === "paused" && row.upload ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={i18n._("upload.resume")}
                  onClick={() => void row.upload?.start()}
                >
                  <Play aria-hidden="true" className="size-4" />
                </Button>
              ) : null}
              {state?.phase === "failed" && row.upload && state.errorCode === "NETWORK_ERROR" ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={i18n._("upload.retry")}
                  onClick={() => void row.upload?.start()}
                >
                  <RotateCcw aria-hidden="true" className="size-4" />
                </Button>
              ) : null}
              {state?.phase === "done" ? (
                <CircleCheck
                  aria-hidden="true"
                  className="m-3 size-4 text-primary-700 dark:text-primary-400"
                />
              ) : null}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={i18n._("upload.remove", { name: row.file.name })}
                onClick={remove}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </div>
          <div
            role="progressbar"
            aria-label={i18n._("upload.progress", { name: row.file.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700"
          >
            <div
              className={cn(
                "h-full rounded-full transition-[width]",
                state?.phase === "failed" ? "bg-red-600" : "bg-primary-600 dark:bg-primary-400",
              )}
              style={{ width: `${percent}%` }}
            />
          </div>
          {state?.phase === "failed" ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {i18n._(
                errorTexts?.[state.errorCode ?? ""] ??
                  ERROR_TEXTS[state.errorCode ?? ""] ??
                  "upload.error_unknown",
                { max: maxBytes === undefined ? "" : size(maxBytes) },
              )}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
