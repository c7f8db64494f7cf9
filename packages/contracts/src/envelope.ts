import { z } from "zod";

/**
 * The response wrapper of SPEC §3: every API answer, success or error, has this shape.
 * `message` is the human-readable text, `error` the machine code, `field` the input at fault.
 */
export const ERROR_DEFAULTS = {
  status: 500,
  message: "An unexpected error occurred",
  code: "UNKNOWN_ERROR",
} as const;

export const errorEnvelopeSchema = z
  .object({
    data: z.null(),
    status: z.number().int(),
    message: z.string(),
    error: z.string(),
    field: z.string().nullable(),
    otherData: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "ErrorEnvelope" });

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    data,
    status: z.number().int(),
    message: z.string(),
    error: z.null(),
    field: z.null(),
    otherData: z.record(z.string(), z.unknown()).nullable(),
  });
}

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
  methodNotAllowed: "METHOD_NOT_ALLOWED",
  rateLimited: "RATE_LIMITED",
  captchaInvalid: "CAPTCHA_INVALID",
  captchaUsed: "CAPTCHA_ALREADY_USED",
  notReady: "NOT_READY",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
