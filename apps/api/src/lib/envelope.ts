import type { ErrorEnvelope } from "@ems/contracts/envelope";
import type { Envelope } from "@ems/contracts/errors";

export type SuccessEnvelope<T> = Envelope<T> & { error: null; field: null };

/** Wraps a successful result in the envelope (docs/behaviour/data.md#response-envelope). */
export function ok<T>(
  data: T,
  status = 200,
  message = "OK",
  otherData: Record<string, unknown> | null = null,
): SuccessEnvelope<T> {
  return { data, status, message, error: null, field: null, otherData };
}

export function errorEnvelope(
  status: number,
  code: string,
  message: string,
  field: string | null = null,
  otherData: Record<string, unknown> | null = null,
): ErrorEnvelope {
  return { data: null, status, message, error: code, field, otherData };
}
