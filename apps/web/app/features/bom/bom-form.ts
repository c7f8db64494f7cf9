import {
  BOM_LIMITS,
  substitutionDecisionSchema,
  type BomLineDto,
  type BomLineUpdate,
} from "@ems/contracts/assemblies";
import { z } from "zod";

import { mappingFromCols, parseDesignators } from "./bom-helpers";

/**
 * What the BOM pages' forms post: the import (the uploaded file and the mapping the user confirmed)
 * and one line's edit, read by Conform in the browser and by the route actions alike, and turned
 * into the API's bodies here.
 */

/** POST /api/pcbas/:id/bom: the file and the mapping as the page holds it (`col` once per column). */
export const bomImportForm = z.object({
  file_id: z.uuid(),
  col: z.array(z.string().max(40)).max(BOM_LIMITS.mappingColumns).optional(),
});

export function importBodyOf(form: z.output<typeof bomImportForm>) {
  const mapping = mappingFromCols(form.col ?? []);
  return { file_id: form.file_id, ...(mapping ? { mapping } : {}) };
}

const text = (max: number) => z.string().max(max).optional();

/** PUT /api/pcbas/:id/bom/lines/:lineId: the line's fields as typed. */
export const bomLineForm = z.object({
  line_id: z.uuid(),
  base_version: z.number().int().min(1),
  designators: text(50_000),
  quantity: z.number().int().min(0).max(100_000),
  value: text(BOM_LIMITS.lineText),
  footprint: text(BOM_LIMITS.lineText),
  description: text(BOM_LIMITS.lineText),
  parts: z
    .array(z.object({ manufacturer: text(100), mpn: text(60) }).optional())
    .max(10)
    .optional(),
  dnp: z.boolean().optional(),
  consigned: z.boolean().optional(),
  /** Set when the dialog offers the consigned box (partly consigned assemblies): only then is it sent. */
  consigned_offered: z.boolean().optional(),
  comment: text(BOM_LIMITS.comment),
  part_id: z.uuid().optional(),
  /** The part the line was linked to when the dialog opened: only a change is sent. */
  part_before: z.uuid().optional(),
});

export type BomLineForm = z.output<typeof bomLineForm>;

const orNull = (value: string | undefined) => value?.trim() || null;

/** The API's body for a line's edit; MPN rows without an MPN are left out. */
export function lineUpdateOf(form: BomLineForm): BomLineUpdate {
  const parts = (form.parts ?? []).flatMap((row) =>
    row?.mpn?.trim() ? [{ manufacturer: orNull(row.manufacturer), mpn: row.mpn.trim() }] : [],
  );
  const partId = form.part_id ?? null;
  return {
    base_version: form.base_version,
    designators: parseDesignators(form.designators ?? ""),
    quantity: form.quantity,
    value: orNull(form.value),
    footprint: orNull(form.footprint),
    description: orNull(form.description),
    parts,
    dnp: form.dnp ?? false,
    ...(form.consigned_offered ? { consigned: form.consigned ?? false } : {}),
    comment: form.comment?.trim() || null,
    ...(partId !== (form.part_before ?? null) ? { part_id: partId } : {}),
  };
}

/** What the dialog starts from. */
export function lineFormDefaults(line: BomLineDto, version: number) {
  return {
    line_id: line.id,
    base_version: String(version),
    designators: line.designators.join(", "),
    quantity: String(line.quantity),
    value: line.value ?? "",
    footprint: line.footprint ?? "",
    description: line.description ?? "",
    parts: line.parts.length
      ? line.parts.map((part) => ({ manufacturer: part.manufacturer ?? "", mpn: part.mpn }))
      : [{ manufacturer: "", mpn: "" }],
    dnp: line.dnp ? "on" : "",
    consigned: line.consigned ? "on" : "",
    comment: line.comment ?? "",
    part_id: line.part?.id ?? "",
    part_before: line.part?.id ?? "",
  };
}

/** PUT /api/pcbas/:id/bom/lines/:lineId/substitution: the customer's answer to a proposed substitute. */
export const substitutionDecisionForm = z.object({
  line_id: z.uuid(),
  decision: substitutionDecisionSchema.shape.decision,
});

/** POST /api/pcbas/:id/bom/rematch: the version shown, matched against the company's parts again. */
export const bomRematchForm = z.object({ base_version: z.coerce.number().int().min(1) });
