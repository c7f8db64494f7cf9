import {
  PCB_SPEC_ERRORS,
  pcbSpecFieldsShape,
  pcbSpecRefusals,
  type PcbSpecFields,
} from "@ems/contracts/pcb-spec";
import { pcbStaffNoteSchema } from "@ems/contracts/pcbs";
import { z } from "zod";

/**
 * What the specification form posts: the fields of `pcbSpecFieldsSchema` as a form holds them (a
 * select's number arrives as text, an unticked box not at all), checked by the same shape and the
 * same rules between fields, plus the uploaded Gerber zip and the version the edit started from.
 */

/** A choice among numbers (layers, thickness …): the select's text read as a number first. */
const numberChoice = <T extends z.ZodType<unknown, number>>(schema: T) =>
  z.number({ error: PCB_SPEC_ERRORS.notOffered }).pipe(schema);

const panelForm = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("single") }),
  z.object({
    kind: z.literal("panel"),
    boards_x: z.number({ error: PCB_SPEC_ERRORS.belowMinimum }).int(),
    boards_y: z.number({ error: PCB_SPEC_ERRORS.belowMinimum }).int(),
    separation: pcbSpecFieldsShape.panel.options[1].shape.separation,
    rails_mm: z.number({ error: PCB_SPEC_ERRORS.belowMinimum }),
    fiducials: z.boolean().default(false),
  }),
]);

const box = z.boolean().default(false);

export const pcbSpecFormSchema = z
  .object({
    ...pcbSpecFieldsShape,
    layers: numberChoice(pcbSpecFieldsShape.layers),
    width_mm: z.number({ error: PCB_SPEC_ERRORS.belowMinimum }).pipe(pcbSpecFieldsShape.width_mm),
    height_mm: z.number({ error: PCB_SPEC_ERRORS.belowMinimum }).pipe(pcbSpecFieldsShape.height_mm),
    thickness_mm: numberChoice(pcbSpecFieldsShape.thickness_mm),
    tg: numberChoice(pcbSpecFieldsShape.tg),
    outer_copper_um: numberChoice(pcbSpecFieldsShape.outer_copper_um),
    inner_copper_um: numberChoice(pcbSpecFieldsShape.inner_copper_um.unwrap()).optional(),
    min_track_um: z.number({ error: PCB_SPEC_ERRORS.belowMinimum }).pipe(pcbSpecFieldsShape.min_track_um),
    min_gap_um: z.number({ error: PCB_SPEC_ERRORS.belowMinimum }).pipe(pcbSpecFieldsShape.min_gap_um),
    min_drill_mm: z.number({ error: PCB_SPEC_ERRORS.belowMinimum }).pipe(pcbSpecFieldsShape.min_drill_mm),
    impedance_control: box,
    edge_plating: box,
    castellated_holes: box,
    edge_connector_bevel: box,
    ul_marking: box,
    date_code: box,
    electrical_test: box,
    panel: panelForm.pipe(pcbSpecFieldsShape.panel),
    /** The specification a new version is saved to (absent when creating one). */
    id: z.uuid().optional(),
    gerber_file_id: z.uuid().optional(),
    base_version: z.number().int().min(1).optional(),
  })
  .superRefine((spec, ctx) => {
    for (const refusal of pcbSpecRefusals(spec as PcbSpecFields))
      ctx.addIssue({ code: "custom", path: refusal.path, message: refusal.message });
  });

export type PcbSpecForm = z.infer<typeof pcbSpecFormSchema>;

/** The specification's fields as the API takes them, from what the form read. */
export function specFieldsOf(form: PcbSpecForm): PcbSpecFields {
  const { id: _id, gerber_file_id: _file, base_version: _base, ...fields } = form;
  return fields as PcbSpecFields;
}

/** A button's post about one specification (duplicate, archive, restore). */
export const pcbIdForm = z.object({ id: z.uuid() });

/** The back office's note on a specification (PUT /api/staff/pcbs/:id/note); empty clears it. */
export const pcbNoteForm = z.object({ id: z.uuid(), note: pcbStaffNoteSchema.shape.note.default("") });
