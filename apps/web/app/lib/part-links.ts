import { PART_LIMITS, PART_TYPES, type PartType } from "@ems/contracts/parts";
import type { Locale } from "@ems/i18n/locales";

import { href } from "./route-map";

/**
 * Addresses into the customer's parts page that other pages link to: one part open in the sheet over
 * the list (`?part=`), and the "new part" dialog opened prefilled (`?new=1&description=…&mpn=…`), which
 * the BOM page offers for a line that matches no part yet.
 */

export const PART_SHEET_PARAM = "part";
export const NEW_PART_PARAMS = {
  open: "new",
  description: "description",
  type: "type",
  mpn: "mpn",
  manufacturer: "manufacturer",
} as const;

/** What the new-part dialog can start from; every field is optional. */
export interface NewPartFields {
  description?: string | null;
  type?: PartType | null;
  mpn?: string | null;
  manufacturer?: string | null;
}

const LIMITS = {
  description: PART_LIMITS.description,
  mpn: PART_LIMITS.mpn,
  manufacturer: PART_LIMITS.manufacturer,
} as const;

/** A BOM cell can hold line breaks and runs of spaces; the form's single-line fields cannot. */
const oneLine = (value: string, max: number) => value.replace(/\s+/g, " ").trim().slice(0, max);

/** The parts page with the new-part dialog open and filled from `fields` (blank ones left out). */
export function newPartHref(fields: NewPartFields, locale: Locale): string {
  const params = new URLSearchParams({ [NEW_PART_PARAMS.open]: "1" });
  for (const name of ["description", "mpn", "manufacturer"] as const) {
    const value = oneLine(fields[name] ?? "", LIMITS[name]);
    if (value) params.set(NEW_PART_PARAMS[name], value);
  }
  if (fields.type && PART_TYPES.includes(fields.type)) params.set(NEW_PART_PARAMS.type, fields.type);
  return `${href("my-parts", locale)}?${params.toString()}`;
}

/** The prefill of the new-part dialog from the page's address, or null when it is not asked to open. */
export function newPartPrefill(search: URLSearchParams): NewPartFields | null {
  if (search.get(NEW_PART_PARAMS.open) !== "1") return null;
  const text = (name: keyof typeof LIMITS) => oneLine(search.get(NEW_PART_PARAMS[name]) ?? "", LIMITS[name]);
  const type = search.get(NEW_PART_PARAMS.type);
  return {
    description: text("description") || null,
    mpn: text("mpn") || null,
    manufacturer: text("manufacturer") || null,
    type: PART_TYPES.find((known) => known === type) ?? null,
  };
}

/** The page's query string without the new-part dialog's parameters (the dialog closed). */
export function withoutNewPart(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of Object.values(NEW_PART_PARAMS)) params.delete(name);
  const query = params.toString();
  return query ? `?${query}` : "?";
}

/** The list's address with one part open in the sheet, or with none (null); the list's state stays. */
export function partSheetHref(search: string, part: string | null): string {
  const params = new URLSearchParams(search);
  params.delete(PART_SHEET_PARAM);
  if (part) params.set(PART_SHEET_PARAM, part);
  const query = params.toString();
  return query ? `?${query}` : "?";
}
