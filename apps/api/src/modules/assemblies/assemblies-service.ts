import { buffer } from "node:stream/consumers";
import { bomCsv, bomXlsx, type ExportCell } from "@ems/bom/bom-export";
import { importBom } from "@ems/bom/bom-import";
import { canonicalManufacturer } from "@ems/bom/manufacturers";
import { readBomTable } from "@ems/bom/bom-table";
import { findHeaderRow } from "@ems/bom/bom-columns";
import { BomFileRefused, type BomColumnMapping, type BomImport, type PnpPlacement } from "@ems/bom/bom-types";
import { crossCheckPlacements } from "@ems/bom/pnp-cross-check";
import { importPickAndPlace } from "@ems/bom/pnp-import";
import { mountFromFootprint } from "@ems/bom/pnp-mount";
import { boardOutline, detectOrigin, type BoardSize, type PnpOrigin } from "@ems/bom/pnp-origin";
import type {
  AssemblyCreate,
  AssemblyDetail,
  AssemblyListQuery,
  AssemblyPage,
  AssemblySave,
  AssemblySpecReference,
  AssemblySummary,
  AssemblyVersion,
  BomDiff,
  BomDto,
  BomImportBody,
  BomLineDto,
  BomLineUpdate,
  BomLineReview,
  BomPreview,
  PlacementsDto,
  PlacementsImport,
  PlacementsPreview,
  ProductionBom,
  StaffAssemblyListQuery,
} from "@ems/contracts/assemblies";
import type { AssemblySpecFields } from "@ems/contracts/assembly-spec";
import { ERROR_CODES } from "@ems/contracts/errors";
import type { PcbSpecReference } from "@ems/contracts/pcbs";
import type { Database } from "@ems/db/client";
import { nextDocumentNumber } from "@ems/db/document-numbers";
import type { Executor } from "@ems/db/factories";
import type { FileStorage } from "@ems/storage/file-storage";
import { AppError, notFound } from "../../lib/app-error.ts";
import { pageOf, searchOf } from "../../lib/list-query.ts";
import type { RequestContext } from "../../plugins/request-context.ts";
import { recordActivity } from "../activity/activity-service.ts";
import { companyFileFor } from "../files/files-service.ts";
import { companyPartFor, matchBomLines } from "../parts/part-match-service.ts";
import { freezePcbVersion, pcbBoardSizes, pcbSpecReferences } from "../pcbs/pcbs-service.ts";
import { renderAssemblyPdf, renderProductionBomPdf } from "./assembly-pdf.ts";
import {
  bomCounts,
  findAssembly,
  findAssemblyVersionsByIds,
  findBomVersion,
  freezeAssemblyVersion,
  findReleasedBomVersion,
  findColumnMapping,
  findPlacementSets,
  insertAssembly,
  insertAssemblyVersion,
  insertBomLines,
  insertBomVersion,
  insertPlacementSet,
  listAssemblies,
  listAssemblyVersions,
  listBomLines,
  listBomVersions,
  lockAnyAssembly,
  lockAssembly,
  saveColumnMapping,
  setBomLineReview,
  setBomReleased,
  setVersionData,
  type AssemblyRecord,
  type AssemblyVersionRow,
  type BomLineRecord,
  type NewBomLineRow,
  type PlacementSetRow,
} from "./assemblies-repository.ts";

export type AssembliesContext = Pick<RequestContext, "db" | "tenant" | "actor" | "request">;

/** Who reads: a company member sees only the company's specifications, staff every company's. */
export type AssemblyReader = { db: Database; companyId: string | undefined; staff: boolean };

export const companyAssemblyReader = (ctx: Pick<RequestContext, "db" | "tenant">): AssemblyReader => ({
  db: ctx.db,
  companyId: ctx.tenant,
  staff: false,
});
export const staffAssemblyReader = (db: Database): AssemblyReader => ({
  db,
  companyId: undefined,
  staff: true,
});

const missing = () => notFound("No such assembly specification");
const missingVersion = () => notFound("No such version of this assembly specification");
const noBom = () => notFound("This assembly specification has no bill of materials yet");

const iso = (date: Date | null) => date?.toISOString() ?? null;
const fieldsOf = (row: AssemblyVersionRow) => row.fields as AssemblySpecFields;

// Reading.

type Placement = PnpPlacement;
/** Sets read before placements carried their mount get it from the footprint, as the reader does. */
const placementsOf = (set: PlacementSetRow) =>
  (set.placements as unknown as (Omit<Placement, "mount"> & { mount?: Placement["mount"] })[]).map(
    (p): Placement => ({ ...p, mount: p.mount ?? mountFromFootprint(p.footprint) }),
  );

function countPlacements(placements: readonly Placement[]) {
  const count = (side: Placement["side"], mount: Placement["mount"]) =>
    placements.filter((p) => p.side === side && p.mount === mount).length;
  const counts = {
    top_smt: count("top", "smt"),
    top_tht: count("top", "tht"),
    bottom_smt: count("bottom", "smt"),
    bottom_tht: count("bottom", "tht"),
  };
  return {
    top: counts.top_smt + counts.top_tht,
    bottom: counts.bottom_smt + counts.bottom_tht,
    total: placements.length,
    ...counts,
  };
}

function placementCounts(set: PlacementSetRow | undefined) {
  return set ? countPlacements(placementsOf(set)) : null;
}

async function pcbRefs(reader: AssemblyReader, ids: (string | null)[]) {
  return pcbSpecReferences(reader, ids);
}

function toVersion(
  row: AssemblyVersionRow,
  createdBy: string | null,
  bomVersion: number | null,
  pcb: Map<string, PcbSpecReference>,
  sets: Map<string, PlacementSetRow>,
): AssemblyVersion {
  return {
    id: row.id,
    spec_id: row.specId,
    version: row.version,
    fields: fieldsOf(row),
    pcb: row.pcbSpecVersionId ? (pcb.get(row.pcbSpecVersionId) ?? null) : null,
    bom_version: bomVersion,
    placements_id: row.placementSetId,
    placements: placementCounts(row.placementSetId ? sets.get(row.placementSetId) : undefined),
    created_at: row.createdAt.toISOString(),
    created_by_name: createdBy,
    frozen_at: iso(row.frozenAt),
    frozen_reason: row.frozenReason,
  };
}

async function setsById(db: Executor, ids: (string | null)[]) {
  const rows = await findPlacementSets(db, [...new Set(ids.filter((id): id is string => id !== null))]);
  return new Map(rows.map((row) => [row.id, row]));
}

export async function assemblyPage(
  reader: AssemblyReader,
  query: AssemblyListQuery | StaffAssemblyListQuery,
): Promise<AssemblyPage> {
  const result = await listAssemblies(reader.db, {
    companyId: reader.companyId ?? ("company" in query ? query.company : undefined),
    state: query.state,
    ...searchOf(query),
  });
  const latest = result.rows.map((row) => row.latest);
  const [pcb, counts, sets] = await Promise.all([
    pcbRefs(
      reader,
      latest.map((v) => v.pcbSpecVersionId),
    ),
    bomCounts(
      reader.db,
      latest.map((v) => v.bomVersionId).filter((id): id is string => id !== null),
    ),
    setsById(
      reader.db,
      latest.map((v) => v.placementSetId),
    ),
  ]);
  return pageOf(query, result, ({ spec, companyName, latest: version }: AssemblyRecord): AssemblySummary => {
    const fields = fieldsOf(version);
    const bom = version.bomVersionId ? counts.get(version.bomVersionId) : undefined;
    return {
      id: spec.id,
      number: spec.number,
      company_id: spec.companyId,
      company_name: companyName,
      name: fields.name,
      customer_part_number: fields.customer_part_number ?? null,
      revision: fields.revision ?? null,
      latest_version: version.version,
      latest_version_id: version.id,
      pcb: version.pcbSpecVersionId ? (pcb.get(version.pcbSpecVersionId) ?? null) : null,
      bom_lines: bom?.lines ?? null,
      bom_unmatched: bom?.unmatched ?? null,
      placements: placementCounts(version.placementSetId ? sets.get(version.placementSetId) : undefined),
      created_at: spec.createdAt.toISOString(),
      updated_at: version.createdAt.toISOString(),
      archived_at: iso(spec.archivedAt),
    };
  });
}

async function recordOf(reader: AssemblyReader, id: string) {
  const record = await findAssembly(reader.db, reader.companyId, id);
  if (!record) throw missing();
  return record;
}

export async function assemblyDetail(reader: AssemblyReader, id: string): Promise<AssemblyDetail> {
  const { spec, companyName } = await recordOf(reader, id);
  const versions = await listAssemblyVersions(reader.db, id);
  const last = versions[versions.length - 1]!;
  const [pcb, sets] = await Promise.all([
    pcbRefs(reader, [last.version.pcbSpecVersionId]),
    setsById(reader.db, [last.version.placementSetId]),
  ]);
  return {
    id: spec.id,
    number: spec.number,
    company_id: spec.companyId,
    company_name: companyName,
    created_at: spec.createdAt.toISOString(),
    archived_at: iso(spec.archivedAt),
    latest_version: last.version.version,
    versions: versions.map(({ version, createdBy, bomVersion }) => ({
      version: version.version,
      created_at: version.createdAt.toISOString(),
      created_by_name: createdBy,
      frozen: version.frozenAt !== null,
      frozen_reason: version.frozenReason,
      bom_version: bomVersion,
    })),
    latest: toVersion(last.version, last.createdBy, last.bomVersion, pcb, sets),
  };
}

export async function assemblyVersion(
  reader: AssemblyReader,
  id: string,
  version: number,
): Promise<AssemblyVersion> {
  await recordOf(reader, id);
  const found = (await listAssemblyVersions(reader.db, id)).find((v) => v.version.version === version);
  if (!found) throw missingVersion();
  const [pcb, sets] = await Promise.all([
    pcbRefs(reader, [found.version.pcbSpecVersionId]),
    setsById(reader.db, [found.version.placementSetId]),
  ]);
  return toVersion(found.version, found.createdBy, found.bomVersion, pcb, sets);
}

// Writing specifications.

/** The PCB specification version an assembly builds on must be one of the company's. */
async function checkPcbVersion(db: Database, companyId: string, id: string | null | undefined) {
  if (!id) return null;
  const refs = await pcbSpecReferences({ db, companyId, staff: false }, [id]);
  if (!refs.has(id))
    throw new AppError(404, ERROR_CODES.notFound, "No such version of a PCB specification", {
      field: "pcb_spec_version_id",
    });
  return id;
}

function logAssembly(
  tx: Executor,
  ctx: AssembliesContext,
  action:
    | "assembly.created"
    | "assembly.version_saved"
    | "bom.imported"
    | "bom.line_changed"
    | "placements.imported",
  spec: { id: string; number: string },
  details: Record<string, string | number | null> = {},
) {
  return recordActivity(tx, {
    action,
    companyId: ctx.tenant,
    actor: ctx.actor,
    subject: { type: "assembly_spec", id: spec.id },
    details: { label: spec.number, ...details },
    request: ctx.request,
  });
}

export async function createAssembly(ctx: AssembliesContext, body: AssemblyCreate): Promise<AssemblyDetail> {
  // Checked before the transaction: PGlite has one connection, and the check reads outside it.
  const pcbSpecVersionId = await checkPcbVersion(ctx.db, ctx.tenant, body.pcb_spec_version_id);
  const id = await ctx.db.transaction(async (tx) => {
    const spec = await insertAssembly(tx, {
      companyId: ctx.tenant,
      number: await nextDocumentNumber(tx, "assembly"),
      createdByUserId: ctx.actor.id,
    });
    await insertAssemblyVersion(tx, {
      specId: spec.id,
      version: 1,
      fields: body.fields,
      pcbSpecVersionId,
      createdByUserId: ctx.actor.id,
    });
    await logAssembly(tx, ctx, "assembly.created", spec, { name: body.fields.name });
    return spec.id;
  });
  return assemblyDetail(companyAssemblyReader(ctx), id);
}

/** The locked specification and its latest version, refusing an archived one. */
async function lockedLatest(tx: Executor, ctx: AssembliesContext, id: string) {
  const spec = await lockAssembly(tx, ctx.tenant, id);
  if (!spec) throw missing();
  if (spec.archivedAt)
    throw new AppError(
      409,
      ERROR_CODES.conflict,
      "This assembly specification is archived: restore it to change it",
    );
  const versions = await listAssemblyVersions(tx, id);
  return { spec, latest: versions[versions.length - 1]!.version };
}

export async function saveAssemblyVersion(
  ctx: AssembliesContext,
  id: string,
  body: AssemblySave,
): Promise<AssemblyDetail> {
  const checkedPcb =
    body.pcb_spec_version_id === undefined
      ? undefined
      : await checkPcbVersion(ctx.db, ctx.tenant, body.pcb_spec_version_id);
  await ctx.db.transaction(async (tx) => {
    const { spec, latest } = await lockedLatest(tx, ctx, id);
    if (body.base_version !== latest.version)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `Version ${latest.version} was saved meanwhile: reload to see it before changing it`,
        { otherData: { latest_version: latest.version } },
      );
    const pcbSpecVersionId = checkedPcb === undefined ? latest.pcbSpecVersionId : checkedPcb;
    const row = await insertAssemblyVersion(tx, {
      specId: id,
      version: latest.version + 1,
      fields: body.fields,
      pcbSpecVersionId,
      bomVersionId: latest.bomVersionId,
      placementSetId: latest.placementSetId,
      createdByUserId: ctx.actor.id,
    });
    await logAssembly(tx, ctx, "assembly.version_saved", spec, { version: row.version });
  });
  return assemblyDetail(companyAssemblyReader(ctx), id);
}

/**
 * New BOM data reaches the specification: the latest version takes it while it is not frozen; a
 * frozen (quoted or ordered) version keeps what it had, and the data becomes a new version.
 */
async function attachData(
  tx: Executor,
  ctx: AssembliesContext,
  latest: AssemblyVersionRow,
  data: { bomVersionId?: string; placementSetId?: string },
) {
  if (!latest.frozenAt) return setVersionData(tx, latest.id, data);
  await insertAssemblyVersion(tx, {
    specId: latest.specId,
    version: latest.version + 1,
    fields: latest.fields,
    pcbSpecVersionId: latest.pcbSpecVersionId,
    bomVersionId: data.bomVersionId ?? latest.bomVersionId,
    placementSetId: data.placementSetId ?? latest.placementSetId,
    createdByUserId: ctx.actor.id,
  });
}

// Bills of materials.

async function fileBytes(storage: FileStorage, sha256: string): Promise<Uint8Array> {
  return buffer(await storage.open(sha256));
}

/** A file the reader refused as a whole: 422 naming the reason, nothing written. */
function refused(error: unknown): never {
  if (error instanceof BomFileRefused)
    throw new AppError(422, ERROR_CODES.fileContentRefused, error.reason, {
      field: "file_id",
      otherData: { reason: error.reason, detail: error.message },
    });
  throw error;
}

/** Headers as a key: files from the same export share their mapping whatever the case or spacing. */
export const headerKeyOf = (headers: readonly string[]) =>
  headers.map((h) => h.trim().toLowerCase().replace(/\s+/g, " ")).join("\u001f");

interface ReadBom {
  result: BomImport;
  source: "saved" | "automatic" | "given";
  fileName: string;
  fileId: string;
  bytes: Uint8Array;
}

/** Reads the file with the given mapping, else the company's saved one for its headers, else automatic. */
async function readBom(ctx: AssembliesContext, storage: FileStorage, body: BomImportBody): Promise<ReadBom> {
  const file = await companyFileFor(ctx.db, ctx.tenant, body.file_id, "bom", "file_id");
  const bytes = await fileBytes(storage, file.sha256);
  try {
    const automatic = importBom(bytes, file.name);
    if (body.mapping) {
      if (body.mapping.length !== automatic.headers.length)
        throw new AppError(
          400,
          ERROR_CODES.validation,
          `must name one field or null for each of the ${automatic.headers.length} columns`,
          {
            field: "mapping",
          },
        );
      return {
        result: importBom(bytes, file.name, body.mapping as BomColumnMapping),
        source: "given",
        fileName: file.name,
        fileId: file.id,
        bytes,
      };
    }
    const saved = await findColumnMapping(ctx.db, ctx.tenant, headerKeyOf(automatic.headers));
    if (saved && saved.length === automatic.headers.length)
      return {
        result: importBom(bytes, file.name, saved as BomColumnMapping),
        source: "saved",
        fileName: file.name,
        fileId: file.id,
        bytes,
      };
    return { result: automatic, source: "automatic", fileName: file.name, fileId: file.id, bytes };
  } catch (error) {
    refused(error);
  }
}

const SAMPLE_ROWS = 8;

export async function previewBom(
  ctx: AssembliesContext,
  storage: FileStorage,
  id: string,
  body: BomImportBody,
): Promise<BomPreview> {
  await recordOf(companyAssemblyReader(ctx), id);
  const { result, source, fileName, bytes } = await readBom(ctx, storage, body);
  const table = readBomTable(bytes, fileName);
  const headerIndex = findHeaderRow(table);
  const matches = await matchBomLines(ctx.db, ctx.tenant, result.lines);
  return {
    source_name: fileName,
    format: result.format,
    encoding: result.encoding,
    sheet_name: result.sheetName,
    tool: result.tool,
    header_row: result.headerRow,
    headers: result.headers,
    mapping: result.mapping,
    mapping_source: source,
    sample_rows: table.rows.slice(headerIndex + 1, headerIndex + 1 + SAMPLE_ROWS),
    lines: result.lines.length,
    placed_parts: result.lines.filter((l) => !l.dnp).reduce((sum, l) => sum + l.quantity, 0),
    dnp_lines: result.lines.filter((l) => l.dnp).length,
    warnings: result.lines.filter((l) => l.warnings.length > 0).length,
    problems: result.problems,
    matched: matches.filter((m) => m.status === "matched").length,
  };
}

export async function importBomFile(
  ctx: AssembliesContext,
  storage: FileStorage,
  id: string,
  body: BomImportBody,
): Promise<BomDto> {
  await recordOf(companyAssemblyReader(ctx), id);
  const { result, fileName, fileId } = await readBom(ctx, storage, body);
  await ctx.db.transaction(async (tx) => {
    const { spec, latest } = await lockedLatest(tx, ctx, id);
    const matches = await matchBomLines(tx, ctx.tenant, result.lines);
    const previous = await findBomVersion(tx, id, "latest");
    const bom = await insertBomVersion(tx, {
      assemblyId: id,
      version: (previous?.version ?? 0) + 1,
      sourceFileId: fileId,
      sourceName: fileName,
      format: result.format,
      encoding: result.encoding,
      tool: result.tool,
      headerRow: result.headerRow,
      headers: result.headers,
      mapping: result.mapping,
      problems: result.problems,
      createdByUserId: ctx.actor.id,
    });
    await insertBomLines(
      tx,
      result.lines.map((line, index) => ({
        bomVersionId: bom.id,
        position: index + 1,
        sourceRow: line.row,
        designators: line.designators,
        quantity: line.quantity,
        value: line.value,
        footprint: line.footprint,
        description: line.description,
        parts: line.parts,
        supplier: line.supplier,
        supplierPart: line.supplierPart,
        dnp: line.dnp,
        fileComment: line.comment,
        warnings: line.warnings,
        statedQuantity: line.statedQuantity,
        partId: matches[index]!.partId,
        matchStatus: matches[index]!.status,
      })),
    );
    await saveColumnMapping(tx, ctx.tenant, headerKeyOf(result.headers), result.mapping);
    await attachData(tx, ctx, latest, { bomVersionId: bom.id });
    await logAssembly(tx, ctx, "bom.imported", spec, {
      version: bom.version,
      file: fileName,
      lines: result.lines.length,
    });
  });
  return bomOf(companyAssemblyReader(ctx), id);
}

function toLine(row: BomLineRecord): BomLineDto {
  const substitution = row.substitution as BomLineDto["substitution"];
  return {
    id: row.id,
    position: row.position,
    source_row: row.sourceRow,
    designators: row.designators,
    quantity: row.quantity,
    value: row.value,
    footprint: row.footprint,
    description: row.description,
    parts: row.parts,
    supplier: row.supplier,
    supplier_part: row.supplierPart,
    dnp: row.dnp,
    file_comment: row.fileComment,
    comment: row.comment,
    warnings: row.warnings as BomLineDto["warnings"],
    stated_quantity: row.statedQuantity,
    match_status: row.matchStatus,
    part:
      row.partId && row.partNumber !== null
        ? {
            id: row.partId,
            part_number: row.partNumber,
            description: row.partDescription ?? "",
            msl: row.partMsl,
            polarized: row.partPolarized ?? false,
            lifecycle: row.partLifecycle,
          }
        : null,
    reviewed: row.reviewedAt !== null,
    consigned: row.consigned,
    substitution: substitution ?? null,
  };
}

export async function bomOf(reader: AssemblyReader, id: string, version?: number): Promise<BomDto> {
  await recordOf(reader, id);
  const bom = await findBomVersion(reader.db, id, version ?? "latest");
  if (!bom) throw version ? notFound("No such BOM version") : noBom();
  const [rows, versions] = await Promise.all([
    listBomLines(reader.db, bom.id),
    listBomVersions(reader.db, id),
  ]);
  const lines = rows.map(toLine);
  const fitted = lines.filter((l) => !l.dnp);
  return {
    assembly_id: id,
    version: bom.version,
    source_name: bom.sourceName,
    format: bom.format,
    encoding: bom.encoding,
    tool: bom.tool,
    header_row: bom.headerRow,
    headers: bom.headers,
    mapping: bom.mapping as BomDto["mapping"],
    created_at: bom.createdAt.toISOString(),
    lines,
    problems: bom.problems as BomDto["problems"],
    counts: {
      lines: lines.length,
      placed_parts: fitted.reduce((sum, l) => sum + l.quantity, 0),
      dnp_lines: lines.length - fitted.length,
      matched: fitted.filter((l) => l.match_status === "matched").length,
      ambiguous: fitted.filter((l) => l.match_status === "ambiguous").length,
      unmatched: fitted.filter((l) => l.match_status === "unmatched").length,
    },
    versions: versions.map((v) => ({
      version: v.version,
      created_at: v.createdAt.toISOString(),
      created_by_name: v.createdBy,
      source_name: v.sourceName,
      change: v.change,
      lines: v.lines,
    })),
    released_at: iso(bom.releasedAt),
  };
}

const LINE_FIELDS = [
  "designators",
  "quantity",
  "value",
  "footprint",
  "description",
  "parts",
  "dnp",
  "consigned",
  "comment",
  "part_id",
] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The next BOM version after `bom`, read from the same file with the same mapping: a line edit or a
 * rematch changes lines, never how the file was read.
 */
function insertNextBomVersion(
  tx: Executor,
  ctx: AssembliesContext,
  bom: NonNullable<Awaited<ReturnType<typeof findBomVersion>>>,
  change: string,
) {
  return insertBomVersion(tx, {
    assemblyId: bom.assemblyId,
    version: bom.version + 1,
    sourceFileId: bom.sourceFileId,
    sourceName: bom.sourceName,
    format: bom.format,
    encoding: bom.encoding,
    tool: bom.tool,
    headerRow: bom.headerRow,
    headers: bom.headers,
    mapping: bom.mapping,
    problems: bom.problems,
    change,
    createdByUserId: ctx.actor.id,
  });
}

/** A line as it is copied into another BOM version: its own columns, without the joined part's. */
function lineCopy(
  {
    id: _id,
    bomVersionId: _version,
    partNumber: _number,
    partDescription: _description,
    partMsl: _msl,
    partPolarized: _polarized,
    partLifecycle: _lifecycle,
    ...row
  }: BomLineRecord,
  bomVersionId: string,
): NewBomLineRow {
  return { ...row, bomVersionId };
}

/** Saves a change to one line as the next BOM version: every line copied, the one changed. */
export async function updateBomLine(
  ctx: AssembliesContext,
  id: string,
  lineId: string,
  body: BomLineUpdate,
): Promise<BomDto> {
  await ctx.db.transaction(async (tx) => {
    const { spec, latest } = await lockedLatest(tx, ctx, id);
    const bom = await findBomVersion(tx, id, "latest");
    if (!bom) throw noBom();
    if (body.base_version !== bom.version)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `BOM version ${bom.version} was saved meanwhile: reload to see it before changing it`,
        { otherData: { latest_version: bom.version } },
      );
    const rows = await listBomLines(tx, bom.id);
    const target = rows.find((row) => row.id === lineId);
    if (!target) throw notFound("No such line in the latest BOM version");
    if (body.part_id) await companyPartFor(tx, ctx.tenant, body.part_id, "part_id");

    const next = {
      designators: body.designators ?? target.designators,
      quantity: body.quantity ?? (body.designators ? body.designators.length : target.quantity),
      value: body.value === undefined ? target.value : body.value,
      footprint: body.footprint === undefined ? target.footprint : body.footprint,
      description: body.description === undefined ? target.description : body.description,
      parts: body.parts ?? target.parts,
      dnp: body.dnp ?? target.dnp,
      consigned: body.consigned ?? target.consigned,
      comment: body.comment === undefined ? target.comment : body.comment,
    };
    const changed = LINE_FIELDS.filter((name) =>
      name === "part_id"
        ? body.part_id !== undefined && body.part_id !== target.partId
        : body[name] !== undefined && !same(body[name], target[name as keyof typeof target]),
    );
    if (changed.length === 0) return;

    // An MPN change matches the line anew unless a part was chosen by hand.
    let partId = target.partId;
    let matchStatus = target.matchStatus;
    if (body.part_id !== undefined) {
      partId = body.part_id;
      matchStatus = body.part_id ? "matched" : "unmatched";
    } else if (body.parts) {
      const [match] = await matchBomLines(tx, ctx.tenant, [next]);
      partId = match!.partId;
      matchStatus = match!.status;
    }
    const version = await insertNextBomVersion(tx, ctx, bom, `${target.position}: ${changed.join(", ")}`);
    await insertBomLines(
      tx,
      rows.map((row) =>
        row.id === lineId
          ? // The edited line is no longer what staff reviewed.
            {
              ...lineCopy(row, version.id),
              ...next,
              partId,
              matchStatus,
              reviewedAt: null,
              reviewedByUserId: null,
            }
          : lineCopy(row, version.id),
      ),
    );
    await attachData(tx, ctx, latest, { bomVersionId: version.id });
    await logAssembly(tx, ctx, "bom.line_changed", spec, {
      version: version.version,
      line: target.position,
      fields: changed.join(", "),
    });
  });
  return bomOf(companyAssemblyReader(ctx), id);
}

/**
 * Matches the latest version's lines that have no part against the company's parts again (parts were
 * created since the import); a line with a part, matched or chosen, keeps it. Saves the next BOM
 * version only when a match changed.
 */
export async function rematchBom(ctx: AssembliesContext, id: string, baseVersion: number): Promise<BomDto> {
  await ctx.db.transaction(async (tx) => {
    const { spec, latest } = await lockedLatest(tx, ctx, id);
    const bom = await findBomVersion(tx, id, "latest");
    if (!bom) throw noBom();
    if (baseVersion !== bom.version)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `BOM version ${bom.version} was saved meanwhile: reload to see it before matching it again`,
        { otherData: { latest_version: bom.version } },
      );
    const rows = await listBomLines(tx, bom.id);
    const open = rows.filter((row) => row.partId === null && !row.dnp);
    const matches = await matchBomLines(tx, ctx.tenant, open);
    const changed = new Map(
      open.flatMap((row, i) =>
        matches[i]!.status !== row.matchStatus || matches[i]!.partId !== null ? [[row.id, matches[i]!]] : [],
      ),
    );
    if (changed.size === 0) return;
    const positions = rows.filter((row) => changed.has(row.id)).map((row) => row.position);
    const version = await insertNextBomVersion(tx, ctx, bom, `matched: ${positions.join(", ")}`);
    await insertBomLines(
      tx,
      rows.map((row) => {
        const match = changed.get(row.id);
        return {
          ...lineCopy(row, version.id),
          ...(match ? { partId: match.partId, matchStatus: match.status } : {}),
        };
      }),
    );
    await attachData(tx, ctx, latest, { bomVersionId: version.id });
    await logAssembly(tx, ctx, "bom.line_changed", spec, { version: version.version, fields: "part" });
  });
  return bomOf(companyAssemblyReader(ctx), id);
}

/** Lines keep their position across an edit's versions; across imports, their designators say which is which. */
const lineKey = (line: BomLineDto) =>
  line.designators.length > 0 ? [...line.designators].sort().join(",") : `#${line.position}`;

const COMPARED = [
  "designators",
  "quantity",
  "value",
  "footprint",
  "description",
  "parts",
  "dnp",
  "consigned",
  "comment",
] as const;

export async function bomDiff(
  reader: AssemblyReader,
  id: string,
  from: number,
  to: number,
): Promise<BomDiff> {
  const [before, after] = await Promise.all([bomOf(reader, id, from), bomOf(reader, id, to)]);
  const old = new Map(before.lines.map((line) => [lineKey(line), line]));
  const added: BomLineDto[] = [];
  const changed: BomDiff["changed"] = [];
  for (const line of after.lines) {
    const was = old.get(lineKey(line));
    if (!was) {
      added.push(line);
      continue;
    }
    old.delete(lineKey(line));
    const fields = COMPARED.filter((name) => !same(was[name], line[name]));
    if (was.part?.id !== line.part?.id) fields.push("part" as never);
    if (fields.length > 0) changed.push({ before: was, after: line, fields });
  }
  return { from, to, added, removed: [...old.values()], changed };
}

const EXPORT_HEADER = [
  "Line",
  "Designators",
  "Quantity",
  "Value",
  "Footprint",
  "Description",
  "Manufacturer",
  "MPN",
  "Alternates",
  "Supplier",
  "Supplier part",
  "DNP",
  "Part number",
  "Match",
  "Comment",
];

export async function exportBom(
  reader: AssemblyReader,
  id: string,
  format: "csv" | "xlsx",
  version?: number,
): Promise<{ name: string; type: string; body: string | Buffer }> {
  const { spec } = await recordOf(reader, id);
  const bom = await bomOf(reader, id, version);
  const rows: ExportCell[][] = bom.lines.map((line) => [
    line.position,
    line.designators.join(", "),
    line.quantity,
    line.value,
    line.footprint,
    line.description,
    line.parts[0]?.manufacturer ?? null,
    line.parts[0]?.mpn ?? null,
    line.parts
      .slice(1)
      .map((p) => [p.manufacturer, p.mpn].filter(Boolean).join(" "))
      .join("; ") || null,
    line.supplier,
    line.supplier_part,
    line.dnp ? "DNP" : null,
    line.part?.part_number ?? null,
    line.match_status,
    line.comment,
  ]);
  const name = `${spec.number}-BOM-v${bom.version}`;
  return format === "xlsx"
    ? {
        name: `${name}.xlsx`,
        type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        body: bomXlsx("BOM", EXPORT_HEADER, rows),
      }
    : { name: `${name}.csv`, type: "text/csv; charset=utf-8", body: bomCsv(EXPORT_HEADER, rows) };
}

// Pick-and-place.

/** What a placement set, stored or only read, looks like against the latest BOM and the board. */
async function readPlacementsView(
  reader: AssemblyReader,
  id: string,
  latest: Pick<AssemblyVersionRow, "pcbSpecVersionId">,
  placements: Placement[],
  origin: PnpOrigin | null,
) {
  const bom = await findBomVersion(reader.db, id, "latest");
  const lines = bom ? await listBomLines(reader.db, bom.id) : [];
  const sizes = await pcbBoardSizes(reader, [latest.pcbSpecVersionId]);
  const size: BoardSize | null = latest.pcbSpecVersionId
    ? (sizes.get(latest.pcbSpecVersionId) ?? null)
    : null;
  const detected = size ? detectOrigin(placements, size) : null;
  const chosen = origin ?? detected ?? "lower_left";
  const outline = size && placements.length > 0 ? boardOutline(chosen, placements, size) : null;
  // Without a BOM the file can still be checked against itself and the board.
  const findings = crossCheckPlacements({
    bomLines: lines.map((l) => ({ designators: l.designators, dnp: l.dnp })),
    placements,
    outline,
  }).filter((f) => bom || f.finding === "duplicate_placement" || f.finding === "off_board");
  return {
    size,
    detected,
    view: {
      origin: chosen,
      counts: countPlacements(placements),
      placements: placements.map((p) => ({
        designator: p.designator,
        x: p.x,
        y: p.y,
        rotation: p.rotation,
        side: p.side,
        mount: p.mount,
        value: p.value,
        footprint: p.footprint,
      })),
      findings,
      outline: outline
        ? { min_x: outline.minX, min_y: outline.minY, max_x: outline.maxX, max_y: outline.maxY }
        : null,
    },
  };
}

function placementsDto(
  set: PlacementSetRow,
  view: Awaited<ReturnType<typeof readPlacementsView>>["view"],
): PlacementsDto {
  return {
    id: set.id,
    source_name: set.sourceName,
    tool: set.tool,
    unit: set.unit as PlacementsDto["unit"],
    panel_copies: set.panelCopies,
    problems: set.problems as PlacementsDto["problems"],
    ...view,
    created_at: set.createdAt.toISOString(),
  };
}

export async function placementsOfAssembly(reader: AssemblyReader, id: string): Promise<PlacementsDto> {
  const { latest } = await recordOf(reader, id);
  if (!latest.placementSetId) throw notFound("This assembly specification has no pick-and-place data yet");
  const [set] = await findPlacementSets(reader.db, [latest.placementSetId]);
  const { view } = await readPlacementsView(reader, id, latest, placementsOf(set!), set!.origin);
  return placementsDto(set!, view);
}

/** The company's uploaded file read with what the customer confirmed; a file that cannot be read is a 422. */
async function readPlacementsFile(ctx: AssembliesContext, storage: FileStorage, body: PlacementsImport) {
  const file = await companyFileFor(ctx.db, ctx.tenant, body.file_id, "pick_place", "file_id");
  const bytes = await fileBytes(storage, file.sha256);
  try {
    const options = { ...(body.unit ? { unit: body.unit } : {}), ...(body.side ? { side: body.side } : {}) };
    return { file, read: importPickAndPlace(bytes, file.name, options) };
  } catch (error) {
    refused(error);
  }
}

export async function previewPlacements(
  ctx: AssembliesContext,
  storage: FileStorage,
  id: string,
  body: PlacementsImport,
): Promise<PlacementsPreview> {
  const reader = companyAssemblyReader(ctx);
  const { latest } = await recordOf(reader, id);
  const { file, read } = await readPlacementsFile(ctx, storage, body);
  const { size, detected, view } = await readPlacementsView(
    reader,
    id,
    latest,
    read.placements,
    body.origin ?? null,
  );
  return {
    source_name: file.name,
    tool: read.tool,
    unit: read.unit,
    unit_stated: read.unitStated,
    side_stated: read.sideStated,
    origin_detected: detected,
    board: size ? { width_mm: size.widthMm, height_mm: size.heightMm } : null,
    panel_copies: read.panelCopies,
    problems: read.problems,
    ...view,
  };
}

export async function importPlacements(
  ctx: AssembliesContext,
  storage: FileStorage,
  id: string,
  body: PlacementsImport,
): Promise<PlacementsDto> {
  const reader = companyAssemblyReader(ctx);
  const { latest: before } = await recordOf(reader, id);
  const { file, read } = await readPlacementsFile(ctx, storage, body);
  // The origin is settled once, on import, so the outline does not move when the board is analysed
  // again. Attaching the placements changes neither the PCB version nor the BOM, so this view is the
  // stored set's too.
  const { view } = await readPlacementsView(reader, id, before, read.placements, body.origin ?? null);
  const set = await ctx.db.transaction(async (tx) => {
    const { spec, latest } = await lockedLatest(tx, ctx, id);
    const row = await insertPlacementSet(tx, {
      assemblyId: id,
      sourceFileId: file.id,
      sourceName: file.name,
      tool: read.tool,
      unit: read.unit,
      origin: view.origin,
      panelCopies: read.panelCopies,
      placements: read.placements as unknown as Record<string, unknown>[],
      problems: read.problems,
      createdByUserId: ctx.actor.id,
    });
    await attachData(tx, ctx, latest, { placementSetId: row.id });
    await logAssembly(tx, ctx, "placements.imported", spec, {
      file: file.name,
      placements: read.placements.length,
      unit: read.unit,
      origin: view.origin,
    });
    return row;
  });
  return placementsDto(set, view);
}

/** A version as a PDF in `language`, named by the specification's number and the version. */
export async function assemblyVersionPdf(
  reader: AssemblyReader,
  id: string,
  version: number,
  language: string,
): Promise<{ name: string; pdf: Buffer }> {
  const { spec, companyName } = await recordOf(reader, id);
  const dto = await assemblyVersion(reader, id, version);
  const bom = dto.bom_version === null ? null : await bomOf(reader, id, dto.bom_version);
  const pdf = await renderAssemblyPdf({ number: spec.number, companyName, version: dto, bom, language });
  return { name: `${spec.number}-v${version}`, pdf };
}

// Engineering review, substitutions and the production BOM.

type Substitution = NonNullable<BomLineDto["substitution"]>;

/** The latest BOM version of any company's specification, locked, for staff's review. */
async function lockedBomForStaff(tx: Executor, id: string) {
  const spec = await lockAnyAssembly(tx, id);
  if (!spec) throw missing();
  const bom = await findBomVersion(tx, id, "latest");
  if (!bom) throw noBom();
  return { spec, bom };
}

export async function reviewBomLine(
  ctx: Pick<RequestContext, "db" | "actor" | "request">,
  id: string,
  lineId: string,
  body: BomLineReview,
): Promise<BomDto> {
  await ctx.db.transaction(async (tx) => {
    const { spec, bom } = await lockedBomForStaff(tx, id);
    if (bom.releasedAt)
      throw new AppError(409, ERROR_CODES.conflict, `BOM version ${bom.version} is released for production`);
    const line = (await listBomLines(tx, bom.id)).find((row) => row.id === lineId);
    if (!line) throw notFound("No such line in the latest BOM version");
    const values: Parameters<typeof setBomLineReview>[2] = {};
    if (body.reviewed !== undefined) {
      values.reviewedAt = body.reviewed ? new Date() : null;
      values.reviewedByUserId = body.reviewed ? ctx.actor.id : null;
    }
    if (body.consigned !== undefined) values.consigned = body.consigned;
    if (body.substitution !== undefined) {
      const current = line.substitution as Substitution | null;
      if (current && current.status !== "proposed" && body.substitution)
        throw new AppError(
          409,
          ERROR_CODES.conflict,
          `The customer has ${current.status} the substitution for this line`,
        );
      values.substitution = body.substitution
        ? ({
            manufacturer: body.substitution.manufacturer,
            mpn: body.substitution.mpn,
            reason: body.substitution.reason,
            status: "proposed",
            proposed_at: new Date().toISOString(),
            decided_at: null,
          } satisfies Substitution)
        : null;
    }
    await setBomLineReview(tx, line.id, values);
    await recordActivity(tx, {
      action: body.substitution ? "bom.substitution_proposed" : "bom.line_reviewed",
      companyId: spec.companyId,
      actor: ctx.actor,
      subject: { type: "assembly_spec", id: spec.id },
      details: {
        label: spec.number,
        version: bom.version,
        line: line.position,
        ...(body.substitution ? { mpn: body.substitution.mpn } : {}),
      },
      request: ctx.request,
    });
  });
  return bomOf(staffAssemblyReader(ctx.db), id);
}

/** The customer accepts or rejects a proposed substitution on the latest BOM version. */
export async function decideSubstitution(
  ctx: AssembliesContext,
  id: string,
  lineId: string,
  decision: "accepted" | "rejected",
): Promise<BomDto> {
  await ctx.db.transaction(async (tx) => {
    const spec = await lockAssembly(tx, ctx.tenant, id);
    if (!spec) throw missing();
    const bom = await findBomVersion(tx, id, "latest");
    if (!bom) throw noBom();
    const line = (await listBomLines(tx, bom.id)).find((row) => row.id === lineId);
    if (!line) throw notFound("No such line in the latest BOM version");
    const current = line.substitution as Substitution | null;
    if (!current || current.status !== "proposed")
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        "This line has no substitution waiting for your decision",
      );
    await setBomLineReview(tx, line.id, {
      substitution: { ...current, status: decision, decided_at: new Date().toISOString() },
    });
    await recordActivity(tx, {
      action: decision === "accepted" ? "bom.substitution_accepted" : "bom.substitution_rejected",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "assembly_spec", id: spec.id },
      details: { label: spec.number, line: line.position, mpn: current.mpn },
      request: ctx.request,
    });
  });
  return bomOf(companyAssemblyReader(ctx), id);
}

/** A manufacturer by its canonical name when we know it ("ALLEGRO(美国埃戈罗)" → Allegro MicroSystems). */
const manufacturerName = (name: string | null) => (name ? (canonicalManufacturer(name)?.name ?? name) : null);

function productionOf(
  record: AssemblyRecord,
  bom: { version: number; releasedAt: Date | null; releasedBy: string | null },
  lines: BomDto["lines"],
): ProductionBom {
  const fields = fieldsOf(record.latest);
  const fitted = lines.filter((line) => !line.dnp);
  return {
    assembly_id: record.spec.id,
    number: record.spec.number,
    name: fields.name,
    bom_version: bom.version,
    released_at: bom.releasedAt!.toISOString(),
    released_by_name: bom.releasedBy,
    parts_sourcing: fields.parts_sourcing,
    lines: fitted.map((line) => {
      const swap = line.substitution?.status === "accepted" ? line.substitution : null;
      return {
        position: line.position,
        designators: line.designators,
        quantity: line.quantity,
        value: line.value,
        footprint: line.footprint,
        manufacturer: manufacturerName(swap ? swap.manufacturer : (line.parts[0]?.manufacturer ?? null)),
        mpn: swap ? swap.mpn : (line.parts[0]?.mpn ?? null),
        part_number: line.part?.part_number ?? null,
        substituted_for: swap ? (line.parts[0]?.mpn ?? null) : null,
        substitution_reason: swap ? swap.reason : null,
        consigned:
          fields.parts_sourcing === "consigned" || (fields.parts_sourcing === "partial" && line.consigned),
      };
    }),
    dnp: lines.filter((line) => line.dnp).flatMap((line) => line.designators),
  };
}

export async function productionBomOf(reader: AssemblyReader, id: string): Promise<ProductionBom> {
  const record = await recordOf(reader, id);
  const released = await findReleasedBomVersion(reader.db, id);
  if (!released) throw notFound("No production BOM has been released for this assembly yet");
  const lines = (await listBomLines(reader.db, released.id)).map(toLine);
  return productionOf(record, released, lines);
}

/**
 * Releases the latest BOM version for production: every fitted line reviewed, no substitution
 * waiting for the customer; otherwise 409 naming how many lines are open.
 */
export async function releaseProductionBom(
  ctx: Pick<RequestContext, "db" | "actor" | "request">,
  id: string,
  baseVersion: number,
): Promise<ProductionBom> {
  await ctx.db.transaction(async (tx) => {
    const { spec, bom } = await lockedBomForStaff(tx, id);
    if (bom.version !== baseVersion)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `BOM version ${bom.version} was saved meanwhile: review it first`,
        {
          otherData: { latest_version: bom.version },
        },
      );
    const lines = (await listBomLines(tx, bom.id)).filter((line) => !line.dnp);
    const unreviewed = lines.filter((line) => !line.reviewedAt).length;
    const waiting = lines.filter(
      (line) => (line.substitution as Substitution | null)?.status === "proposed",
    ).length;
    if (unreviewed > 0 || waiting > 0)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `${unreviewed} line(s) not reviewed, ${waiting} substitution(s) waiting for the customer`,
        { otherData: { unreviewed, waiting } },
      );
    await setBomReleased(tx, bom.id, ctx.actor.id);
    await recordActivity(tx, {
      action: "bom.released",
      companyId: spec.companyId,
      actor: ctx.actor,
      subject: { type: "assembly_spec", id: spec.id },
      details: { label: spec.number, version: bom.version },
      request: ctx.request,
    });
  });
  return productionBomOf(staffAssemblyReader(ctx.db), id);
}

export async function productionBomPdf(
  reader: AssemblyReader,
  id: string,
  language: string,
): Promise<{ name: string; pdf: Buffer }> {
  const production = await productionBomOf(reader, id);
  const { companyName } = await recordOf(reader, id);
  const pdf = await renderProductionBomPdf({ production, companyName, language });
  return { name: `${production.number}-production-BOM-v${production.bom_version}`, pdf };
}

// References from quote and order lines.

/** One referenced version: its id and where it stands in the body, to name the field that is wrong. */
export interface AssemblyVersionUse {
  versionId: string;
  field: string;
}

/**
 * For the quotes module, inside the transaction that writes quote lines: every referenced version
 * must be one of the company's (404 naming the field otherwise); a customer may not quote an archived
 * specification (409). The versions, and the PCB versions they build on, are frozen for the quote.
 */
export async function referenceAssemblyVersions(
  db: Executor,
  companyId: string,
  uses: readonly AssemblyVersionUse[],
  options: { allowArchived: boolean },
): Promise<void> {
  const ids = [...new Set(uses.map((use) => use.versionId))];
  const found = new Map(
    (await findAssemblyVersionsByIds(db, companyId, ids)).map((row) => [row.version.id, row]),
  );
  for (const use of uses) {
    const row = found.get(use.versionId);
    if (!row)
      throw new AppError(404, ERROR_CODES.notFound, "No such version of an assembly specification", {
        field: use.field,
      });
    if (row.spec.archivedAt && !options.allowArchived)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `Assembly specification ${row.spec.number} is archived: restore it before quoting it`,
        { field: use.field },
      );
  }
  for (const row of found.values()) {
    await freezeAssemblyVersion(db, row.version.id, "quote");
    if (row.version.pcbSpecVersionId) await freezePcbVersion(db, row.version.pcbSpecVersionId, "quote");
  }
}

/** For the orders module, in the order's transaction: the ordered lines' versions become ordered. */
export async function freezeAssemblyVersionsForOrder(
  db: Executor,
  versionIds: readonly string[],
): Promise<void> {
  const rows = await findAssemblyVersionsByIds(db, undefined, [...new Set(versionIds)]);
  for (const row of rows) {
    await freezeAssemblyVersion(db, row.version.id, "order");
    if (row.version.pcbSpecVersionId) await freezePcbVersion(db, row.version.pcbSpecVersionId, "order");
  }
}

/** The assembly versions quote and order lines refer to, by version id, as the reader may see them. */
export async function assemblySpecReferences(
  reader: { db: Executor; companyId: string | undefined },
  versionIds: readonly (string | null)[],
): Promise<Map<string, AssemblySpecReference>> {
  const ids = [...new Set(versionIds.filter((id): id is string => id !== null))];
  const rows = await findAssemblyVersionsByIds(reader.db, reader.companyId, ids);
  const bomIds = rows.map((row) => row.version.bomVersionId).filter((id): id is string => id !== null);
  const [counts, pcbs] = await Promise.all([
    bomCounts(reader.db, bomIds),
    pcbSpecReferences(
      { db: reader.db as Database, companyId: reader.companyId, staff: false },
      rows.map((row) => row.version.pcbSpecVersionId),
    ),
  ]);
  return new Map(
    rows.map(({ version, spec, bomVersion }) => {
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
          bom_version: bomVersion,
          bom_lines: version.bomVersionId ? (counts.get(version.bomVersionId)?.lines ?? 0) : null,
          pcb_number: version.pcbSpecVersionId ? (pcbs.get(version.pcbSpecVersionId)?.number ?? null) : null,
        },
      ];
    }),
  );
}
