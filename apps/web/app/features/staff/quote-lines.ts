import {
  MAX_QUOTE_TIERS,
  staffQuoteLinesSchema,
  type ProductCategory,
  type QuoteLine,
  type StaffQuoteLine,
} from "@ems/contracts/quotes";
import type { AssemblySpecReference } from "@ems/contracts/assemblies";
import type { PcbSpecReference } from "@ems/contracts/pcbs";
import type { z } from "zod";

import { majorText, parseMajor, parseWhole } from "./format";

/**
 * The quote line editor's model: what staff type (texts), turned into the API's body (integer
 * minor units) and checked with the same zod schema the API uses.
 */

export interface TierDraft {
  quantity: string;
  price: string;
}

export interface LineDraft {
  /** A stable key for React while lines are added and removed. */
  key: string;
  category: ProductCategory;
  description: string;
  leadTime: string;
  engineering: string;
  tiers: TierDraft[];
  /** The customer's PCB specification version the line refers to; pricing keeps it. */
  pcbSpec: PcbSpecReference | null;
  /** The customer's assembly specification version the line refers to; pricing keeps it. */
  assemblySpec: AssemblySpecReference | null;
}

let counter = 0;
const nextKey = () => `line-${++counter}`;

export function emptyTier(): TierDraft {
  return { quantity: "", price: "" };
}

export function emptyLine(): LineDraft {
  return {
    key: nextKey(),
    category: "assemblies",
    description: "",
    leadTime: "",
    engineering: "0",
    tiers: [emptyTier()],
    pcbSpec: null,
    assemblySpec: null,
  };
}

/** The editor's start: the quote's lines, prices blank where the request is not priced yet. */
export function draftsFromLines(lines: readonly QuoteLine[], currency: string): LineDraft[] {
  if (lines.length === 0) return [emptyLine()];
  return [...lines]
    .sort((a, b) => a.position - b.position)
    .map((line) => ({
      key: nextKey(),
      category: line.category,
      description: line.description,
      leadTime: line.lead_time_days === null ? "" : String(line.lead_time_days),
      engineering: majorText(line.engineering_cost_minor ?? 0, currency),
      tiers: (line.tiers.length ? line.tiers : [{ quantity: 0, unit_price_minor: null }])
        .slice(0, MAX_QUOTE_TIERS)
        .map((tier) => ({
          quantity: tier.quantity > 0 ? String(tier.quantity) : "",
          price: majorText(tier.unit_price_minor, currency),
        })),
      pcbSpec: line.pcb_spec,
      assemblySpec: line.assembly_spec,
    }));
}

/** A message key of the staff catalog with its values. */
export interface FieldMessage {
  key: string;
  values?: Record<string, string | number>;
}

/** A zod issue as a message of the staff catalog (the schema's rules, in the page's language). */
export function issueMessage(issue: z.core.$ZodIssue): FieldMessage {
  switch (issue.code) {
    case "too_small": {
      const minimum = Number(issue.minimum);
      if (issue.origin === "string")
        return minimum <= 1
          ? { key: "staff.error_required" }
          : { key: "staff.error_min_length", values: { min: minimum } };
      if (issue.origin === "array") return { key: "staff.error_min_items", values: { min: minimum } };
      return { key: "staff.error_min_value", values: { min: minimum } };
    }
    case "too_big": {
      const maximum = Number(issue.maximum);
      if (issue.origin === "string") return { key: "staff.error_max_length", values: { max: maximum } };
      if (issue.origin === "array") return { key: "staff.error_max_items", values: { max: maximum } };
      return { key: "staff.error_max_value", values: { max: maximum } };
    }
    case "invalid_type":
      return { key: "staff.error_required" };
    case "custom":
      if (issue.message.includes("increase")) return { key: "staff.error_tiers_increase" };
      if (issue.message.includes("minor units")) return { key: "staff.error_amount_too_large" };
      return { key: "staff.error_invalid" };
    default:
      return { key: "staff.error_invalid" };
  }
}

export type FieldErrors = Record<string, FieldMessage>;

export interface LinesResult {
  body: { lines: StaffQuoteLine[] } | null;
  errors: FieldErrors;
}

/**
 * Turns the drafts into the PUT …/lines body. Texts that are not numbers are reported first (their
 * field path is the API's: lines.0.tiers.1.unit_price_minor); then the shared schema decides.
 */
export function linesBody(drafts: readonly LineDraft[], currency: string): LinesResult {
  const errors: FieldErrors = {};
  const lines = drafts.map((draft, i) => {
    const at = `lines.${i}`;
    const leadTime = parseWhole(draft.leadTime);
    if (leadTime === null)
      errors[`${at}.lead_time_days`] = draft.leadTime.trim()
        ? { key: "staff.error_whole_number" }
        : { key: "staff.error_required" };
    const engineering = draft.engineering.trim() === "" ? 0 : parseMajor(draft.engineering, currency);
    if (engineering === null) errors[`${at}.engineering_cost_minor`] = { key: "staff.error_amount" };
    const tiers = draft.tiers.map((tier, t) => {
      const quantity = parseWhole(tier.quantity);
      if (quantity === null)
        errors[`${at}.tiers.${t}.quantity`] = tier.quantity.trim()
          ? { key: "staff.error_whole_number" }
          : { key: "staff.error_required" };
      const price = parseMajor(tier.price, currency);
      if (price === null)
        errors[`${at}.tiers.${t}.unit_price_minor`] = tier.price.trim()
          ? { key: "staff.error_amount" }
          : { key: "staff.error_required" };
      return { quantity: quantity ?? 0, unit_price_minor: price ?? 0 };
    });
    return {
      category: draft.category,
      description: draft.description,
      lead_time_days: leadTime ?? 0,
      engineering_cost_minor: engineering ?? 0,
      tiers,
      ...(draft.pcbSpec ? { pcb_spec_version_id: draft.pcbSpec.version_id } : {}),
      ...(draft.assemblySpec ? { assembly_spec_version_id: draft.assemblySpec.version_id } : {}),
    };
  });
  const parsed = staffQuoteLinesSchema.safeParse({ lines });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join(".");
      // A field that is not even a number keeps that message.
      if (!(path in errors)) errors[path] = issueMessage(issue);
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { body: null, errors };
  return { body: parsed.data, errors };
}
