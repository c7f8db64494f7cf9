import { ERROR_CODES } from "@ems/contracts/errors";
import {
  CLOSED_ORDER_STATUSES,
  DEFAULT_STAGE_SETS,
  PRODUCTION_DIGEST_INTERVAL_MS,
  PRODUCTION_KINDS,
  WORK_ORDER_STAGES,
  inProductionOrder,
  productionKindOf,
  type LineProgress,
  type OrderProgress,
  type ProductionKind,
  type ProductionSave,
  type StageSet,
  type StageSetSave,
  type WorkOrderStage,
} from "@ems/contracts/orders";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import type { ProductionDigestState } from "@ems/db/schema";
import { formatMessage } from "@ems/i18n/message-catalogs";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import { publicLink } from "../../lib/public-url.ts";
import { recordActivity } from "../activity/activity-service.ts";
import {
  conflict,
  findRecipient,
  iso,
  type DocumentContext,
  type Recipient,
} from "../documents/documents-service.ts";
import { documentTexts } from "../documents/document-texts.ts";
import { queriesHoldingOrder } from "../engineering-queries/engineering-queries-service.ts";
import type { Mailer } from "../mail/mail-service.ts";
import {
  clearDigest,
  findOrder,
  listDueDigests,
  listOrderLines,
  listOrderStages,
  listStageSets,
  lockDueDigest,
  lockOrder,
  saveStageSet,
  setOrderStatus,
  setProductionState,
  updateStage,
  type OrderRecord,
  type SalesOrderLineRow,
  type SalesOrderRow,
  type StageRow,
  type StageSetRow,
} from "./orders-repository.ts";

/**
 * Production progress (docs/behaviour/orders.md#production-progress): the stages each line gets by
 * its kind, the staff form that saves all of an order's stages at once, and what the customer is
 * told: at once when production starts, is put on hold or ships (milestones), otherwise at most one
 * digest of the changes a day.
 */

// Stage sets

/** Bare board or assembly, from what the line was ordered as. */
export function lineKind(
  line: Pick<SalesOrderLineRow, "category" | "assemblySpecVersionId">,
): ProductionKind {
  return productionKindOf({ category: line.category, assembly_spec_version_id: line.assemblySpecVersionId });
}

const stageSetDto = (kind: ProductionKind, row: StageSetRow | undefined): StageSet => ({
  kind,
  stages: row ? inProductionOrder(row.stages) : [...DEFAULT_STAGE_SETS[kind]],
  customised: row !== undefined,
  updated_at: row ? row.updatedAt.toISOString() : null,
});

/** The stages new lines of each kind get: staff's sets, the defaults where they set none. */
export async function currentStageSets(db: Executor): Promise<Record<ProductionKind, WorkOrderStage[]>> {
  const rows = await listStageSets(db);
  return Object.fromEntries(
    PRODUCTION_KINDS.map((kind) => [
      kind,
      stageSetDto(
        kind,
        rows.find((row) => row.kind === kind),
      ).stages,
    ]),
  ) as Record<ProductionKind, WorkOrderStage[]>;
}

export async function stageSets(ctx: DocumentContext): Promise<StageSet[]> {
  const rows = await listStageSets(ctx.db);
  return PRODUCTION_KINDS.map((kind) =>
    stageSetDto(
      kind,
      rows.find((row) => row.kind === kind),
    ),
  );
}

export async function updateStageSet(
  ctx: DocumentContext,
  kind: ProductionKind,
  body: StageSetSave,
): Promise<StageSet> {
  const stages = inProductionOrder(body.stages);
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await saveStageSet(tx, { kind, stages, updatedByUserId: ctx.auth.user.id });
    await recordActivity(tx, {
      action: "production.stage_set_saved",
      companyId: null,
      actor: ctx.actor,
      subject: { type: "production_stage_set", id: kind },
      details: { kind, stages: stages.join(", ") },
      request: ctx.request,
    });
    return saved;
  });
  return stageSetDto(kind, row);
}

// Reading progress

const average = (values: readonly number[]) =>
  values.length === 0 ? 0 : Math.round(values.reduce((sum, v) => sum + v, 0) / values.length);

/** Stage rows in the order the line goes through them. */
const byPosition = (a: StageRow, b: StageRow) =>
  a.position - b.position || WORK_ORDER_STAGES.indexOf(a.stage) - WORK_ORDER_STAGES.indexOf(b.stage);

/**
 * The first stage (by position) some line has not finished; `shipped` once all are (or the first
 * stage of a set for an order without stages).
 */
export function currentStageOf(stages: readonly StageRow[], progress: number): WorkOrderStage {
  const open = [...stages].sort(byPosition).find((row) => row.percent < 100);
  if (open) return open.stage;
  return stages.length === 0 && progress < 100 ? "data_check" : "shipped";
}

export async function progressOf(db: Executor, record: OrderRecord): Promise<OrderProgress> {
  const { order } = record;
  const [lines, stages, waiting] = await Promise.all([
    listOrderLines(db, order.id),
    listOrderStages(db, order.id),
    queriesHoldingOrder(db, order.id),
  ]);
  const lineDtos: LineProgress[] = lines.map((line) => {
    const own = stages.filter((stage) => stage.orderLineId === line.id).sort(byPosition);
    return {
      line_id: line.id,
      position: line.position,
      description: line.description,
      quantity: line.quantity,
      kind: lineKind(line),
      progress_percent: average(own.map((stage) => stage.percent)),
      stages: own.map((stage) => ({
        stage: stage.stage,
        position: stage.position,
        percent: stage.percent,
        planned_date: stage.plannedDate,
        started_at: iso(stage.startedAt),
        completed_at: iso(stage.completedAt),
      })),
    };
  });
  const progress = average(stages.map((stage) => stage.percent));
  return {
    order_id: order.id,
    number: order.number,
    status: order.status,
    progress_percent: progress,
    current_stage: currentStageOf(stages, progress),
    version: order.productionVersion,
    hold:
      order.productionHeldAt && order.productionHoldReason !== null
        ? { reason: order.productionHoldReason, since: order.productionHeldAt.toISOString() }
        : null,
    waiting_for_answer: waiting,
    lines: lineDtos,
  };
}

export async function orderProgress(ctx: DocumentContext, id: string): Promise<OrderProgress> {
  const record = await findOrder(ctx.db, id, ctx.tenant);
  if (!record) throw notFound("No such order");
  return progressOf(ctx.db, record);
}

/** The back office reads any company's order progress (the staff order page's production form). */
export async function staffOrderProgress(ctx: DocumentContext, id: string): Promise<OrderProgress> {
  const record = await findOrder(ctx.db, id, null);
  if (!record) throw notFound("No such order");
  return progressOf(ctx.db, record);
}

// Milestone mails

export type Milestone = "production_started" | "production_on_hold" | "production_shipped";

/**
 * A milestone mail to whoever placed the order, written in the caller's transaction: it goes out
 * exactly when the change stands. The caller kicks delivery after commit (mailer.deliverSoon).
 */
export async function writeMilestoneMail(
  tx: Executor,
  deps: { mailer: Mailer; publicUrl: string },
  order: Pick<SalesOrderRow, "id" | "number" | "poNumber" | "deliveryDate" | "placedByUserId">,
  milestone: Milestone,
  reason?: string,
): Promise<boolean> {
  const placer = order.placedByUserId ? await findRecipient(tx, order.placedByUserId) : null;
  if (!placer) return false;
  const texts = documentTexts(placer.language);
  await deps.mailer.write(tx, {
    to: placer.email,
    language: texts.locale,
    template: milestone,
    values: {
      name: placer.firstName,
      number: order.number,
      po_number: order.poNumber,
      delivery_date: texts.date(order.deliveryDate),
      ...(reason === undefined ? {} : { reason }),
      url: publicLink(deps.publicUrl, { page: "my-order", params: { order: order.id } }, texts.locale),
    },
  });
  return true;
}

// The production form's save

const validation = (message: string, field: string) => badRequest(ERROR_CODES.validation, message, field);

interface StageChange {
  line: SalesOrderLineRow;
  row: StageRow;
  percent: number;
  plannedDate: string | null;
}

/** "1 smt 0→40 (2030-02-14)": the log's short account of what a save changed. */
function changeSummary(changes: readonly StageChange[]): string {
  return changes
    .map(({ line, row, percent, plannedDate }) => {
      const planned = plannedDate !== row.plannedDate ? ` (${plannedDate ?? "no date"})` : "";
      return `${line.position} ${row.stage} ${row.percent}→${percent}${planned}`;
    })
    .join("; ")
    .slice(0, 500);
}

/**
 * A line built to a version with an open engineering query waits at its data check: completing the
 * data check, or moving any later stage forward, is refused (409) naming the queries, until the
 * customer answers. Moving a stage back or changing a planned date stays possible.
 */
async function refuseAdvancingHeldLines(tx: Executor, orderId: string, changes: readonly StageChange[]) {
  const advancing = changes.filter(({ row, percent }) =>
    row.stage === "data_check" ? percent === 100 && row.percent < 100 : percent > row.percent,
  );
  if (advancing.length === 0) return;
  const waiting = await queriesHoldingOrder(tx, orderId);
  for (const { line } of advancing) {
    const queries = waiting.filter((query) => query.line_ids.includes(line.id));
    if (queries.length === 0) continue;
    const numbers = queries.map((query) => query.number);
    throw new AppError(
      409,
      ERROR_CODES.conflict,
      `Line ${line.position} waits for the customer's answer to ${numbers.join(", ")}: it cannot pass the data check until then`,
      { otherData: { line_id: line.id, queries: numbers } },
    );
  }
}

/**
 * Saves the staff production form in one transaction: every listed stage of every listed line and
 * the hold. The order's row is locked first and `base_version` compared with its version, so of two
 * forms loaded at the same version the second is refused with nothing written. Everything is
 * checked before anything is written. Stage changes wait for the daily digest; production starting
 * and a new hold are mailed at once.
 */
export async function saveProduction(
  ctx: DocumentContext,
  id: string,
  input: ProductionSave,
  now = new Date(),
): Promise<OrderProgress> {
  const mailed = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!order) throw notFound("No such order");
    if ((CLOSED_ORDER_STATUSES as readonly string[]).includes(order.status))
      throw conflict(`The order is ${order.status}: its progress can no longer change`);
    if (input.base_version !== order.productionVersion)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `The progress was changed meanwhile: version ${order.productionVersion} is the latest, your form was based on version ${input.base_version}`,
        { otherData: { latest_version: order.productionVersion } },
      );
    const [lines, stages] = await Promise.all([listOrderLines(tx, order.id), listOrderStages(tx, order.id)]);

    const changes: StageChange[] = [];
    for (const [i, wanted] of input.lines.entries()) {
      const line = lines.find((candidate) => candidate.id === wanted.line_id);
      if (!line) throw notFound("No such line in this order");
      for (const [j, stage] of wanted.stages.entries()) {
        const row = stages.find((s) => s.orderLineId === line.id && s.stage === stage.stage);
        if (!row)
          throw validation(
            `Line ${line.position} has no ${stage.stage} stage`,
            `lines.${i}.stages.${j}.stage`,
          );
        if (row.percent !== stage.percent || row.plannedDate !== stage.planned_date)
          changes.push({ line, row, percent: stage.percent, plannedDate: stage.planned_date });
      }
    }
    await refuseAdvancingHeldLines(tx, order.id, changes);
    const wasHeld = order.productionHeldAt !== null;
    const holds = input.hold !== null;
    const reason = input.hold?.reason ?? null;
    const holdChanged = wasHeld !== holds || (holds && reason !== order.productionHoldReason);
    // An unchanged form writes nothing: no new version, no log entry, no mail.
    if (changes.length === 0 && !holdChanged) return false;

    for (const change of changes)
      await updateStage(tx, change.row.id, {
        percent: change.percent,
        plannedDate: change.plannedDate,
        startedAt: change.row.startedAt ?? (change.percent > 0 ? now : null),
        completedAt: change.percent === 100 ? (change.row.completedAt ?? now) : null,
      });

    // The digest reports each stage against what the customer knew before its first change.
    const digest: ProductionDigestState = structuredClone(
      order.productionDigest ?? { stages: {}, resumed: false },
    );
    for (const { row } of changes)
      digest.stages[row.id] ??= { percent: row.percent, planned_date: row.plannedDate };
    if (wasHeld && !holds) digest.resumed = true;
    if (!wasHeld && holds) digest.resumed = false;
    const pending = Object.keys(digest.stages).length > 0 || digest.resumed;
    const version = order.productionVersion + 1;
    await setProductionState(tx, order.id, {
      productionVersion: version,
      productionHeldAt: holds ? (order.productionHeldAt ?? now) : null,
      productionHoldReason: reason,
      productionDigest: pending ? digest : null,
      // The digest waits until the changes have rested (PRODUCTION_DIGEST_DELAY_S) after the last one.
      productionDigestSince: pending ? now : null,
    });

    const log = (
      action: Parameters<typeof recordActivity>[1]["action"],
      details: Record<string, string | number>,
    ) =>
      recordActivity(tx, {
        action,
        companyId: order.companyId,
        actor: ctx.actor,
        subject: { type: "sales_order", id: order.id },
        details: { number: order.number, ...details },
        request: ctx.request,
      });
    if (changes.length > 0)
      await log("order.progress_updated", {
        version,
        stages: changes.length,
        changes: changeSummary(changes),
      });
    if (holds && holdChanged) await log("order.production_held", { version, reason: reason! });
    if (wasHeld && !holds) await log("order.production_resumed", { version });

    const deps = { mailer: ctx.mailer, publicUrl: ctx.publicUrl };
    let wrote = false;
    if (order.status === "confirmed" && changes.some((change) => change.percent > 0)) {
      await setOrderStatus(tx, order.id, "in_production");
      await log("order.status_changed", { from: order.status, to: "in_production" });
      wrote = (await writeMilestoneMail(tx, deps, order, "production_started")) || wrote;
    }
    if (!wasHeld && holds)
      wrote = (await writeMilestoneMail(tx, deps, order, "production_on_hold", reason!)) || wrote;
    return wrote;
  });
  if (mailed) ctx.mailer.deliverSoon();
  return staffOrderProgress(ctx, id);
}

// The daily digest

/** One change the digest reports: a stage as it is now, compared with what the customer knew. */
export interface DigestItem {
  position: number;
  description: string;
  stage: WorkOrderStage;
  percent: number;
  plannedDate: string | null;
  /** Whether the planned date is what changed (or changed too). */
  replanned: boolean;
}

/**
 * What the digest lists: each remembered stage whose percent or planned date differs now from
 * before its first change (a change undone meanwhile is left out), by line and production order.
 */
export function digestItems(
  state: ProductionDigestState,
  lines: readonly SalesOrderLineRow[],
  stages: readonly StageRow[],
): DigestItem[] {
  const items: (DigestItem & { order: [number, number] })[] = [];
  for (const row of stages) {
    const before = state.stages[row.id];
    if (!before) continue;
    const replanned = before.planned_date !== row.plannedDate;
    if (before.percent === row.percent && !replanned) continue;
    const line = lines.find((candidate) => candidate.id === row.orderLineId);
    if (!line) continue;
    items.push({
      position: line.position,
      description: line.description,
      stage: row.stage,
      percent: row.percent,
      plannedDate: row.plannedDate,
      replanned,
      order: [line.position, row.position],
    });
  }
  return items
    .sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1])
    .map(({ order: _order, ...item }) => item);
}

/** The digest's list, one line per change, in the recipient's language. */
export function digestText(
  items: readonly DigestItem[],
  resumed: boolean,
  recipient: Pick<Recipient, "language">,
): string {
  const texts = documentTexts(recipient.language);
  const t = (key: string, values: Record<string, string | number> = {}) =>
    formatMessage("emails", texts.locale, key, values);
  const entries = items.map((item) => {
    const values = {
      position: item.position,
      description: item.description,
      stage: t("production_digest.stage", { stage: item.stage }),
      state: item.percent === 100 ? "done" : item.percent > 0 ? "working" : "waiting",
      percent: item.percent,
    };
    return item.replanned && item.plannedDate
      ? t("production_digest.change_planned", { ...values, date: texts.date(item.plannedDate) })
      : t("production_digest.change", values);
  });
  if (resumed) entries.unshift(t("production_digest.resumed"));
  return entries.map((entry) => `• ${entry}`).join("\n");
}

export interface DigestRun {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  /** How long changes rest after the last one before their digest goes out (PRODUCTION_DIGEST_DELAY_S). */
  settleMs: number;
  /** The clock (tests pass another day). */
  now?: Date;
}

/** Orders looked at per run; more wait for the next run. */
const DIGEST_BATCH = 100;

/**
 * Sends every production digest that is due: changes rested for `settleMs` and the order's last
 * digest is a day old (or there was none). Each order is locked while its digest is written and
 * cleared in the same transaction, so several instances running this send each digest once.
 * Cancelled and completed orders, orders nobody placed any more and changes undone meanwhile are
 * cleared without a mail. Answers how many digests were written.
 */
export async function sendDueProductionDigests(run: DigestRun): Promise<number> {
  const now = run.now ?? new Date();
  const restedSince = new Date(now.getTime() - run.settleMs);
  const mailedBefore = new Date(now.getTime() - PRODUCTION_DIGEST_INTERVAL_MS);
  let sent = 0;
  for (const id of await listDueDigests(run.db, restedSince, mailedBefore, DIGEST_BATCH)) {
    const wrote = await run.db.transaction(async (tx) => {
      const order = await lockDueDigest(tx, id, restedSince, mailedBefore);
      if (!order?.productionDigest) return false;
      const placer = order.placedByUserId ? await findRecipient(tx, order.placedByUserId) : null;
      const closed = (CLOSED_ORDER_STATUSES as readonly string[]).includes(order.status);
      const [lines, stages] = await Promise.all([
        listOrderLines(tx, order.id),
        listOrderStages(tx, order.id),
      ]);
      const items = digestItems(order.productionDigest, lines, stages);
      const resumed = order.productionDigest.resumed && order.productionHeldAt === null;
      if (closed || !placer || (items.length === 0 && !resumed)) {
        await clearDigest(tx, order.id, null);
        return false;
      }
      const texts = documentTexts(placer.language);
      await run.mailer.write(tx, {
        to: placer.email,
        language: texts.locale,
        template: "production_digest",
        values: {
          name: placer.firstName,
          number: order.number,
          changes: digestText(items, resumed, placer),
          url: publicLink(run.publicUrl, { page: "my-order", params: { order: order.id } }, texts.locale),
        },
      });
      await clearDigest(tx, order.id, now);
      return true;
    });
    if (wrote) sent += 1;
  }
  if (sent > 0) run.mailer.deliverSoon();
  return sent;
}
