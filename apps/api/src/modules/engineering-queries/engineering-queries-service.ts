import {
  FINAL_QUERY_STATUSES,
  type QueryCounts,
  type QueryDetail,
  type QueryHold,
  type QueryListQuery,
  type QueryMessage,
  type QueryOrder,
  type QueryPage,
  type QueryRaise,
  type QueryReply,
  type QuerySettle,
  type QueryStaffReply,
  type QuerySummary,
  type StaffQueryListQuery,
} from "@ems/contracts/engineering-queries";
import { ERROR_CODES } from "@ems/contracts/errors";
import type { Database } from "@ems/db/client";
import { nextDocumentNumber } from "@ems/db/document-numbers";
import type { Executor } from "@ems/db/factories";
import { AppError, notFound } from "../../lib/app-error.ts";
import { pageOf, searchOf } from "../../lib/list-query.ts";
import type { RequestContext } from "../../plugins/request-context.ts";
import { recordActivity, type ActivityAction } from "../activity/activity-service.ts";
import { queueQueryMail } from "./query-mail.ts";
import {
  bomLinesOf,
  companyFilesByIds,
  countByStatus,
  findAssemblyVersion,
  findPcbVersion,
  findQuery,
  insertMessage,
  insertQuery,
  knownDesignators,
  listAttachments,
  listMessages,
  listQueries,
  lockQuery,
  oldestOpenQueries,
  openQueriesOfOrder,
  orderLinesOfQueries,
  updateQuery,
  type QueryOrderLine,
  type QueryRecord,
  type QueryRow,
  type SpecVersionRecord,
} from "./engineering-queries-repository.ts";

/**
 * Engineering queries (issue 21, docs/behaviour/engineering.md#engineering-queries): staff ask about
 * one version of a customer's assembly or PCB specification, the customer answers, staff close or
 * withdraw. Every change is one transaction under the query's row lock, compared with the
 * `expected_version` the caller saw, logged and (raised, answered, closed) mailed. An open query
 * holds the orders built to its version at their data check (`queriesHoldingOrder`).
 */

export type QueriesContext = Pick<
  RequestContext,
  "db" | "mailer" | "tenant" | "actor" | "publicUrl" | "request"
>;

/** Who reads: a company member sees the company's queries, staff every company's. */
export interface QueryReader {
  db: Executor;
  companyId: string | undefined;
}

export const companyQueryReader = (ctx: Pick<RequestContext, "db" | "tenant">): QueryReader => ({
  db: ctx.db,
  companyId: ctx.tenant,
});
export const staffQueryReader = (db: Database): QueryReader => ({ db, companyId: undefined });

const missing = () => notFound("No such engineering query");
const conflict = (message: string, otherData?: Record<string, unknown>) =>
  new AppError(409, ERROR_CODES.conflict, message, otherData ? { otherData } : {});
const invalid = (message: string, field: string) =>
  new AppError(400, ERROR_CODES.validation, message, { field });

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (date: Date | null) => date?.toISOString() ?? null;
const dayOf = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
/** Whole UTC calendar days from `since` to `now` (0 on the day itself). */
export const ageInDays = (since: Date, now: Date) =>
  Math.max(0, Math.round((dayOf(now) - dayOf(since)) / DAY_MS));

// Reading.

function ordersByQuery(lines: readonly QueryOrderLine[]): Map<string, QueryOrder[]> {
  const result = new Map<string, QueryOrder[]>();
  for (const line of lines) {
    const orders = result.get(line.queryId) ?? [];
    let order = orders.find((candidate) => candidate.order_id === line.orderId);
    if (!order) {
      order = { order_id: line.orderId, number: line.number, status: line.status, line_positions: [] };
      orders.push(order);
    }
    order.line_positions.push(line.position);
    result.set(line.queryId, orders);
  }
  return result;
}

function toSummary(record: QueryRecord, orders: QueryOrder[], now: Date): QuerySummary {
  const { query } = record;
  return {
    id: query.id,
    number: query.number,
    status: query.status,
    title: query.title,
    subject: {
      kind: query.assemblySpecVersionId ? "assembly" : "pcb",
      spec_id: record.subject.specId,
      version_id: (query.assemblySpecVersionId ?? query.pcbSpecVersionId)!,
      number: record.subject.number,
      version: Number(record.subject.version),
      name: record.subject.name,
    },
    company_id: query.companyId,
    company_name: record.companyName,
    raised_by_name: record.raisedBy,
    created_at: query.createdAt.toISOString(),
    updated_at: query.updatedAt.toISOString(),
    answered_at: iso(query.answeredAt),
    closed_at: iso(query.closedAt),
    age_days: ageInDays(query.createdAt, now),
    version: query.version,
    orders,
    location: query.location,
  };
}

export async function queryPage(
  reader: QueryReader,
  query: QueryListQuery | StaffQueryListQuery,
  now = new Date(),
): Promise<QueryPage> {
  const result = await listQueries(reader.db, {
    companyId: reader.companyId ?? ("company" in query ? query.company : undefined),
    status: query.status,
    assemblySpecId: query.assembly_spec_id,
    assemblySpecVersionId: query.assembly_spec_version_id,
    pcbSpecVersionId: query.pcb_spec_version_id,
    ...searchOf(query),
  });
  const orders = ordersByQuery(
    await orderLinesOfQueries(
      reader.db,
      result.rows.map((row) => row.query.id),
    ),
  );
  return pageOf(query, result, (record) => toSummary(record, orders.get(record.query.id) ?? [], now));
}

export async function queryDetail(reader: QueryReader, id: string, now = new Date()): Promise<QueryDetail> {
  const record = await findQuery(reader.db, reader.companyId, id);
  if (!record) throw missing();
  const { query } = record;
  const [messages, orderLines] = await Promise.all([
    listMessages(reader.db, id),
    orderLinesOfQueries(reader.db, [id]),
  ]);
  const attachments = await listAttachments(
    reader.db,
    messages.map((message) => message.id),
  );
  return {
    ...toSummary(record, ordersByQuery(orderLines).get(id) ?? [], now),
    description: query.description,
    options: query.options,
    messages: messages.map((message): QueryMessage => ({
      id: message.id,
      kind: message.kind,
      side: message.side,
      author_name: message.authorName,
      option_index: message.optionIndex,
      option: message.optionIndex === null ? null : (query.options[message.optionIndex] ?? null),
      body: message.body,
      attachments: attachments
        .filter((file) => file.messageId === message.id)
        .map((file) => ({
          id: file.id,
          name: file.name,
          media_type: file.mediaType,
          size: file.size,
          deleted: file.deletedAt !== null,
        })),
      created_at: message.createdAt.toISOString(),
    })),
  };
}

export async function queryCounts(ctx: Pick<RequestContext, "db" | "tenant">): Promise<QueryCounts> {
  const counts = await countByStatus(ctx.db, ctx.tenant);
  return { open: counts.get("open") ?? 0, answered: counts.get("answered") ?? 0 };
}

// For other modules: the order hold, the desk and the staff home.

/**
 * The open queries an order waits for, each with the order's lines built to its version: such a
 * line may not pass its data check (production-service) until the customer answers.
 */
export async function queriesHoldingOrder(db: Executor, orderId: string): Promise<QueryHold[]> {
  const holds: QueryHold[] = [];
  for (const row of await openQueriesOfOrder(db, orderId)) {
    let hold = holds.find((candidate) => candidate.query_id === row.queryId);
    if (!hold) {
      hold = { query_id: row.queryId, number: row.queryNumber, title: row.title, line_ids: [] };
      holds.push(hold);
    }
    if (!hold.line_ids.includes(row.lineId)) hold.line_ids.push(row.lineId);
  }
  return holds;
}

/** The oldest open queries (one company's, or every company's when undefined) and their count. */
export async function oldestOpenQueriesOf(db: Executor, companyId: string | undefined, limit: number) {
  return oldestOpenQueries(db, companyId, limit);
}

// Writing.

/** Files of the query's company that may be attached: live, uploaded as query or in the file share. */
async function checkAttachments(tx: Executor, companyId: string, ids: readonly string[]): Promise<void> {
  const files = await companyFilesByIds(tx, companyId, ids);
  for (const [index, id] of ids.entries()) {
    const file = files.get(id);
    const field = `attachment_ids.${index}`;
    if (!file || file.deletedAt !== null)
      throw new AppError(404, ERROR_CODES.notFound, "No such file", { field });
    if (file.purpose !== "query" && file.purpose !== "share")
      throw invalid("must be a file uploaded as query or kept in the file share", field);
  }
}

/** Upper-case, each once, in the order given. */
const normalisedDesignators = (designators: readonly string[]) => [
  ...new Set(designators.map((designator) => designator.toUpperCase())),
];

async function subjectOf(tx: Executor, body: QueryRaise): Promise<SpecVersionRecord> {
  if (body.assembly_spec_version_id) {
    const found = await findAssemblyVersion(tx, body.assembly_spec_version_id);
    if (!found)
      throw new AppError(404, ERROR_CODES.notFound, "No such version of an assembly specification", {
        field: "assembly_spec_version_id",
      });
    return found;
  }
  const found = await findPcbVersion(tx, body.pcb_spec_version_id!);
  if (!found)
    throw new AppError(404, ERROR_CODES.notFound, "No such version of a PCB specification", {
      field: "pcb_spec_version_id",
    });
  return found;
}

/** Every designator in the version's BOM or placements, every BOM line in its BOM. */
async function checkLocation(
  tx: Executor,
  body: QueryRaise,
  subject: SpecVersionRecord,
): Promise<QueryRaise["location"]> {
  const { location } = body;
  const isPcb = body.pcb_spec_version_id !== undefined;
  if (isPcb && location.designators.length > 0)
    throw invalid(
      "a PCB specification has no designators: pin the question to points on the board",
      "location.designators",
    );
  if (isPcb && location.bom_line_ids.length > 0)
    throw invalid("a PCB specification has no bill of materials", "location.bom_line_ids");
  const designators = normalisedDesignators(location.designators);
  const known = await knownDesignators(tx, subject.bomVersionId, subject.placementSetId, designators);
  for (const [index, designator] of location.designators.entries())
    if (!known.has(designator.toUpperCase()))
      throw invalid(
        `${designator.toUpperCase()} is in neither the BOM nor the placements of version ${subject.version}`,
        `location.designators.${index}`,
      );
  const lines = await bomLinesOf(tx, subject.bomVersionId, location.bom_line_ids);
  for (const [index, id] of location.bom_line_ids.entries())
    if (!lines.has(id))
      throw new AppError(404, ERROR_CODES.notFound, "No such line in the BOM of this version", {
        field: `location.bom_line_ids.${index}`,
      });
  return { designators, bom_line_ids: location.bom_line_ids, points: location.points };
}

function log(
  tx: Executor,
  ctx: QueriesContext,
  action: Extract<ActivityAction, `query.${string}`>,
  query: Pick<QueryRow, "id" | "number" | "companyId">,
  details: Record<string, string | number | null> = {},
) {
  return recordActivity(tx, {
    action,
    companyId: query.companyId,
    actor: ctx.actor,
    subject: { type: "engineering_query", id: query.id },
    details: { label: query.number, ...details },
    request: ctx.request,
  });
}

export async function raiseQuery(ctx: QueriesContext, body: QueryRaise): Promise<QueryDetail> {
  const id = await ctx.db.transaction(async (tx) => {
    const subject = await subjectOf(tx, body);
    const location = await checkLocation(tx, body, subject);
    await checkAttachments(tx, subject.companyId, body.attachment_ids);
    const query = await insertQuery(tx, {
      companyId: subject.companyId,
      number: await nextDocumentNumber(tx, "engineering_query"),
      assemblySpecVersionId: body.assembly_spec_version_id ?? null,
      pcbSpecVersionId: body.pcb_spec_version_id ?? null,
      title: body.title,
      description: body.description,
      location,
      options: body.options,
      raisedByUserId: ctx.actor.id,
    });
    await insertMessage(
      tx,
      {
        queryId: query.id,
        kind: "question",
        side: "staff",
        authorUserId: ctx.actor.id,
        authorName: ctx.actor.name,
        body: body.description,
      },
      body.attachment_ids,
    );
    await log(tx, ctx, "query.raised", query, {
      title: body.title,
      spec: `${subject.number} v${subject.version}`,
    });
    await queueQueryMail(ctx, tx, "raised", query.id);
    return query.id;
  });
  ctx.mailer.deliverSoon();
  return queryDetail(staffQueryReader(ctx.db), id);
}

/**
 * The locked query, refused when it is settled or when the caller's `expected_version` is not its
 * version: of two people acting on what they saw, the second is told to reload.
 */
async function lockedForChange(
  tx: Executor,
  companyId: string | undefined,
  id: string,
  expectedVersion: number,
): Promise<QueryRow> {
  const query = await lockQuery(tx, companyId, id);
  if (!query) throw missing();
  if (FINAL_QUERY_STATUSES.includes(query.status))
    throw conflict(`${query.number} is ${query.status}: it takes no more changes`, {
      status: query.status,
      latest_version: query.version,
    });
  if (query.version !== expectedVersion)
    throw conflict(
      `${query.number} was changed meanwhile: version ${query.version} is the latest, yours was ${expectedVersion}`,
      { status: query.status, latest_version: query.version },
    );
  return query;
}

/** The customer's answer (npi_customer_reply): open becomes answered, which releases held orders. */
export async function replyToQuery(ctx: QueriesContext, id: string, body: QueryReply): Promise<QueryDetail> {
  await ctx.db.transaction(async (tx) => {
    const query = await lockedForChange(tx, ctx.tenant, id, body.expected_version);
    if (body.option_index !== undefined && body.option_index >= query.options.length)
      throw invalid(
        query.options.length === 0
          ? "this query offers no options: answer in your own words"
          : `must be one of the ${query.options.length} options offered (0 to ${query.options.length - 1})`,
        "option_index",
      );
    await checkAttachments(tx, query.companyId, body.attachment_ids);
    const text = body.body === undefined || body.body === "" ? null : body.body;
    await insertMessage(
      tx,
      {
        queryId: query.id,
        kind: "reply",
        side: "customer",
        authorUserId: ctx.actor.id,
        authorName: ctx.actor.name,
        optionIndex: body.option_index ?? null,
        body: text,
      },
      body.attachment_ids,
    );
    const now = new Date();
    await updateQuery(tx, query.id, {
      status: "answered",
      answeredAt: query.status === "open" ? now : query.answeredAt,
      version: query.version + 1,
    });
    await log(tx, ctx, "query.answered", query, {
      option: body.option_index === undefined ? null : (query.options[body.option_index] ?? null),
      attachments: body.attachment_ids.length,
    });
    await queueQueryMail(ctx, tx, "replied", query.id);
  });
  ctx.mailer.deliverSoon();
  return queryDetail(companyQueryReader(ctx), id);
}

/** Staff's comment in the thread: the status stays, the version goes up. */
export async function staffReply(
  ctx: QueriesContext,
  id: string,
  body: QueryStaffReply,
): Promise<QueryDetail> {
  await ctx.db.transaction(async (tx) => {
    const query = await lockedForChange(tx, undefined, id, body.expected_version);
    await checkAttachments(tx, query.companyId, body.attachment_ids);
    await insertMessage(
      tx,
      {
        queryId: query.id,
        kind: "reply",
        side: "staff",
        authorUserId: ctx.actor.id,
        authorName: ctx.actor.name,
        body: body.body,
      },
      body.attachment_ids,
    );
    await updateQuery(tx, query.id, { version: query.version + 1 });
    await log(tx, ctx, "query.commented", query, { attachments: body.attachment_ids.length });
  });
  return queryDetail(staffQueryReader(ctx.db), id);
}

/** Closes (settled) or withdraws (taken back) an open or answered query, with an optional note. */
export async function settleQuery(
  ctx: QueriesContext,
  id: string,
  outcome: "closed" | "withdrawn",
  body: QuerySettle,
): Promise<QueryDetail> {
  await ctx.db.transaction(async (tx) => {
    const query = await lockedForChange(tx, undefined, id, body.expected_version);
    const note = body.note === undefined || body.note === "" ? null : body.note;
    await insertMessage(
      tx,
      {
        queryId: query.id,
        kind: outcome,
        side: "staff",
        authorUserId: ctx.actor.id,
        authorName: ctx.actor.name,
        body: note,
      },
      [],
    );
    await updateQuery(tx, query.id, {
      status: outcome,
      closedAt: new Date(),
      closedByUserId: ctx.actor.id,
      version: query.version + 1,
    });
    await log(tx, ctx, outcome === "closed" ? "query.closed" : "query.withdrawn", query, {
      from: query.status,
    });
    await queueQueryMail(ctx, tx, outcome, query.id);
  });
  ctx.mailer.deliverSoon();
  return queryDetail(staffQueryReader(ctx.db), id);
}
