import { ERROR_CODES, ERROR_DEFAULTS } from "@ems/contracts/errors";

/** An error that knows its HTTP status and envelope code; the error handler answers with it as is. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | null;
  readonly otherData: Record<string, unknown> | null;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { field?: string; otherData?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.status = status;
    this.code = code;
    this.field = options.field ?? null;
    this.otherData = options.otherData ?? null;
  }
}

export const notFound = (message = "Not found") => new AppError(404, ERROR_CODES.notFound, message);
export const badRequest = (code: string, message: string, field?: string) =>
  new AppError(400, code, message, field === undefined ? {} : { field });
export const unexpected = () =>
  new AppError(ERROR_DEFAULTS.status, ERROR_DEFAULTS.code, ERROR_DEFAULTS.message);
