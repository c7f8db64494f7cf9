import { bomSubstitutionInputSchema as substitution, type BomDto } from "@ems/contracts/assemblies";
import { z } from "zod";

/**
 * The back office's forms on a BOM (one zod schema per request, the contracts' where they exist):
 * a line's review marks, a proposed substitute, and the release of the production BOM.
 */

/** A checkbox posts "on" when ticked and nothing when not: the hidden `value` says which mark changes. */
export const reviewMarkForm = z.object({
  id: z.uuid(),
  line_id: z.uuid(),
  mark: z.enum(["reviewed", "consigned"]),
  value: z.enum(["true", "false"]).transform((value) => value === "true"),
});

export const substituteForm = z.object({
  id: z.uuid(),
  line_id: z.uuid(),
  manufacturer: substitution.shape.manufacturer.unwrap().optional(),
  mpn: substitution.shape.mpn,
  reason: substitution.shape.reason,
});

export const withdrawForm = z.object({ id: z.uuid(), line_id: z.uuid() });

export const releaseForm = z.object({ id: z.uuid(), base_version: z.coerce.number().int().min(1) });

/** The API body of a mark's change. */
export const reviewBody = ({ mark, value }: z.output<typeof reviewMarkForm>) =>
  mark === "reviewed" ? { reviewed: value } : { consigned: value };

/** Whether the latest BOM version can be released now, and what still stands in the way. */
export function releaseState(bom: BomDto) {
  const fitted = bom.lines.filter((line) => !line.dnp);
  const reviewed = fitted.filter((line) => line.reviewed).length;
  const waiting = fitted.filter((line) => line.substitution?.status === "proposed").length;
  return {
    fitted: fitted.length,
    reviewed,
    waiting,
    ready: bom.released_at === null && reviewed === fitted.length && waiting === 0,
  };
}
