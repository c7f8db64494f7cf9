import { capabilities } from "@ems/config/capabilities";
import { z } from "zod";
import { multiLine, singleLine } from "./text.ts";

/**
 * What an assembly is built to (issue 18): the fields the best EMS portals ask for beside the bill
 * of materials and the pick-and-place data. One schema checks the web form, the API and the stored
 * versions. Placement counts are not typed in: they come from the pick-and-place data.
 */

/** Who buys the parts: we (turnkey), the customer (consigned), or both (partly consigned). */
export const PARTS_SOURCING = ["turnkey", "consigned", "partial"] as const;
export const STENCILS = ["framed", "frameless", "customer", "none"] as const;
export const CONFORMAL_COATINGS = ["none", "acrylic", "silicone", "urethane"] as const;
export const ELECTRICAL_TESTS = ["none", "flying_probe", "ict"] as const;
export const ASSEMBLY_PACKAGING = ["esd_bags", "esd_trays", "blister", "tape_reel"] as const;

export type PartsSourcing = (typeof PARTS_SOURCING)[number];

export const ASSEMBLY_LIMITS = {
  name: 120,
  customerPartNumber: 80,
  revision: 20,
  programmingNotes: 500,
  notes: 4000,
  quantityTiers: 6,
} as const;

export const ASSEMBLY_SPEC_ERRORS = {
  /** Quantity tiers must rise: 10, 50, 250. */
  tiersNotAscending: "TIERS_NOT_ASCENDING",
  /** Parts on a side, but neither SMT nor THT on any side. */
  nothingToPlace: "NOTHING_TO_PLACE",
  /** A stencil is for solder paste: without SMT there is nothing to print. */
  stencilWithoutSmt: "STENCIL_WITHOUT_SMT",
} as const;

const quantity = z.number().int().min(capabilities.quantities.min).max(capabilities.quantities.maxPerOrder);

export const assemblySpecFieldsShape = {
  name: singleLine().min(1).max(ASSEMBLY_LIMITS.name),
  customer_part_number: singleLine().max(ASSEMBLY_LIMITS.customerPartNumber).optional(),
  revision: singleLine().max(ASSEMBLY_LIMITS.revision).optional(),
  top_smt: z.boolean(),
  top_tht: z.boolean(),
  bottom_smt: z.boolean(),
  bottom_tht: z.boolean(),
  parts_sourcing: z.enum(PARTS_SOURCING),
  stencil: z.enum(STENCILS),
  conformal_coating: z.enum(CONFORMAL_COATINGS),
  aoi: z.boolean(),
  xray: z.boolean(),
  electrical_test: z.enum(ELECTRICAL_TESTS),
  functional_test: z.boolean(),
  programming: z.boolean(),
  programming_notes: multiLine().max(ASSEMBLY_LIMITS.programmingNotes).optional(),
  packaging: z.enum(ASSEMBLY_PACKAGING),
  quantity_tiers: z.array(quantity).min(1).max(ASSEMBLY_LIMITS.quantityTiers),
  notes: multiLine().max(ASSEMBLY_LIMITS.notes).optional(),
};

export const assemblySpecFieldsSchema = z.strictObject(assemblySpecFieldsShape).superRefine((fields, ctx) => {
  const tiers = fields.quantity_tiers;
  tiers.forEach((tier, index) => {
    if (index > 0 && tier <= tiers[index - 1]!)
      ctx.addIssue({
        code: "custom",
        path: ["quantity_tiers", index],
        message: ASSEMBLY_SPEC_ERRORS.tiersNotAscending,
      });
  });
  const smt = fields.top_smt || fields.bottom_smt;
  if (!smt && !fields.top_tht && !fields.bottom_tht)
    ctx.addIssue({ code: "custom", path: ["top_smt"], message: ASSEMBLY_SPEC_ERRORS.nothingToPlace });
  if (!smt && fields.stencil !== "none")
    ctx.addIssue({ code: "custom", path: ["stencil"], message: ASSEMBLY_SPEC_ERRORS.stencilWithoutSmt });
});

export type AssemblySpecFields = z.infer<typeof assemblySpecFieldsSchema>;

/** What a new specification starts from: the most common order, a one-sided SMT board. */
export const ASSEMBLY_SPEC_DEFAULTS: Omit<AssemblySpecFields, "name"> = {
  top_smt: true,
  top_tht: false,
  bottom_smt: false,
  bottom_tht: false,
  parts_sourcing: "turnkey",
  stencil: "framed",
  conformal_coating: "none",
  aoi: true,
  xray: false,
  electrical_test: "none",
  functional_test: false,
  programming: false,
  packaging: "esd_bags",
  quantity_tiers: [10, 100],
};
