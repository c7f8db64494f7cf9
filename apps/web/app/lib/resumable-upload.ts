import { Upload, type DetailedError, type HttpStack, type UploadOptions } from "tus-js-client";
import { ERROR_CODES } from "@ems/contracts/errors";
import { UPLOADS, type FilePurpose } from "@ems/contracts/files";

/**
 * One file on its way to the API's resumable uploads (tus, UPLOADS.path), for every upload of the
 * portal: Gerber zips now, BOMs, pick-and-place files and the file share later. The browser keeps
 * the upload's address (local storage, by the file's name, size, date and purpose), so the same file
 * chosen again after a dropped connection, a closed tab or a pause goes on from the last byte the
 * server has instead of starting over.
 */

export type UploadPhase = "uploading" | "paused" | "retrying" | "done" | "failed";

export interface UploadState {
  phase: UploadPhase;
  /** Bytes the server has confirmed or that are on their way. */
  sent: number;
  total: number;
  /** The stored file's id, once the last byte arrived (phase "done"). */
  fileId: string | null;
  /** An API error code (FILE_TOO_LARGE, QUOTA_EXCEEDED, FILE_CONTENT_REFUSED …) or NETWORK_ERROR. */
  errorCode: string | null;
}

/** A failure without an answer from the server: offline, a dropped connection, a timeout. */
export const NETWORK_ERROR = "NETWORK_ERROR";

/** Waits between attempts after a dropped connection or a server error, then gives up. */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

/**
 * Bytes per PATCH request. Smaller requests resume with less lost after a drop and pass proxies
 * with a body limit; bigger ones cost fewer round trips. 16 MiB is a few seconds on a slow office line.
 */
export const CHUNK_BYTES = 16 * 1024 * 1024;

export interface ResumableUploadOptions {
  purpose: FilePurpose;
  /**
   * Further `Upload-Metadata` keys of the purpose (a share upload's `folder_id`, a staff upload's
   * `company_id`); they are part of the fingerprint, so the same file for another folder is another upload.
   */
  metadata?: Readonly<Record<string, string>>;
  onChange: (state: UploadState) => void;
  /** For tests: where the uploads go and how requests are made. */
  endpoint?: string;
  httpStack?: HttpStack;
  retryDelays?: number[];
  chunkSize?: number;
}

/** The API's error code in a failed upload's answer, or NETWORK_ERROR when there was no answer. */
export function uploadErrorCode(error: unknown): string {
  const response = (error as Partial<DetailedError> | null)?.originalResponse;
  if (!response) return NETWORK_ERROR;
  try {
    const body = JSON.parse(response.getBody()) as { error?: unknown };
    if (typeof body.error === "string" && body.error !== "") return body.error;
  } catch {
    // Not the API's envelope (a proxy's error page): the status decides below.
  }
  const status = response.getStatus();
  if (status === 413) return ERROR_CODES.fileTooLarge;
  if (status === 410) return ERROR_CODES.uploadExpired;
  return status >= 500 || status === 0 ? NETWORK_ERROR : ERROR_CODES.unknown;
}

/**
 * Whether a failed request is worth repeating: no answer, a server error, or tus's "the upload is
 * busy or moved on" (409, 423). Refusals (too large, over quota, wrong content) are final.
 */
export function isRetryable(error: unknown): boolean {
  const status = (error as Partial<DetailedError> | null)?.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

export class ResumableUpload {
  private readonly upload: Upload;
  private state: UploadState;

  constructor(
    file: File,
    private readonly options: ResumableUploadOptions,
  ) {
    this.state = { phase: "paused", sent: 0, total: file.size, fileId: null, errorCode: null };
    const settings: UploadOptions = {
      endpoint: options.endpoint ?? UPLOADS.path,
      metadata: { ...options.metadata, filename: file.name, purpose: options.purpose },
      chunkSize: options.chunkSize ?? CHUNK_BYTES,
      retryDelays: options.retryDelays ?? RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      // The same file for another purpose (or folder, or customer) is another upload.
      fingerprint: async (input: File) =>
        [
          "ems-upload",
          options.purpose,
          ...Object.entries(options.metadata ?? {})
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, value]) => `${key}=${value}`),
          input.name,
          input.type,
          input.size,
          input.lastModified,
        ].join("/"),
      // Progress of a request being aborted by a pause still counts, but does not undo the pause.
      onProgress: (sent, total) =>
        this.set({ phase: this.state.phase === "paused" ? "paused" : "uploading", sent, total }),
      onShouldRetry: (error) => {
        const retry = isRetryable(error);
        if (retry) this.set({ phase: "retrying" });
        return retry;
      },
      onSuccess: ({ lastResponse }) => {
        const fileId = lastResponse.getHeader(UPLOADS.fileIdHeader) ?? null;
        this.set(
          fileId
            ? { phase: "done", sent: this.state.total, fileId, errorCode: null }
            : { phase: "failed", errorCode: ERROR_CODES.unknown },
        );
      },
      onError: (error) => this.set({ phase: "failed", errorCode: uploadErrorCode(error) }),
    };
    if (options.httpStack) settings.httpStack = options.httpStack;
    this.upload = new Upload(file, settings);
  }

  get current(): UploadState {
    return this.state;
  }

  /** Starts, or goes on from the last byte the server has for this file (also after a reload). */
  async start(): Promise<void> {
    if (this.state.phase === "done" || this.state.phase === "uploading") return;
    this.set({ phase: "uploading", errorCode: null });
    const previous = await this.upload.findPreviousUploads();
    const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
    if (latest) this.upload.resumeFromPreviousUpload(latest);
    this.upload.start();
  }

  /** Stops sending; what arrived stays on the server for `start` to go on from. */
  async pause(): Promise<void> {
    if (this.state.phase !== "uploading" && this.state.phase !== "retrying") return;
    this.set({ phase: "paused" });
    await this.upload.abort(false);
  }

  /** Stops and asks the server to throw away what arrived. */
  async cancel(): Promise<void> {
    if (this.state.phase === "done") return;
    this.set({ phase: "paused" });
    await this.upload.abort(true).catch(() => undefined);
  }

  private set(change: Partial<UploadState>): void {
    this.state = { ...this.state, ...change };
    this.options.onChange(this.state);
  }
}
