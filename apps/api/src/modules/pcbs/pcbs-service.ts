import { ERROR_CODES } from "@ems/contracts/errors";
import type { CompanyFile } from "@ems/contracts/files";
import type { PcbSpecFields } from "@ems/contracts/pcb-spec";
import type {
  PcbFrozenReason,
  PcbSpecCreate,
  PcbSpecDetail,
  PcbSpecListQuery,
  PcbSpecPage,
  PcbSpecSave,
  PcbSpecReference,
  PcbSpecSummary,
  PcbSpecVersion,
  StaffPcbSpecListQuery,
} from "@ems/contracts/pcbs";
import type { Database } from "@ems/db/client";
import { nextDocumentNumber } from "@ems/db/document-numbers";
import type { Executor } from "@ems/db/factories";
import type { FileStorage } from "@ems/storage/file-storage";
import { AppError, notFound } from "../../lib/app-error.ts";
import { pageOf, searchOf } from "../../lib/list-query.ts";
import type { RequestContext } from "../../plugins/request-context.ts";
import { recordActivity } from "../activity/activity-service.ts";
import { companyFileFor, liveCompanyFile } from "../files/files-service.ts";
import { renderPcbPdf } from "./pcb-pdf.ts";
import {
  findDoneAnalysis,
  findPcbSpec,
  findPcbVersion,
  findPcbVersionById,
  findPcbVersionsByIds,
  freezeVersion,
  insertPcbSpec,
  insertPcbVersion,
  listPcbSpecs,
  listPcbUses,
  listPcbVersions,
  lockPcbSpec,
  setPcbAnalysis,
  setPcbArchived,
  setPcbStaffNote,
  type PcbSpecRecord,
  type PcbSpecVersionRow,
} from "./pcbs-repository.ts";

export type PcbsContext = Pick<RequestContext, "db" | "tenant" | "actor" | "request">;

/** Who reads: a company member sees only the company's specifications, staff every company's. */
export type PcbReader = { db: Database; companyId: string | undefined; staff: boolean };

/**
 * What the analysis of a Gerber zip answers (the shape of pcb-analysis's GerberAnalysis): board data
 * and DFM report are stored as they are; previews are SHA-256 keys of PNGs in the file storage.
 */
export interface PcbAnalysisResult {
  board: object;
  dfm: object;
  previews: { top: string | null; bottom: string | null };
}

/** Analyses the zip stored under `zipSha256` against the version's fields. */
export type PcbAnalyser = (zipSha256: string, fields: PcbSpecFields) => Promise<PcbAnalysisResult>;

/** A failed analysis's reason code: the analyser's error code when it has one. */
export const ANALYSIS_FAILED = "failed";

const missing = () => notFound("No such PCB specification");
const missingVersion = () => notFound("No such version of this PCB specification");

const iso = (date: Date | null) => date?.toISOString() ?? null;
const fieldsOf = (row: PcbSpecVersionRow) => row.fields as PcbSpecFields;

function toSummary({ spec, companyName, latest }: PcbSpecRecord): PcbSpecSummary {
  const fields = fieldsOf(latest);
  return {
    id: spec.id,
    number: spec.number,
    company_id: spec.companyId,
    company_name: companyName,
    name: fields.name,
    customer_part_number: fields.customer_part_number ?? null,
    revision: fields.revision ?? null,
    layers: fields.layers,
    width_mm: fields.width_mm,
    height_mm: fields.height_mm,
    surface_finish: fields.surface_finish,
    latest_version: latest.version,
    latest_version_id: latest.id,
    has_gerber: latest.gerberFileId !== null,
    analysis_status: latest.analysisStatus,
    created_at: spec.createdAt.toISOString(),
    updated_at: latest.createdAt.toISOString(),
    archived_at: iso(spec.archivedAt),
  };
}

function previewUrl(reader: PcbReader, row: PcbSpecVersionRow, side: "top" | "bottom"): string | null {
  const sha = side === "top" ? row.previewTopSha256 : row.previewBottomSha256;
  if (!sha) return null;
  return `/api/${reader.staff ? "staff/" : ""}pcbs/${row.specId}/versions/${row.version}/preview/${side}`;
}

async function toVersion(
  reader: PcbReader,
  row: PcbSpecVersionRow,
  createdBy: string | null,
): Promise<PcbSpecVersion> {
  const gerber: CompanyFile | null = row.gerberFileId
    ? await liveCompanyFile(reader.db, reader.companyId, row.gerberFileId)
    : null;
  const analysis = row.analysisStatus === "done" ? (row.analysis as PcbSpecVersion["analysis"]) : null;
  return {
    id: row.id,
    spec_id: row.specId,
    version: row.version,
    name: fieldsOf(row).name,
    fields: fieldsOf(row),
    gerber_file: gerber,
    created_at: row.createdAt.toISOString(),
    created_by_name: createdBy,
    frozen_at: iso(row.frozenAt),
    frozen_reason: row.frozenReason,
    analysis_status: row.analysisStatus,
    analysis_error: row.analysisStatus === "failed" ? (row.analysisError ?? ANALYSIS_FAILED) : null,
    analysis,
    preview_top_url: previewUrl(reader, row, "top"),
    preview_bottom_url: previewUrl(reader, row, "bottom"),
  };
}

async function detailOf(reader: PcbReader, id: string): Promise<PcbSpecDetail> {
  const record = await findPcbSpec(reader.db, reader.companyId, id);
  if (!record) throw missing();
  const [versions, usedIn] = await Promise.all([listPcbVersions(reader.db, id), listPcbUses(reader.db, id)]);
  const latest = versions.at(-1);
  if (!latest) throw missing();
  return {
    id: record.spec.id,
    number: record.spec.number,
    company_id: record.spec.companyId,
    company_name: record.companyName,
    created_at: record.spec.createdAt.toISOString(),
    archived_at: iso(record.spec.archivedAt),
    staff_note: record.spec.staffNote,
    staff_note_at: iso(record.spec.staffNoteAt),
    latest_version: latest.version.version,
    versions: versions.map(({ version, createdBy }) => ({
      version: version.version,
      created_at: version.createdAt.toISOString(),
      created_by_name: createdBy,
      frozen: version.frozenAt !== null,
      frozen_reason: version.frozenReason,
      has_gerber: version.gerberFileId !== null,
    })),
    latest: await toVersion(reader, latest.version, latest.createdBy),
    used_in: usedIn,
  };
}

export const companyReader = (ctx: Pick<RequestContext, "db" | "tenant">): PcbReader => ({
  db: ctx.db,
  companyId: ctx.tenant,
  staff: false,
});
export const staffReader = (db: Database): PcbReader => ({ db, companyId: undefined, staff: true });

export async function pcbSpecPage(
  reader: PcbReader,
  query: PcbSpecListQuery | StaffPcbSpecListQuery,
): Promise<PcbSpecPage> {
  const company = "company" in query ? query.company : undefined;
  return pageOf(
    query,
    await listPcbSpecs(reader.db, {
      companyId: reader.companyId ?? company,
      layers: query.layers,
      finish: query.finish,
      state: query.state,
      ...searchOf(query),
    }),
    toSummary,
  );
}

export const pcbSpecDetail = (reader: PcbReader, id: string) => detailOf(reader, id);

export async function pcbSpecVersion(
  reader: PcbReader,
  id: string,
  version: number,
): Promise<PcbSpecVersion> {
  const spec = await findPcbSpec(reader.db, reader.companyId, id);
  if (!spec) throw missing();
  const record = await findPcbVersion(reader.db, id, version);
  if (!record) throw missingVersion();
  return toVersion(reader, record.version, record.createdBy);
}

/** The Gerber zip of a version (the latest when none is named), for the CAM view and downloads. */
export async function pcbGerberFile(
  reader: PcbReader,
  id: string,
  version: number | undefined,
): Promise<CompanyFile> {
  const shown =
    version === undefined
      ? (await pcbSpecDetail(reader, id)).latest
      : await pcbSpecVersion(reader, id, version);
  if (!shown.gerber_file) throw notFound("This version of the PCB specification has no Gerber files");
  return shown.gerber_file;
}

/** A stored board image, or null when the storage no longer has it (the PDF then goes without). */
async function storedPreview(storage: FileStorage, sha256: string | null): Promise<Buffer | null> {
  if (!sha256 || !(await storage.has(sha256))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.open(sha256)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A version as a PDF in `language`, named by the specification's number and the version. */
export async function pcbVersionPdf(
  reader: PcbReader,
  storage: FileStorage,
  id: string,
  version: number,
  language: string,
): Promise<{ name: string; pdf: Buffer }> {
  const spec = await findPcbSpec(reader.db, reader.companyId, id);
  if (!spec) throw missing();
  const record = await findPcbVersion(reader.db, id, version);
  if (!record) throw missingVersion();
  const dto = await toVersion(reader, record.version, record.createdBy);
  const [top, bottom] = await Promise.all([
    storedPreview(storage, record.version.previewTopSha256),
    storedPreview(storage, record.version.previewBottomSha256),
  ]);
  const pdf = await renderPcbPdf({
    number: spec.spec.number,
    companyName: spec.companyName,
    version: dto,
    previews: { top, bottom },
    language,
  });
  return { name: `${spec.spec.number}-v${version}`, pdf };
}

/** The stored preview PNG of a version's side, or 404 when the version has none. */
export async function pcbPreviewSha256(
  reader: PcbReader,
  id: string,
  version: number,
  side: "top" | "bottom",
): Promise<string> {
  const spec = await findPcbSpec(reader.db, reader.companyId, id);
  if (!spec) throw missing();
  const record = await findPcbVersion(reader.db, id, version);
  if (!record) throw missingVersion();
  const sha = side === "top" ? record.version.previewTopSha256 : record.version.previewBottomSha256;
  if (!sha || record.version.analysisStatus !== "done") throw notFound("This version has no preview image");
  return sha;
}

/** A version to write: its Gerber file checked to be the company's live gerber upload. */
async function versionValues(
  tx: Executor,
  ctx: PcbsContext,
  specId: string,
  version: number,
  fields: PcbSpecFields,
  gerberFileId: string | null | undefined,
  analysing: boolean,
) {
  const file = gerberFileId
    ? await companyFileFor(tx, ctx.tenant, gerberFileId, "gerber", "gerber_file_id")
    : null;
  return {
    specId,
    version,
    fields,
    gerberFileId: file?.id ?? null,
    createdByUserId: ctx.actor.id,
    analysisStatus: file && analysing ? ("pending" as const) : ("none" as const),
  };
}

/** What a write answers: the specification, and the version whose Gerber zip waits for its analysis. */
export interface PcbWrite {
  detail: PcbSpecDetail;
  analyse: string | null;
}

/** The activity log's entry of a change, in the change's transaction. */
function logPcbChange(
  tx: Executor,
  ctx: PcbsContext,
  action: "pcb.created" | "pcb.version_saved" | "pcb.archived" | "pcb.restored",
  spec: { id: string; number: string },
  details: Record<string, string | number | null> = {},
) {
  return recordActivity(tx, {
    action,
    companyId: ctx.tenant,
    actor: ctx.actor,
    subject: { type: "pcb_spec", id: spec.id },
    details: { label: spec.number, ...details },
    request: ctx.request,
  });
}

async function written(ctx: PcbsContext, id: string, row: PcbSpecVersionRow): Promise<PcbWrite> {
  return {
    detail: await detailOf(companyReader(ctx), id),
    analyse: row.analysisStatus === "pending" ? row.id : null,
  };
}

/**
 * `analysing`: whether an analyser runs after the write; without one a version's Gerber zip is kept
 * with analysis status none instead of pending for ever.
 */
export async function createPcbSpec(
  ctx: PcbsContext,
  body: PcbSpecCreate,
  analysing: boolean,
): Promise<PcbWrite> {
  const { spec, row } = await ctx.db.transaction(async (tx) => {
    const spec = await insertPcbSpec(tx, {
      companyId: ctx.tenant,
      number: await nextDocumentNumber(tx, "pcb"),
      createdByUserId: ctx.actor.id,
    });
    const row = await insertPcbVersion(
      tx,
      await versionValues(tx, ctx, spec.id, 1, body.fields, body.gerber_file_id, analysing),
    );
    await logPcbChange(tx, ctx, "pcb.created", spec, { name: body.fields.name });
    return { spec, row };
  });
  return written(ctx, spec.id, row);
}

/**
 * Saves a change as the next version. The specification's row is locked first, so of two saves based
 * on the same version the second sees the first's version and is refused with nothing written.
 */
export async function savePcbVersion(
  ctx: PcbsContext,
  id: string,
  body: PcbSpecSave,
  analysing: boolean,
): Promise<PcbWrite> {
  const row = await ctx.db.transaction(async (tx) => {
    const spec = await lockPcbSpec(tx, ctx.tenant, id);
    if (!spec) throw missing();
    if (spec.archivedAt)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        "This specification is archived: restore it to change it",
      );
    const versions = await listPcbVersions(tx, id);
    const latest = versions.at(-1)?.version.version ?? 0;
    if (body.base_version !== latest)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `This specification was changed meanwhile: version ${latest} is the latest, your change was based on version ${body.base_version}`,
        { otherData: { latest_version: latest } },
      );
    const saved = await insertPcbVersion(
      tx,
      await versionValues(tx, ctx, id, latest + 1, body.fields, body.gerber_file_id, analysing),
    );
    await logPcbChange(tx, ctx, "pcb.version_saved", spec, { version: saved.version });
    return saved;
  });
  return written(ctx, id, row);
}

/** A new specification (its own number) whose version 1 copies a version's fields and Gerber file. */
export async function duplicatePcbSpec(
  ctx: PcbsContext,
  id: string,
  version: number | undefined,
): Promise<PcbWrite> {
  const source = await findPcbSpec(ctx.db, ctx.tenant, id);
  if (!source) throw missing();
  const record =
    version === undefined ? { version: source.latest } : await findPcbVersion(ctx.db, id, version);
  if (!record) throw missingVersion();
  const from = record.version;
  const gerber = from.gerberFileId ? await liveCompanyFile(ctx.db, ctx.tenant, from.gerberFileId) : null;
  const { spec, row } = await ctx.db.transaction(async (tx) => {
    const spec = await insertPcbSpec(tx, {
      companyId: ctx.tenant,
      number: await nextDocumentNumber(tx, "pcb"),
      createdByUserId: ctx.actor.id,
    });
    // The copy keeps what the analysis found: the same zip against the same fields.
    const row = await insertPcbVersion(tx, {
      specId: spec.id,
      version: 1,
      fields: from.fields,
      gerberFileId: gerber?.id ?? null,
      createdByUserId: ctx.actor.id,
      ...(gerber
        ? {
            analysisStatus: from.analysisStatus,
            analysis: from.analysis,
            analysisError: from.analysisError,
            previewTopSha256: from.previewTopSha256,
            previewBottomSha256: from.previewBottomSha256,
          }
        : { analysisStatus: "none" as const }),
    });
    await logPcbChange(tx, ctx, "pcb.created", spec, {
      name: fieldsOf(from).name,
      copied_from: source.spec.number,
    });
    return { spec, row };
  });
  return written(ctx, spec.id, row);
}

export async function archivePcbSpec(
  ctx: PcbsContext,
  id: string,
  archived: boolean,
): Promise<PcbSpecDetail> {
  const record = await findPcbSpec(ctx.db, ctx.tenant, id);
  if (!record) throw missing();
  // Archiving twice keeps the first time (and logs it once).
  if (archived !== (record.spec.archivedAt !== null))
    await ctx.db.transaction(async (tx) => {
      await setPcbArchived(tx, ctx.tenant, id, archived ? new Date() : null);
      await logPcbChange(tx, ctx, archived ? "pcb.archived" : "pcb.restored", record.spec);
    });
  return detailOf(companyReader(ctx), id);
}

export async function setPcbStaffNoteOf(
  db: Database,
  actorId: string,
  id: string,
  note: string,
): Promise<PcbSpecDetail> {
  const text = note.trim();
  const found = await setPcbStaffNote(
    db,
    id,
    text
      ? { staffNote: text, staffNoteAt: new Date(), staffNoteByUserId: actorId }
      : { staffNote: null, staffNoteAt: null, staffNoteByUserId: null },
  );
  if (!found) throw missing();
  return detailOf(staffReader(db), id);
}

/**
 * Freezes a version for a quote or an order: it can never change again, and saving the
 * specification makes a new version instead. A version keeps the time it was first frozen; an order
 * turns a quoted version into an ordered one. Call it inside the transaction that writes the quote
 * or order.
 */
export async function freezePcbVersion(
  db: Executor,
  versionId: string,
  reason: PcbFrozenReason,
): Promise<PcbSpecVersionRow> {
  const row = await freezeVersion(db, versionId, reason, new Date());
  if (!row) throw missingVersion();
  return row;
}

/** One referenced version: its id and where it stands in the body, to name the field that is wrong. */
export interface PcbVersionUse {
  versionId: string;
  field: string;
}

/**
 * For the quotes module, inside the transaction that writes quote lines: every referenced version
 * must be one of the company's (another company's answers 404, naming the field); a customer may not
 * reference a version of an archived specification (409), staff keep what the request referenced.
 * The versions are frozen for the quote.
 */
export async function referencePcbVersions(
  db: Executor,
  companyId: string,
  uses: readonly PcbVersionUse[],
  options: { allowArchived: boolean },
): Promise<void> {
  const ids = [...new Set(uses.map((use) => use.versionId))];
  const found = new Map((await findPcbVersionsByIds(db, companyId, ids)).map((row) => [row.version.id, row]));
  for (const use of uses) {
    const row = found.get(use.versionId);
    if (!row)
      throw new AppError(404, ERROR_CODES.notFound, "No such version of a PCB specification", {
        field: use.field,
      });
    if (row.spec.archivedAt && !options.allowArchived)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `PCB specification ${row.spec.number} is archived: restore it before quoting it`,
        { field: use.field },
      );
  }
  for (const id of ids) await freezePcbVersion(db, id, "quote");
}

/** For the orders module, in the order's transaction: the ordered lines' versions become ordered. */
export async function freezePcbVersionsForOrder(db: Executor, versionIds: readonly string[]): Promise<void> {
  for (const id of new Set(versionIds)) await freezePcbVersion(db, id, "order");
}

type DfmCounts = { dfm_errors: number | null; dfm_warnings: number | null };

function dfmCounts(row: PcbSpecVersionRow): DfmCounts {
  const findings = (row.analysis as { dfm?: { findings?: { severity: string }[] } } | null)?.dfm?.findings;
  if (row.analysisStatus !== "done" || !findings) return { dfm_errors: null, dfm_warnings: null };
  return {
    dfm_errors: findings.filter((finding) => finding.severity === "error").length,
    dfm_warnings: findings.filter((finding) => finding.severity === "warning").length,
  };
}

/**
 * The specification versions that quote and order lines refer to, by version id, as the reader
 * sees them (a company member only the company's; staff every one, with staff preview links).
 */
export async function pcbSpecReferences(
  reader: PcbReader,
  versionIds: readonly (string | null)[],
): Promise<Map<string, PcbSpecReference>> {
  const ids = [...new Set(versionIds.filter((id): id is string => id !== null))];
  const rows = await findPcbVersionsByIds(reader.db, reader.companyId, ids);
  return new Map(
    rows.map(({ version, spec }) => {
      const fields = fieldsOf(version);
      return [
        version.id,
        {
          spec_id: spec.id,
          version_id: version.id,
          number: spec.number,
          version: version.version,
          name: fields.name,
          revision: fields.revision ?? null,
          layers: fields.layers,
          width_mm: fields.width_mm,
          height_mm: fields.height_mm,
          has_gerber: version.gerberFileId !== null,
          analysis_status: version.analysisStatus,
          ...dfmCounts(version),
          preview_top_url: previewUrl(reader, version, "top"),
        },
      ];
    }),
  );
}

/**
 * Analyses a saved version's Gerber zip and stores the outcome: done with board data, DFM report
 * and preview keys, or failed with a reason code. A finished analysis of the same zip and fields is
 * reused instead of running again.
 */
export async function analysePcbVersion(
  db: Database,
  analyse: PcbAnalyser,
  versionId: string,
): Promise<void> {
  const record = await findPcbVersionById(db, undefined, versionId);
  if (!record?.version.gerberFileId || record.version.analysisStatus !== "pending") return;
  const file = await liveCompanyFile(db, undefined, record.version.gerberFileId);
  if (!file) {
    await setPcbAnalysis(db, versionId, { analysisStatus: "failed", analysisError: "file_missing" });
    return;
  }
  const fields = fieldsOf(record.version);
  const earlier = await findDoneAnalysis(db, file.sha256, record.version.fields);
  if (earlier) {
    await setPcbAnalysis(db, versionId, {
      analysisStatus: "done",
      analysis: earlier.analysis,
      analysisError: null,
      previewTopSha256: earlier.previewTopSha256,
      previewBottomSha256: earlier.previewBottomSha256,
    });
    return;
  }
  try {
    const result = await analyse(file.sha256, fields);
    await setPcbAnalysis(db, versionId, {
      analysisStatus: "done",
      analysis: { board: result.board, dfm: result.dfm } as Record<string, unknown>,
      analysisError: null,
      previewTopSha256: result.previews.top,
      previewBottomSha256: result.previews.bottom,
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    await setPcbAnalysis(db, versionId, {
      analysisStatus: "failed",
      analysisError: typeof code === "string" && /^[a-z_]{1,40}$/.test(code) ? code : ANALYSIS_FAILED,
    });
    throw error;
  }
}

/**
 * The board size of each PCB specification version, for checking placements against it: the size
 * the Gerber analysis measured when it is done, else the size the specification states.
 */
export async function pcbBoardSizes(
  reader: PcbReader,
  versionIds: readonly (string | null)[],
): Promise<Map<string, { widthMm: number; heightMm: number }>> {
  const ids = [...new Set(versionIds.filter((id): id is string => id !== null))];
  const rows = await findPcbVersionsByIds(reader.db, reader.companyId, ids);
  return new Map(
    rows.map(({ version }) => {
      const measured = (
        version.analysis as {
          board?: { size?: { widthMm: number; heightMm: number; source: string } };
        } | null
      )?.board?.size;
      const fields = fieldsOf(version);
      return [
        version.id,
        measured && version.analysisStatus === "done" && measured.source !== "none"
          ? { widthMm: measured.widthMm, heightMm: measured.heightMm }
          : { widthMm: fields.width_mm, heightMm: fields.height_mm },
      ];
    }),
  );
}
