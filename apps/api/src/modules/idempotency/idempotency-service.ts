import { createHash } from "node:crypto";
import { ERROR_CODES } from "@ems/contracts/errors";
import type { Database } from "@ems/db/client";
import { AppError } from "../../lib/app-error.ts";
import { claimKey, findKey, releaseKey, storeAnswer, type KeyRef } from "./idempotency-repository.ts";

export type { KeyRef };

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** Answers are replayed for a day, as Stripe does: long enough for any client's retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A key without an answer after this long belongs to a request that died with its instance; a retry
 * may then run it again. Far above the slowest creation (the card gateway gives up after 20 s).
 */
export const IDEMPOTENCY_LEASE_MS = 2 * 60 * 1000;
/** What a client is told to wait while the first request with its key is still running. */
export const IN_USE_RETRY_AFTER_S = 1;

/** The IETF draft's limits for a key: printable ASCII, at most 255 characters. */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/**
 * The key of a request, or null when it sends none (the header is optional). The IETF draft sends
 * the key as a quoted structured-field string, Stripe's clients send it bare: both name the same key.
 */
export function parseIdempotencyKey(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  const raw = Array.isArray(value) ? value.join(", ") : value;
  const key = /^"[^"\\]+"$/.test(raw) ? raw.slice(1, -1) : raw;
  if (!KEY_PATTERN.test(key) || key.trim() === "")
    throw new AppError(
      400,
      ERROR_CODES.validation,
      `${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters`,
      { field: IDEMPOTENCY_HEADER },
    );
  return key;
}

/** JSON with object keys sorted, so the same request hashes the same whatever the key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** What makes two requests with one key "the same": path parameters, query and the validated body. */
export function requestFingerprint(request: { params: unknown; query: unknown; body: unknown }): string {
  const { params, query, body } = request;
  return createHash("sha256").update(canonicalJson({ params, query, body })).digest("hex");
}

export type IdempotentStart = { run: true } | { run: false; statusCode: number; body: unknown };

/**
 * Claims the key for this request (run it) or finds the answer to replay. The same key with another
 * request answers 422; while its first request still runs, 409 with a time to retry.
 */
export async function startIdempotent(
  db: Database,
  request: KeyRef & { route: string; requestHash: string },
): Promise<IdempotentStart> {
  // A key released or expired between the two statements is simply claimed again; twice is plenty.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await claimKey(db, { ...request, ttlMs: IDEMPOTENCY_TTL_MS, leaseMs: IDEMPOTENCY_LEASE_MS }))
      return { run: true };
    const stored = await findKey(db, request);
    if (!stored) continue;
    if (stored.route !== request.route || stored.requestHash !== request.requestHash)
      throw new AppError(
        422,
        ERROR_CODES.idempotencyKeyReused,
        `This ${IDEMPOTENCY_HEADER} was used for a different request; send a new key for a new request`,
        { field: IDEMPOTENCY_HEADER },
      );
    if (stored.statusCode !== null)
      return { run: false, statusCode: stored.statusCode, body: stored.responseBody };
    break;
  }
  throw new AppError(
    409,
    ERROR_CODES.idempotencyKeyInUse,
    `A request with this ${IDEMPOTENCY_HEADER} is still being processed; retry in a moment`,
    { field: IDEMPOTENCY_HEADER, otherData: { retryAfterSeconds: IN_USE_RETRY_AFTER_S } },
  );
}

/**
 * Answers that a retry would get again are kept: success and the client's own errors. Server errors
 * and throttling (429, 408) say nothing about the request itself, so the key is let go and a retry runs.
 */
export function isFinalAnswer(statusCode: number): boolean {
  if (statusCode >= 200 && statusCode < 300) return true;
  return statusCode >= 400 && statusCode < 500 && statusCode !== 408 && statusCode !== 429;
}

function parseJson(payload: unknown): unknown {
  if (typeof payload !== "string") return undefined;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}

/** Stores the answer for replays, or releases the key when the answer is not final or not JSON. */
export async function finishIdempotent(
  db: Database,
  ref: KeyRef,
  answer: { statusCode: number; payload: unknown },
): Promise<void> {
  const body = isFinalAnswer(answer.statusCode) ? parseJson(answer.payload) : undefined;
  if (body === undefined) await releaseKey(db, ref);
  else await storeAnswer(db, ref, { statusCode: answer.statusCode, body });
}
