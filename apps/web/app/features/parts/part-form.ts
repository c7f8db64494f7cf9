import {
  MSL_LEVELS,
  partCreateSchema,
  partMpnInputSchema,
  partSeriesUpdateSchema,
  PART_LIFECYCLES,
  PART_TYPES,
  valuationRateSchema,
  type Part,
  type PartUpdate,
} from "@ems/contracts/parts";
import { z } from "zod";

import { majorToMinor, minorToMajor } from "./part-amount";

/**
 * What the parts page's forms post, one schema per API request, read by Conform in the browser and
 * by the route action alike: the contract's own fields where the form holds them as the API takes
 * them, and where it does not (an amount typed in major units, an unticked box, a blank select)
 * turned into the API's body here, so the action sends what the schema gives.
 */

/** Codes of the form's own refusals, worded by the page (`parts.error.<code>`). */
export const PART_FORM_ERRORS = { duplicateMpn: "DUPLICATE_MPN", amount: "AMOUNT" } as const;

/**
 * The valuation rate as the form holds it (`valuation_rate.amount_minor` typed in major units beside
 * `valuation_rate.currency`) read into the API's minor units; a blank amount clears the rate, and an
 * amount that is no number stays as typed so the contract's number check refuses it at the field.
 */
const valuationField = z.preprocess((raw: unknown) => {
  if (typeof raw !== "object" || raw === null) return null;
  const { amount_minor: amount, currency } = raw as { amount_minor?: unknown; currency?: unknown };
  if (typeof amount !== "string" || amount.trim() === "") return null;
  if (typeof currency !== "string") return raw;
  return { amount_minor: majorToMinor(amount, currency) ?? amount, currency };
}, valuationRateSchema.nullable());

interface MpnRow {
  manufacturer?: unknown;
  mpn?: unknown;
}

const blank = (value: unknown) => typeof value !== "string" || value.trim() === "";

/**
 * The MPN rows the user filled: blank rows at the end are left out (the form offers an empty row to
 * type into), a blank row between filled ones is kept so it is refused at its own index, which is the
 * index the API names too (`mpns.1.mpn`).
 */
export function filledMpnRows(rows: unknown): unknown {
  if (!Array.isArray(rows)) return rows;
  const kept = [...(rows as (MpnRow | undefined)[])];
  while (
    kept.length &&
    (kept.at(-1) === undefined || (blank(kept.at(-1)!.mpn) && blank(kept.at(-1)!.manufacturer)))
  )
    kept.pop();
  return kept;
}

/** The same MPN twice in one part, as typed (the API also catches spellings that differ). */
const mpnKey = (mpn: string) => mpn.replace(/[\s-]/g, "").toUpperCase();

/** POST /api/parts: a new part with its MPNs. */
export const partCreateForm = z
  .object({
    ...partCreateSchema.shape,
    valuation_rate: valuationField.optional(),
    mpns: z.preprocess(filledMpnRows, partCreateSchema.shape.mpns),
  })
  .superRefine((part, ctx) => {
    const keys = (part.mpns ?? []).map((row) => mpnKey(row.mpn));
    keys.forEach((key, index) => {
      if (keys.indexOf(key) !== index)
        ctx.addIssue({
          code: "custom",
          path: ["mpns", index, "mpn"],
          message: PART_FORM_ERRORS.duplicateMpn,
        });
    });
  });

export type PartCreateForm = z.output<typeof partCreateForm>;

/** The fields the edit form changes, as the API takes them (PATCH /api/parts/:id). */
const editShape = {
  description: partCreateSchema.shape.description,
  type: z.enum(PART_TYPES),
  // A blank select is "no MSL", which the API takes as null.
  msl: z
    .enum(MSL_LEVELS)
    .optional()
    .transform((msl) => msl ?? null),
  polarized: z.boolean().default(false),
  // Blank is "not known", null to the API like a blank MSL.
  lifecycle: z
    .enum(PART_LIFECYCLES)
    .optional()
    .transform((lifecycle) => lifecycle ?? null),
  valuation_rate: valuationField,
  comment: partCreateSchema.shape.comment.transform((comment) => comment ?? null),
};

export type PartEditValues = Required<PartUpdate>;

/** A part's editable fields as the API has them, for the edit form's start and for what changed. */
export function editValuesOf(part: Pick<Part, keyof PartEditValues>): PartEditValues {
  return {
    description: part.description,
    type: part.type,
    msl: part.msl,
    polarized: part.polarized,
    lifecycle: part.lifecycle,
    valuation_rate: part.valuation_rate,
    comment: part.comment,
  };
}

/** What the edit form shows first: the amount in major units, blanks for what is not set. */
export function editDefaultsOf(part: Part) {
  return {
    id: part.id,
    original: JSON.stringify(editValuesOf(part)),
    description: part.description,
    type: part.type,
    msl: part.msl ?? "",
    polarized: part.polarized ? "on" : "",
    lifecycle: part.lifecycle ?? "",
    valuation_rate: {
      amount_minor: part.valuation_rate
        ? minorToMajor(part.valuation_rate.amount_minor, part.valuation_rate.currency)
        : "",
      currency: part.valuation_rate?.currency ?? "",
    },
    comment: part.comment ?? "",
  };
}

/**
 * The fields the user changed against what the form started from: only those are sent, so a field
 * someone else changed meanwhile is not overwritten with the old value.
 */
export function changedFields(before: PartEditValues, after: PartEditValues): PartUpdate {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof PartEditValues)[])
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) changes[key] = after[key];
  return changes as PartUpdate;
}

/** What the form started from, sent along as JSON; unreadable, every field counts as changed. */
function originalOf(text: string): PartEditValues | null {
  try {
    return JSON.parse(text) as PartEditValues;
  } catch {
    return null;
  }
}

/** PATCH /api/parts/:id: the part and only the fields that changed (none: nothing is sent). */
export const partEditForm = z
  .object({ id: z.uuid(), original: z.string().default(""), ...editShape })
  .transform(({ id, original, ...values }) => {
    const before = originalOf(original);
    return { id, changes: before ? changedFields(before, values) : (values as PartUpdate) };
  });

/** POST /api/parts/:id/mpns. */
export const partMpnAddForm = partMpnInputSchema.extend({ id: z.uuid() });

/** DELETE /api/parts/:id/mpns/:mpnId. */
export const partMpnRemoveForm = z.object({ id: z.uuid(), mpn_id: z.uuid() });

/** PUT /api/parts/series; a blank prefix numbers without one. */
export const partSeriesForm = z.object({
  ...partSeriesUpdateSchema.shape,
  prefix: partSeriesUpdateSchema.shape.prefix.optional().transform((prefix) => prefix ?? ""),
});

/** The number a series gives next, as the API formats it (prefix + zero-padded serial). */
export function seriesNumber(prefix: string, digits: number, next: number): string {
  return `${prefix}${String(next).padStart(digits, "0")}`;
}
