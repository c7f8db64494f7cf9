/**
 * The response wrapper (docs/behaviour/data.md#response-envelope) and its error defaults and codes, without any schema library,
 * so the browser bundle can use them for nothing. The zod schemas are in ./envelope.ts.
 */
export const ERROR_DEFAULTS = {
  status: 500,
  message: "An unexpected error occurred",
  code: "UNKNOWN_ERROR",
} as const;

export interface Envelope<T> {
  data: T;
  status: number;
  message: string;
  error: string | null;
  field: string | null;
  otherData: Record<string, unknown> | null;
}

/** Machine codes of errors the API answers with; clients switch on these, never on message text. */
export const ERROR_CODES = {
  unknown: "UNKNOWN_ERROR",
  validation: "VALIDATION_ERROR",
  malformedJson: "MALFORMED_JSON",
  unsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
  payloadTooLarge: "PAYLOAD_TOO_LARGE",
  notFound: "NOT_FOUND",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  methodNotAllowed: "METHOD_NOT_ALLOWED",
  rateLimited: "RATE_LIMITED",
  captchaInvalid: "CAPTCHA_INVALID",
  captchaUsed: "CAPTCHA_ALREADY_USED",
  /** A sign-in from a client without this account's device cookie, after many attempts (field: captcha). */
  captchaRequired: "CAPTCHA_REQUIRED",
  notReady: "NOT_READY",
  conflict: "CONFLICT",
  csrfRejected: "CSRF_REJECTED",
  /** Idempotency-Key (issue 15): the key named another request, or its first request still runs. */
  idempotencyKeyReused: "IDEMPOTENCY_KEY_REUSED",
  idempotencyKeyInUse: "IDEMPOTENCY_KEY_IN_USE",
  /** Sign-in: the client maps these to login_page.* and otp_page.* messages. */
  invalidCredentials: "INVALID_CREDENTIALS",
  noAcceptedRoles: "user_has_no_accepted_roles",
  accountLocked: "ACCOUNT_LOCKED",
  loginSessionExpired: "LOGIN_SESSION_EXPIRED",
  otpVerificationFailed: "OTP_VERIFICATION_FAILED",
  /** Files (issue 17): an upload over UPLOAD_MAX_BYTES (413). */
  fileTooLarge: "FILE_TOO_LARGE",
  /** An upload that would take the company over its storage quota (413); otherData says how much is left. */
  quotaExceeded: "QUOTA_EXCEEDED",
  /** An upload whose content its purpose does not allow, such as a Gerber upload that is no zip archive (422). */
  fileContentRefused: "FILE_CONTENT_REFUSED",
  /** A resumable upload past its 24 hours (410): start a new one. */
  uploadExpired: "UPLOAD_EXPIRED",
  /** A byte range that does not lie within the file (416). */
  rangeNotSatisfiable: "RANGE_NOT_SATISFIABLE",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
