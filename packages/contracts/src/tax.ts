import { checkVAT, countries } from "jsvat";
import { z } from "zod";

/**
 * VAT by rule (issue 19): whether and at what rate a document charges VAT follows from the operator's
 * home country and rates (siteConfig.tax) and the customer's billing country and VAT ID, under the EU
 * VAT directive (2006/112/EC):
 * - domestic: the customer is in the operator's country: the home rate.
 * - reverse_charge: a business in another member state with a valid VAT ID: 0 %, the customer owes
 *   the VAT (art. 196), and the document says so in its language (art. 226 (11a)).
 * - export: a customer outside the EU: 0 %, a tax-exempt export (art. 146).
 * - eu_no_vat_id: a customer in another member state without a valid VAT ID: the home rate, as for
 *   a domestic sale (the business customers of an EMS portal register a VAT ID to avoid this).
 */
export const TAX_TREATMENTS = ["domestic", "reverse_charge", "export", "eu_no_vat_id"] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];

/** The member states of the European Union (ISO 3166 alpha-2; Greece's VAT IDs start with EL). */
export const EU_MEMBER_STATES = [
  "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU",
  "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK",
] as const; // prettier-ignore

export const isEuMember = (country: string): boolean =>
  (EU_MEMBER_STATES as readonly string[]).includes(country.toUpperCase());

export interface TaxRate {
  kind: "standard" | "reduced";
  rateBp: number;
  /** ISO dates, both days included; validTo null while the rate applies. */
  validFrom: string;
  validTo: string | null;
}

export interface TaxRules {
  homeCountry: string;
  rates: readonly TaxRate[];
}

/** The VAT ID's country prefix: the ISO code, except Greece's (EL). */
function vatPrefixOf(country: string): string {
  return country.toUpperCase() === "GR" ? "EL" : country.toUpperCase();
}

/** A VAT ID with its spaces, dots and dashes taken out and in capitals, as VIES compares them. */
export function normaliseVatId(vatId: string): string {
  return vatId.replace(/[\s.\-/]/g, "").toUpperCase();
}

/**
 * Whether `vatId` is a well-formed VAT ID of `country` (format and check digit per country, jsvat).
 * Countries jsvat does not know (outside Europe) accept any ID of 4 to 20 letters and digits.
 */
export function isValidVatId(vatId: string, country: string): boolean {
  const id = normaliseVatId(vatId);
  const prefix = vatPrefixOf(country);
  const known = countries.some((c) => c.codes[0] !== undefined && vatPrefixOf(c.codes[0]) === prefix);
  if (!known) return /^[A-Z0-9]{4,20}$/.test(id);
  // A number typed without its country prefix is read as the company's country's.
  const withPrefix = /^[A-Z]{2}/.test(id) ? id : `${prefix}${id}`;
  if (withPrefix.slice(0, 2) !== prefix) return false;
  const result = checkVAT(withPrefix, countries);
  return result.isValid;
}

/** How a document for a customer in `country` with `vatId` (null: none) is taxed. */
export function taxTreatmentFor(
  rules: TaxRules,
  customer: { country: string; vatId: string | null },
): TaxTreatment {
  const country = customer.country.toUpperCase();
  if (country === rules.homeCountry.toUpperCase()) return "domestic";
  if (!isEuMember(country)) return "export";
  return customer.vatId && isValidVatId(customer.vatId, country) ? "reverse_charge" : "eu_no_vat_id";
}

/** The standard rate valid on `date` (ISO day); a day no rate covers is a configuration error. */
export function standardRateOn(rules: TaxRules, date: string): number {
  const rate = rules.rates.find(
    (r) => r.kind === "standard" && r.validFrom <= date && (r.validTo === null || date <= r.validTo),
  );
  if (!rate) throw new Error(`No standard VAT rate of ${rules.homeCountry} is configured for ${date}`);
  return rate.rateBp;
}

/** The rate a document dated `date` charges under `treatment`, in basis points. */
export function taxRateFor(rules: TaxRules, treatment: TaxTreatment, date: string): number {
  return treatment === "reverse_charge" || treatment === "export" ? 0 : standardRateOn(rules, date);
}

/** The error code of a VAT ID that is not well-formed for the company's country. */
export const VAT_ID_INVALID = "VAT_ID_INVALID";

/** A company's VAT ID must fit its country; checked where a company is registered or saved. */
export function refineVatId(
  company: { country: string; vat_id?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (company.vat_id && !isValidVatId(company.vat_id, company.country))
    ctx.addIssue({ code: "custom", path: ["vat_id"], message: VAT_ID_INVALID });
}

/** What a new document of a company carries: its treatment, rate and the VAT ID it was made for. */
export function documentTaxFor(
  rules: TaxRules,
  company: { country: string; vatId: string | null },
  date: string,
  override?: TaxTreatment,
): { taxTreatment: TaxTreatment; taxRateBp: number; customerVatId: string | null } {
  const taxTreatment = override ?? taxTreatmentFor(rules, company);
  return {
    taxTreatment,
    taxRateBp: taxRateFor(rules, taxTreatment, date),
    customerVatId: company.vatId ? normaliseVatId(company.vatId) : null,
  };
}

/** Staff override a document's treatment with a reason that goes to the activity log. */
export const taxOverrideSchema = z
  .strictObject({
    tax_treatment: z.enum(TAX_TREATMENTS),
    reason: z.string().trim().min(3).max(500),
  })
  .meta({ id: "TaxOverride" });

export type TaxOverride = z.infer<typeof taxOverrideSchema>;
