import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "@ems/db/client";
import { idempotencyKeys } from "@ems/db/schema";

export interface KeyRef {
  scope: string;
  key: string;
}

export interface KeyClaim extends KeyRef {
  route: string;
  requestHash: string;
  /** How long the answer is kept for replays. */
  ttlMs: number;
  /** After this long without an answer, the first request is taken for dead (a crashed instance). */
  leaseMs: number;
}

export interface StoredKey {
  route: string;
  requestHash: string;
  /** null while the first request is still running. */
  statusCode: number | null;
  responseBody: unknown;
}

/** Expired keys removed per claim: enough to keep up with any load, small enough to cost nothing. */
const PURGE_BATCH = 100;

/**
 * Takes the key for this request in one statement, so of two concurrent requests exactly one wins.
 * An expired key, or one whose identical request was abandoned past its lease, is taken over.
 * Returns false when someone else holds the key (look at it with findKey).
 */
export async function claimKey(db: Database, claim: KeyClaim): Promise<boolean> {
  // Bounded, and on the expires_at index: the table never holds much more than a day of keys.
  await db.execute(sql`
    delete from ${idempotencyKeys}
    where (scope, key) in (
      select scope, key from ${idempotencyKeys}
      where expires_at <= now() order by expires_at limit ${PURGE_BATCH})`);

  const rows = await db
    .insert(idempotencyKeys)
    .values({
      scope: claim.scope,
      key: claim.key,
      route: claim.route,
      requestHash: claim.requestHash,
      statusCode: null,
      responseBody: null,
      expiresAt: sql`now() + ${claim.ttlMs} * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: {
        route: sql`excluded.route`,
        requestHash: sql`excluded.request_hash`,
        statusCode: null,
        responseBody: null,
        createdAt: sql`now()`,
        expiresAt: sql`excluded.expires_at`,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= now() or (
        ${idempotencyKeys.statusCode} is null
        and ${idempotencyKeys.createdAt} <= now() - ${claim.leaseMs} * interval '1 millisecond'
        and ${idempotencyKeys.route} = excluded.route
        and ${idempotencyKeys.requestHash} = excluded.request_hash)`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** The key as stored, unless it has expired. */
export async function findKey(db: Database, ref: KeyRef): Promise<StoredKey | null> {
  const [row] = await db
    .select({
      route: idempotencyKeys.route,
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, ref.scope),
        eq(idempotencyKeys.key, ref.key),
        sql`${idempotencyKeys.expiresAt} > now()`,
      ),
    );
  return row ?? null;
}

/** Keeps the final answer of the request that holds the key, for its retries. */
export async function storeAnswer(
  db: Database,
  ref: KeyRef,
  answer: { statusCode: number; body: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, responseBody: answer.body })
    .where(
      and(
        eq(idempotencyKeys.scope, ref.scope),
        eq(idempotencyKeys.key, ref.key),
        isNull(idempotencyKeys.statusCode),
      ),
    );
}

/** Lets the key go without an answer (a server error), so a retry runs the request again. */
export async function releaseKey(db: Database, ref: KeyRef): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.scope, ref.scope),
        eq(idempotencyKeys.key, ref.key),
        isNull(idempotencyKeys.statusCode),
      ),
    );
}
