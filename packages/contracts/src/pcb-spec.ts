import { capabilities } from "@ems/config/capabilities";
import { z } from "zod";
import { multiLine, singleLine } from "./text.ts";

/**
 * What a bare board is built to (docs/behaviour/engineering.md#specification-fields): the fields the best fabs
 * ask for, each choice limited to what the operator offers (`capabilities.bareBoards` in
 * @ems/config). The same schema checks the web form, the API and the stored versions, so an
 * impossible combination is refused with the field named, before anything is saved.
 */

const fab = capabilities.bareBoards;

export const BASE_MATERIALS = fab.materials;
export const SURFACE_FINISHES = fab.finishes;
export const MASK_COLOURS = fab.maskColours;
export const SILK_COLOURS = fab.silkColours;
export const VIA_TREATMENTS = fab.viaTreatments;
export const IPC_CLASSES = ["2", "3"] as const;
export const PANEL_SEPARATIONS = ["v_score", "tab_routing"] as const;

export type BaseMaterial = (typeof BASE_MATERIALS)[number];
export type SurfaceFinish = (typeof SURFACE_FINISHES)[number];
export type MaskColour = (typeof MASK_COLOURS)[number];
export type SilkColour = (typeof SILK_COLOURS)[number];
export type ViaTreatment = (typeof VIA_TREATMENTS)[number];

/**
 * Why a value was refused, as the message of its issue (the web words these codes; the API
 * answers them in the error envelope's message beside the field).
 */
export const PCB_SPEC_ERRORS = {
  notOffered: "NOT_OFFERED",
  belowMinimum: "BELOW_MINIMUM",
  aboveMaximum: "ABOVE_MAXIMUM",
  innerCopperNeeded: "INNER_COPPER_NEEDED",
  innerCopperWithoutInnerLayers: "NO_INNER_LAYERS",
  tgWithoutHighTgMaterial: "TG_NEEDS_MATERIAL",
  haslTooThin: "HASL_TOO_THIN",
  filledViasNeedLayers: "FILLED_VIAS_NEED_LAYERS",
  bevelNeedsHardGold: "BEVEL_NEEDS_HARD_GOLD",
  impedanceNeedsLayers: "IMPEDANCE_NEEDS_LAYERS",
  impedanceNeedsStackup: "IMPEDANCE_NEEDS_STACKUP",
  panelTooLarge: "PANEL_TOO_LARGE",
  boardTooSmallAlone: "TOO_SMALL_ALONE",
} as const;

const oneOf = <const T extends readonly (string | number)[]>(values: T) =>
  z.custom<T[number]>((value) => (values as readonly unknown[]).includes(value), {
    message: PCB_SPEC_ERRORS.notOffered,
  });

/** A number in mm or µm that must lie in the operator's range. */
const within = (min: number, max: number) =>
  z.number().min(min, PCB_SPEC_ERRORS.belowMinimum).max(max, PCB_SPEC_ERRORS.aboveMaximum);

const panelSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("single") }),
  z.strictObject({
    kind: z.literal("panel"),
    boards_x: z.number().int().min(1, PCB_SPEC_ERRORS.belowMinimum).max(fab.panelBoardsMax),
    boards_y: z.number().int().min(1, PCB_SPEC_ERRORS.belowMinimum).max(fab.panelBoardsMax),
    separation: z.enum(PANEL_SEPARATIONS),
    rails_mm: within(fab.panelRailsMm[0], fab.panelRailsMm[1]),
    fiducials: z.boolean(),
  }),
]);

/** The fields of one version, as typed: what the user chose, before the cross-field rules. */
export const pcbSpecFieldsShape = {
  name: singleLine().min(1).max(120),
  customer_part_number: singleLine().max(80).optional(),
  revision: singleLine().max(20).optional(),
  layers: oneOf(fab.layerCounts),
  width_mm: within(1, fab.maxPanelMm[0]),
  height_mm: within(1, fab.maxPanelMm[0]),
  thickness_mm: oneOf(fab.thicknessStepsMm),
  material: oneOf(BASE_MATERIALS),
  tg: oneOf(fab.tgValues),
  outer_copper_um: oneOf(fab.outerCopperUm),
  inner_copper_um: oneOf(fab.innerCopperUm).optional(),
  min_track_um: within(fab.trackSpaceUm, 2_000),
  min_gap_um: within(fab.trackSpaceUm, 2_000),
  min_drill_mm: within(fab.mechanicalDrillMm, 6.5),
  surface_finish: oneOf(SURFACE_FINISHES),
  mask_top: oneOf(MASK_COLOURS),
  mask_bottom: oneOf(MASK_COLOURS),
  silk_top: oneOf(SILK_COLOURS),
  silk_bottom: oneOf(SILK_COLOURS),
  via_treatment: oneOf(VIA_TREATMENTS),
  impedance_control: z.boolean(),
  stackup_notes: multiLine().max(2000).optional(),
  edge_plating: z.boolean(),
  castellated_holes: z.boolean(),
  edge_connector_bevel: z.boolean(),
  ipc_class: z.enum(IPC_CLASSES),
  ul_marking: z.boolean(),
  date_code: z.boolean(),
  electrical_test: z.boolean(),
  panel: panelSchema,
  notes: multiLine().max(4000).optional(),
};

type Fields = z.infer<z.ZodObject<typeof pcbSpecFieldsShape>>;
type Refusal = { path: (string | number)[]; message: string };

/**
 * The rules between fields: what a fab cannot build however each field is chosen on its own.
 * Answers every refusal, each on the field the user would change.
 */
export function pcbSpecRefusals(spec: Fields): Refusal[] {
  const out: Refusal[] = [];
  const refuse = (path: (string | number)[], message: string) => out.push({ path, message });
  const E = PCB_SPEC_ERRORS;
  if (spec.layers > 2 && spec.inner_copper_um === undefined) refuse(["inner_copper_um"], E.innerCopperNeeded);
  if (spec.layers <= 2 && spec.inner_copper_um !== undefined)
    refuse(["inner_copper_um"], E.innerCopperWithoutInnerLayers);
  // Standard FR-4 is Tg 130–150; 170 and above is high-Tg laminate.
  if (spec.tg >= 170 && spec.material === "fr4") refuse(["tg"], E.tgWithoutHighTgMaterial);
  if (spec.surface_finish === "hasl_lead_free" && spec.thickness_mm < fab.haslMinThicknessMm)
    refuse(["surface_finish"], E.haslTooThin);
  if (spec.via_treatment === "filled_capped" && spec.layers < fab.filledViasMinLayers)
    refuse(["via_treatment"], E.filledViasNeedLayers);
  // Bevelled fingers are plugged into a connector: only hard gold survives the insertions.
  if (spec.edge_connector_bevel && spec.surface_finish !== "hard_gold")
    refuse(["edge_connector_bevel"], E.bevelNeedsHardGold);
  if (spec.impedance_control && spec.layers < 2) refuse(["impedance_control"], E.impedanceNeedsLayers);
  if (spec.impedance_control && !spec.stackup_notes?.trim())
    refuse(["stackup_notes"], E.impedanceNeedsStackup);
  const [maxW, maxH] = fab.maxPanelMm;
  const fits = (w: number, h: number) => (w <= maxW && h <= maxH) || (w <= maxH && h <= maxW);
  if (spec.panel.kind === "panel") {
    const rails = 2 * spec.panel.rails_mm;
    const w = spec.panel.boards_x * spec.width_mm + rails;
    const h = spec.panel.boards_y * spec.height_mm + rails;
    if (!fits(w, h)) refuse(["panel", "boards_x"], E.panelTooLarge);
  } else {
    if (!fits(spec.width_mm, spec.height_mm)) refuse(["width_mm"], E.aboveMaximum);
    const [minW, minH] = fab.minSingleMm;
    if (Math.min(spec.width_mm, spec.height_mm) < Math.min(minW, minH))
      refuse(["panel"], E.boardTooSmallAlone);
  }
  return out;
}

/** One version's fields with the operator's rules between them. */
export const pcbSpecFieldsSchema = z
  .strictObject(pcbSpecFieldsShape)
  .superRefine((spec, ctx) => {
    for (const refusal of pcbSpecRefusals(spec))
      ctx.addIssue({ code: "custom", path: refusal.path, message: refusal.message });
  })
  .meta({ id: "PcbSpecFields" });

export type PcbSpecFields = z.infer<typeof pcbSpecFieldsSchema>;

/** What a new specification starts from in the form: the most common board. */
export const PCB_SPEC_DEFAULTS = {
  layers: 2,
  thickness_mm: 1.6,
  material: "fr4",
  tg: 150,
  outer_copper_um: 35,
  min_track_um: 150,
  min_gap_um: 150,
  min_drill_mm: 0.3,
  surface_finish: "enig",
  mask_top: "green",
  mask_bottom: "green",
  silk_top: "white",
  silk_bottom: "white",
  via_treatment: "tented",
  impedance_control: false,
  edge_plating: false,
  castellated_holes: false,
  edge_connector_bevel: false,
  ipc_class: "2",
  ul_marking: false,
  date_code: false,
  electrical_test: true,
  panel: { kind: "single" },
} as const satisfies Partial<PcbSpecFields>;
