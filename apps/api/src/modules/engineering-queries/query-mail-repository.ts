import { and, asc, count, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import {
  assemblySpecVersions,
  assemblySpecs,
  companies,
  engineeringQueries,
  engineeringQueryFiles,
  engineeringQueryMessages,
  pcbSpecVersions,
  pcbSpecs,
  salesOrderLines,
  salesOrders,
} from "@ems/db/schema";
import type { QueryMessageKind, QuerySide } from "@ems/contracts/engineering-queries";

/**
 * What the engineering-query mails read and write: the query with what it is about, the thread
 * entry a mail reports, the orders it holds, and the reminder bookkeeping. Kept apart from the
 * module's main repository so the mails depend on nothing but the tables.
 */

export type QueryRow = typeof engineeringQueries.$inferSelect;

/** The specification version a query is about, as its mails name it. */
export interface QuerySubject {
  kind: "assembly" | "pcb";
  /** The specification's id (the portal's sheets open by it). */
  specId: string;
  /** PCBA-… or PCB-… */
  number: string;
  version: number;
  /** The name the customer gave the design. */
  name: string;
}

export interface QueryForMail {
  query: QueryRow;
  companyName: string;
  subject: QuerySubject;
}

const designName = (fields: Record<string, unknown> | null) =>
  typeof fields?.name === "string" ? fields.name : "";

/** The query with its company and specification version; null when it does not exist. */
export async function findQueryForMail(db: Executor, queryId: string): Promise<QueryForMail | null> {
  const [row] = await db
    .select({
      query: engineeringQueries,
      companyName: companies.name,
      assemblySpecId: assemblySpecs.id,
      assemblyNumber: assemblySpecs.number,
      assemblyVersion: assemblySpecVersions.version,
      assemblyFields: assemblySpecVersions.fields,
      pcbSpecId: pcbSpecs.id,
      pcbNumber: pcbSpecs.number,
      pcbVersion: pcbSpecVersions.version,
      pcbFields: pcbSpecVersions.fields,
    })
    .from(engineeringQueries)
    .innerJoin(companies, eq(companies.id, engineeringQueries.companyId))
    .leftJoin(assemblySpecVersions, eq(assemblySpecVersions.id, engineeringQueries.assemblySpecVersionId))
    .leftJoin(assemblySpecs, eq(assemblySpecs.id, assemblySpecVersions.specId))
    .leftJoin(pcbSpecVersions, eq(pcbSpecVersions.id, engineeringQueries.pcbSpecVersionId))
    .leftJoin(pcbSpecs, eq(pcbSpecs.id, pcbSpecVersions.specId))
    .where(eq(engineeringQueries.id, queryId))
    .limit(1);
  if (!row) return null;
  // The table's check makes exactly one of the two versions set.
  const subject: QuerySubject | null =
    row.assemblySpecId !== null && row.assemblyNumber !== null && row.assemblyVersion !== null
      ? {
          kind: "assembly",
          specId: row.assemblySpecId,
          number: row.assemblyNumber,
          version: row.assemblyVersion,
          name: designName(row.assemblyFields),
        }
      : row.pcbSpecId !== null && row.pcbNumber !== null && row.pcbVersion !== null
        ? {
            kind: "pcb",
            specId: row.pcbSpecId,
            number: row.pcbNumber,
            version: row.pcbVersion,
            name: designName(row.pcbFields),
          }
        : null;
  if (!subject) return null;
  return { query: row.query, companyName: row.companyName, subject };
}

/** A thread entry as a mail reports it. */
export interface ThreadEntry {
  authorUserId: string | null;
  authorName: string;
  optionIndex: number | null;
  body: string | null;
  files: number;
}

/** The newest thread entry of a kind by one side (the customer's reply, staff's closing note). */
export async function latestThreadEntry(
  db: Executor,
  queryId: string,
  kind: QueryMessageKind,
  side: QuerySide,
): Promise<ThreadEntry | null> {
  const [row] = await db
    .select({
      id: engineeringQueryMessages.id,
      authorUserId: engineeringQueryMessages.authorUserId,
      authorName: engineeringQueryMessages.authorName,
      optionIndex: engineeringQueryMessages.optionIndex,
      body: engineeringQueryMessages.body,
    })
    .from(engineeringQueryMessages)
    .where(
      and(
        eq(engineeringQueryMessages.queryId, queryId),
        eq(engineeringQueryMessages.kind, kind),
        eq(engineeringQueryMessages.side, side),
      ),
    )
    .orderBy(desc(engineeringQueryMessages.createdAt), desc(engineeringQueryMessages.id))
    .limit(1);
  if (!row) return null;
  const [files] = await db
    .select({ n: count() })
    .from(engineeringQueryFiles)
    .where(eq(engineeringQueryFiles.messageId, row.id));
  const { id: _id, ...entry } = row;
  return { ...entry, files: files?.n ?? 0 };
}

export interface HeldOrder {
  id: string;
  number: string;
  poNumber: string;
}

/** Orders that are not shipped yet: the ones an open query can still hold. */
const UNSHIPPED_STATUSES = ["confirmed", "in_production"] as const;

/**
 * The company's unshipped orders with a line built to the query's version: for a board version also
 * the assemblies built on that board.
 */
export async function listHeldOrders(db: Executor, query: QueryRow): Promise<HeldOrder[]> {
  const builtTo = query.assemblySpecVersionId
    ? eq(salesOrderLines.assemblySpecVersionId, query.assemblySpecVersionId)
    : query.pcbSpecVersionId
      ? or(
          eq(salesOrderLines.pcbSpecVersionId, query.pcbSpecVersionId),
          inArray(
            salesOrderLines.assemblySpecVersionId,
            db
              .select({ id: assemblySpecVersions.id })
              .from(assemblySpecVersions)
              .where(eq(assemblySpecVersions.pcbSpecVersionId, query.pcbSpecVersionId)),
          ),
        )
      : undefined;
  if (!builtTo) return [];
  return db
    .selectDistinct({ id: salesOrders.id, number: salesOrders.number, poNumber: salesOrders.poNumber })
    .from(salesOrders)
    .innerJoin(salesOrderLines, eq(salesOrderLines.orderId, salesOrders.id))
    .where(
      and(
        eq(salesOrders.companyId, query.companyId),
        inArray(salesOrders.status, [...UNSHIPPED_STATUSES]),
        builtTo,
      ),
    )
    .orderBy(asc(salesOrders.number))
    .limit(20);
}

/** When the customer last heard of the query: its last reminder, else its raising. */
const lastMailedAt = sql<Date>`coalesce(${engineeringQueries.remindedAt}, ${engineeringQueries.createdAt})`;

/**
 * Open queries last mailed at or before `mailedBefore`, the longest waiting first: the candidates
 * for a reminder (whether one is due depends on the working days in between).
 */
export async function listReminderCandidates(
  db: Executor,
  mailedBefore: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: engineeringQueries.id })
    .from(engineeringQueries)
    .where(
      and(
        eq(engineeringQueries.status, "open"),
        lte(lastMailedAt, sql`${mailedBefore.toISOString()}::timestamptz`),
      ),
    )
    .orderBy(asc(lastMailedAt), asc(engineeringQueries.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * The query if it is still open, locked until the transaction ends; null when another instance
 * holds it (it is reminding the customer right now) or it was answered, closed or withdrawn.
 */
export async function lockOpenQuery(tx: Executor, id: string): Promise<QueryRow | null> {
  const [row] = await tx
    .select()
    .from(engineeringQueries)
    .where(and(eq(engineeringQueries.id, id), eq(engineeringQueries.status, "open")))
    .limit(1)
    .for("update", { skipLocked: true });
  return row ?? null;
}

/** Records a reminder: the next one counts from `at`. */
export async function markReminded(tx: Executor, id: string, at: Date, mailed: boolean): Promise<void> {
  await tx
    .update(engineeringQueries)
    .set({
      remindedAt: at,
      ...(mailed ? { reminderCount: sql`${engineeringQueries.reminderCount} + 1` } : {}),
    })
    .where(eq(engineeringQueries.id, id));
}
