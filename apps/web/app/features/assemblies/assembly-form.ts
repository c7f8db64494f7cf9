import {
  ASSEMBLY_SPEC_ERRORS,
  assemblySpecFieldsSchema,
  assemblySpecFieldsShape,
} from "@ems/contracts/assembly-spec";
import { placementsImportSchema } from "@ems/contracts/assemblies";
import { ERROR_CODES } from "@ems/contracts/errors";
import { z } from "zod";

import { ApiError } from "~/lib/api-client";

/**
 * What the assembly specification form posts: the fields of `assemblySpecFieldsSchema` under
 * `fields` (so the API's `fields.quantity_tiers.1` lands on the same input), as a form holds them (an
 * unticked box arrives not at all), checked by the same schema and its rules between fields, plus the
 * PCB version it builds on and the version an edit started from.
 */

const box = z.boolean().default(false);

const fieldsForm = z
  .object({
    ...assemblySpecFieldsShape,
    top_smt: box,
    top_tht: box,
    bottom_smt: box,
    bottom_tht: box,
    aoi: box,
    xray: box,
    functional_test: box,
    programming: box,
    quantity_tiers: z.array(z.number().pipe(assemblySpecFieldsShape.quantity_tiers.element)).min(1),
  })
  // Notes for programming that is no longer asked for are not kept.
  .transform(({ programming_notes, ...fields }) =>
    fields.programming && programming_notes !== undefined ? { ...fields, programming_notes } : fields,
  )
  .pipe(assemblySpecFieldsSchema);

export const assemblySpecFormSchema = z.object({
  fields: fieldsForm,
  /** Empty: the assembly names no PCB specification (yet). */
  pcb_spec_version_id: z.uuid().optional(),
  /** The specification a new version is saved to (absent when creating one). */
  id: z.uuid().optional(),
  base_version: z.number().int().min(1).optional(),
});

export type AssemblySpecForm = z.infer<typeof assemblySpecFormSchema>;

/** The refusals of the specification's rules, each worded at its field. */
export const SPEC_ERROR_TEXTS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(ASSEMBLY_SPEC_ERRORS).map((code) => [code, `assembly.error.${code}`]),
);

const SPEC_ERROR_CODES = new Set<string>(Object.values(ASSEMBLY_SPEC_ERRORS));

/**
 * The API words a broken rule between fields as a validation error whose message ends in the rule's
 * code (`'fields.quantity_tiers.1': TIERS_NOT_ASCENDING`); the form shows that code at the field.
 */
export function specRuleError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.validation) return error;
  const code = /([A-Z_]+)\s*$/.exec(error.message)?.[1];
  if (!code || !SPEC_ERROR_CODES.has(code)) return error;
  return new ApiError({ status: error.status, code, message: error.message, field: error.field });
}

/** Why a whole file could not be read (@ems/bom's BOM_FILE_ERRORS), each worded on the page. */
export const FILE_REFUSAL_REASONS = [
  "empty_file",
  "binary_file",
  "file_too_large",
  "too_many_rows",
  "no_header",
  "unreadable_workbook",
] as const;

export const FILE_REFUSAL_TEXTS: Readonly<Record<string, string>> = Object.fromEntries(
  FILE_REFUSAL_REASONS.map((reason) => [`refused.${reason}`, `assembly.pnp_refused.${reason}`]),
);

/** A file the API could not read at all answers 422 with the reason (binary_file, no_header …) as message. */
export function fileRefusalError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.fileContentRefused) return error;
  const reason = typeof error.otherData?.reason === "string" ? error.otherData.reason : error.message;
  return new ApiError({ status: error.status, code: `refused.${reason}`, message: reason, field: "file_id" });
}

/**
 * The pick-and-place file to preview or import, with the unit, side and origin the customer
 * confirmed (POST /api/pcbas/:id/placements[/preview]); an empty choice keeps what the file says.
 */
export const placementsImportForm = placementsImportSchema.extend({ id: z.uuid() });
