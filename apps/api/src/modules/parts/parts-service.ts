import { canonicalManufacturer, MANUFACTURERS } from "@ems/bom/manufacturers";
import { normaliseMpn } from "@ems/bom/mpn";
import { ERROR_CODES } from "@ems/contracts/errors";
import type {
  Manufacturer,
  Part,
  PartCreate,
  PartDetail,
  PartHistoryEntry,
  PartListQuery,
  PartMpnInput,
  PartPage,
  PartSeries,
  PartSeriesUpdate,
  PartUpdate,
  StaffPartListQuery,
} from "@ems/contracts/parts";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import { AppError, notFound } from "../../lib/app-error.ts";
import { pageOf, searchOf } from "../../lib/list-query.ts";
import type { RequestContext } from "../../plugins/request-context.ts";
import { recordActivity, subjectHistory } from "../activity/activity-service.ts";
import {
  deletePartMpn,
  findMpnsByKeys,
  findPart,
  findPartByNumberKey,
  findPartSeries,
  highestSerial,
  insertPart,
  insertPartMpns,
  listPartMpns,
  listParts,
  lockPart,
  lockPartSeries,
  lookupParts,
  savePartSeries,
  updatePartRow,
  type PartMpnRow,
  type PartRecord,
  type PartSeriesRow,
} from "./parts-repository.ts";

export type PartsContext = Pick<RequestContext, "db" | "tenant" | "actor" | "request">;

/** Who reads: a company member sees only the company's parts, staff every company's. */
export type PartReader = { db: Database; companyId: string | undefined };

export const companyPartReader = (ctx: Pick<RequestContext, "db" | "tenant">): PartReader => ({
  db: ctx.db,
  companyId: ctx.tenant,
});
export const staffPartReader = (db: Database): PartReader => ({ db, companyId: undefined });

/** The series a company numbers from until it sets its own: P-00001, P-00002, … */
export const DEFAULT_PART_SERIES = { prefix: "P-", digits: 5, nextNumber: 1 } as const;

const HISTORY_LIMIT = 100;
const LOOKUP_LIMIT = 10;

const missing = () => notFound("No such part");

/** The key a part number is unique by: case does not make two numbers different. */
const numberKeyOf = (partNumber: string) => partNumber.trim().toUpperCase();

/** normaliseMpn, or the upper-cased text when normalising leaves nothing (an MPN that is only a suffix). */
export function mpnKeyOf(mpn: string): string {
  return normaliseMpn(mpn) || mpn.trim().toUpperCase();
}

const formatSerial = (series: Pick<PartSeriesRow, "prefix" | "digits">, serial: number) =>
  `${series.prefix}${String(serial).padStart(series.digits, "0")}`;

function toPart({ part, companyName }: PartRecord, mpns: PartMpnRow[]): Part {
  return {
    id: part.id,
    company_id: part.companyId,
    company_name: companyName,
    part_number: part.partNumber,
    description: part.description,
    type: part.type,
    msl: part.msl,
    polarized: part.polarized,
    lifecycle: part.lifecycle,
    valuation_rate:
      part.valuationMinor !== null && part.valuationCurrency !== null
        ? { amount_minor: part.valuationMinor, currency: part.valuationCurrency as never }
        : null,
    comment: part.comment,
    mpns: mpns
      .filter((mpn) => mpn.partId === part.id)
      .map((mpn) => ({
        id: mpn.id,
        manufacturer: mpn.manufacturer,
        manufacturer_name: mpn.manufacturerId
          ? (MANUFACTURERS.find((m) => m.id === mpn.manufacturerId)?.name ?? mpn.manufacturer)
          : mpn.manufacturer,
        mpn: mpn.mpn,
      })),
    created_at: part.createdAt.toISOString(),
    updated_at: part.updatedAt.toISOString(),
  };
}

async function partsOf(db: Executor, records: PartRecord[]): Promise<Part[]> {
  const mpns = await listPartMpns(
    db,
    records.map((r) => r.part.id),
  );
  return records.map((record) => toPart(record, mpns));
}

async function listOf(reader: PartReader, query: PartListQuery | StaffPartListQuery): Promise<PartPage> {
  const search = searchOf(query);
  const result = await listParts(reader.db, {
    companyId: reader.companyId ?? ("company" in query ? query.company : undefined),
    ...search,
    qKey: search.q ? normaliseMpn(search.q) || undefined : undefined,
    type: query.type,
    msl: query.msl,
    lifecycle: query.lifecycle,
  });
  const items = await partsOf(reader.db, result.rows);
  return pageOf(query, { rows: items, total: result.total }, (item) => item);
}

export const partPage = (reader: PartReader, query: PartListQuery | StaffPartListQuery) =>
  listOf(reader, query);

export async function partDetail(reader: PartReader, id: string): Promise<PartDetail> {
  const record = await findPart(reader.db, reader.companyId, id);
  if (!record) throw missing();
  const [part] = await partsOf(reader.db, [record]);
  const entries = await subjectHistory(reader.db, { type: "part", id }, HISTORY_LIMIT);
  const history: PartHistoryEntry[] = entries
    .filter((entry) => entry.action.startsWith("part."))
    .map((entry) => ({
      at: entry.createdAt.toISOString(),
      actor_name: entry.actorName,
      action: entry.action as PartHistoryEntry["action"],
      details: entry.details ?? {},
    }));
  return { ...part!, history };
}

/** The manufacturer a name resolves to: its canonical id and name, or the name as given. */
function manufacturerOf(name: string | null | undefined) {
  const given = name?.trim() || null;
  const known = given ? canonicalManufacturer(given) : null;
  return { manufacturer: given, manufacturerId: known?.id ?? null };
}

/**
 * The MPN rows to insert for a part, after checking that none repeats within the request or is
 * already another part's (409 naming that part), so a BOM line can never match two parts.
 */
async function mpnRows(
  tx: Executor,
  companyId: string,
  partId: string,
  inputs: PartMpnInput[],
  fieldOf: (index: number) => string,
) {
  const keys = inputs.map((input) => mpnKeyOf(input.mpn));
  keys.forEach((key, index) => {
    if (keys.indexOf(key) !== index)
      throw new AppError(400, ERROR_CODES.validation, "names the same MPN twice", { field: fieldOf(index) });
  });
  const taken = await findMpnsByKeys(tx, companyId, keys);
  for (const row of taken) {
    throw new AppError(
      409,
      ERROR_CODES.conflict,
      row.partId === partId
        ? `This part already has the MPN ${row.mpn}`
        : `The MPN ${row.mpn} belongs to part ${row.partNumber}`,
      { field: fieldOf(keys.indexOf(row.mpnKey)) },
    );
  }
  return inputs.map((input, index) => ({
    partId,
    companyId,
    ...manufacturerOf(input.manufacturer),
    mpn: input.mpn.trim(),
    mpnKey: keys[index]!,
  }));
}

function logPart(
  tx: Executor,
  ctx: PartsContext,
  action: "part.created" | "part.updated" | "part.mpn_added" | "part.mpn_removed",
  part: { id: string; partNumber: string },
  details: Record<string, string | number | boolean | null>,
) {
  return recordActivity(tx, {
    action,
    companyId: ctx.tenant,
    actor: ctx.actor,
    subject: { type: "part", id: part.id },
    details: { label: part.partNumber, ...details },
    request: ctx.request,
  });
}

/** The next number of the company's series, taken under the series' row lock. */
async function takeSeriesNumber(tx: Executor, companyId: string): Promise<string> {
  const series = await lockPartSeries(tx, companyId, DEFAULT_PART_SERIES);
  // A number typed by hand may already use the next serial: skip past every taken one.
  let serial = Math.max(series.nextNumber, (await highestSerial(tx, companyId, series.prefix)) + 1);
  while (await findPartByNumberKey(tx, companyId, numberKeyOf(formatSerial(series, serial)))) serial += 1;
  await savePartSeries(tx, { ...series, nextNumber: serial + 1 });
  return formatSerial(series, serial);
}

export async function createPart(ctx: PartsContext, body: PartCreate): Promise<PartDetail> {
  const id = await ctx.db.transaction(async (tx) => {
    const given = body.part_number?.trim();
    if (given && (await findPartByNumberKey(tx, ctx.tenant, numberKeyOf(given))))
      throw new AppError(409, ERROR_CODES.conflict, `The part number ${given} is already used`, {
        field: "part_number",
      });
    const partNumber = given || (await takeSeriesNumber(tx, ctx.tenant));
    const part = await insertPart(tx, {
      companyId: ctx.tenant,
      partNumber,
      partNumberKey: numberKeyOf(partNumber),
      description: body.description.trim(),
      type: body.type,
      msl: body.msl ?? null,
      polarized: body.polarized ?? false,
      lifecycle: body.lifecycle ?? null,
      valuationMinor: body.valuation_rate?.amount_minor ?? null,
      valuationCurrency: body.valuation_rate?.currency ?? null,
      comment: body.comment?.trim() || null,
      createdByUserId: ctx.actor.id,
    });
    await insertPartMpns(tx, await mpnRows(tx, ctx.tenant, part.id, body.mpns ?? [], (i) => `mpns.${i}.mpn`));
    await logPart(tx, ctx, "part.created", part, { description: part.description });
    return part.id;
  });
  return partDetail(companyPartReader(ctx), id);
}

const valuationText = (minor: number | null, currency: string | null) =>
  minor === null || currency === null ? null : `${(minor / 100).toFixed(2)} ${currency}`;

export async function updatePart(ctx: PartsContext, id: string, body: PartUpdate): Promise<PartDetail> {
  await ctx.db.transaction(async (tx) => {
    const part = await lockPart(tx, ctx.tenant, id);
    if (!part) throw missing();
    const next = {
      description: body.description?.trim() ?? part.description,
      type: body.type ?? part.type,
      msl: body.msl === undefined ? part.msl : body.msl,
      polarized: body.polarized ?? part.polarized,
      lifecycle: body.lifecycle === undefined ? part.lifecycle : body.lifecycle,
      valuationMinor:
        body.valuation_rate === undefined ? part.valuationMinor : (body.valuation_rate?.amount_minor ?? null),
      valuationCurrency:
        body.valuation_rate === undefined ? part.valuationCurrency : (body.valuation_rate?.currency ?? null),
      comment: body.comment === undefined ? part.comment : body.comment?.trim() || null,
    };
    const changes: Record<string, string | boolean | null> = {};
    if (next.description !== part.description) changes.description = next.description;
    if (next.type !== part.type) changes.type = next.type;
    if (next.msl !== part.msl) changes.msl = next.msl;
    if (next.polarized !== part.polarized) changes.polarized = next.polarized;
    if (next.lifecycle !== part.lifecycle) changes.lifecycle = next.lifecycle;
    if (next.valuationMinor !== part.valuationMinor || next.valuationCurrency !== part.valuationCurrency)
      changes.valuation_rate = valuationText(next.valuationMinor, next.valuationCurrency);
    if (next.comment !== part.comment) changes.comment = next.comment;
    // Saving what is already there is not a change: no write, no history entry.
    if (Object.keys(changes).length === 0) return;
    await updatePartRow(tx, id, next);
    await logPart(tx, ctx, "part.updated", part, { fields: Object.keys(changes).join(", "), ...changes });
  });
  return partDetail(companyPartReader(ctx), id);
}

export async function addPartMpn(ctx: PartsContext, id: string, body: PartMpnInput): Promise<PartDetail> {
  await ctx.db.transaction(async (tx) => {
    const part = await lockPart(tx, ctx.tenant, id);
    if (!part) throw missing();
    const [row] = await mpnRows(tx, ctx.tenant, part.id, [body], () => "mpn");
    await insertPartMpns(tx, [row!]);
    await updatePartRow(tx, id, {});
    await logPart(tx, ctx, "part.mpn_added", part, { mpn: row!.mpn, manufacturer: row!.manufacturer });
  });
  return partDetail(companyPartReader(ctx), id);
}

export async function removePartMpn(ctx: PartsContext, id: string, mpnId: string): Promise<PartDetail> {
  await ctx.db.transaction(async (tx) => {
    const part = await lockPart(tx, ctx.tenant, id);
    if (!part) throw missing();
    const removed = await deletePartMpn(tx, part.id, mpnId);
    if (!removed) throw notFound("This part has no such MPN");
    await updatePartRow(tx, id, {});
    await logPart(tx, ctx, "part.mpn_removed", part, {
      mpn: removed.mpn,
      manufacturer: removed.manufacturer,
    });
  });
  return partDetail(companyPartReader(ctx), id);
}

/** Generic link search: a part by its own number or by any of its MPNs, however they are written. */
export async function lookupPart(ctx: Pick<RequestContext, "db" | "tenant">, q: string): Promise<Part[]> {
  const records = await lookupParts(ctx.db, ctx.tenant, numberKeyOf(q), normaliseMpn(q), LOOKUP_LIMIT);
  return partsOf(ctx.db, records);
}

export function manufacturerList(): Manufacturer[] {
  return MANUFACTURERS.map(({ id, name, aliases }) => ({ id, name, aliases: [...aliases] }));
}

function toSeries(series: Pick<PartSeriesRow, "prefix" | "digits" | "nextNumber">): PartSeries {
  return {
    prefix: series.prefix,
    digits: series.digits,
    next_number: series.nextNumber,
    next_part_number: formatSerial(series, series.nextNumber),
  };
}

export async function partSeriesOf(ctx: Pick<RequestContext, "db" | "tenant">): Promise<PartSeries> {
  return toSeries((await findPartSeries(ctx.db, ctx.tenant)) ?? DEFAULT_PART_SERIES);
}

/**
 * Sets the series. With the same prefix the next number may not go back to a serial already given,
 * so a number is never handed out twice.
 */
export async function setPartSeries(ctx: PartsContext, body: PartSeriesUpdate): Promise<PartSeries> {
  return ctx.db.transaction(async (tx) => {
    const series = await lockPartSeries(tx, ctx.tenant, DEFAULT_PART_SERIES);
    const highest = await highestSerial(tx, ctx.tenant, body.prefix);
    if (body.next_number <= highest)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `Part ${formatSerial({ prefix: body.prefix, digits: body.digits }, highest)} exists: the next number must be above ${highest}`,
        { field: "next_number" },
      );
    const next = { ...series, prefix: body.prefix, digits: body.digits, nextNumber: body.next_number };
    await savePartSeries(tx, next);
    await recordActivity(tx, {
      action: "part.series_changed",
      companyId: ctx.tenant,
      actor: ctx.actor,
      details: { label: formatSerial(next, next.nextNumber) },
      request: ctx.request,
    });
    return toSeries(next);
  });
}
