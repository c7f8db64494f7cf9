/**
 * The operator's site configuration: name, claims and figures shown on the public site (docs/behaviour/public-site.md#the-product-and-its-claims).
 * The demo brand is fictional. A real operator replaces this one file.
 */
export const siteConfig = {
  /** The public origin for canonical links, sitemaps and JSON-LD; PUBLIC_URL overrides it. */
  url: "https://www.lindqvar.example",
  brand: {
    name: "Lindqvar Elektronik",
    legalName: "Lindqvar Elektronik GmbH",
    /** Used in the {product}-vs-traditional-ems resource path. */
    productSlug: "lindqvar",
    partSearchName: "elexess",
  },
  claims: {
    expressDeliveryDays: 10,
    sites: [
      { city: "Bamberg", country: "DE" },
      { city: "Sibiu", country: "RO" },
    ],
    certifications: ["ISO 9001:2015", "IPC-A-610"],
    employees: 50,
    employeesRange: { min: 25, max: 100 },
    foundedYear: 1990,
    yearsOfExperience: 35,
  },
  /** Footer counter band (docs/behaviour/public-site.md#counter-band). */
  counter: {
    activeBoms: 4425,
    boardsPerYear: 200_000,
    componentsPerYear: 5_000_000,
    customers: "300+",
    secondsPerYear: 31_557_600,
  },
  contact: {
    email: "hello@lindqvar.example",
    phone: "+49 951 000 000",
  },
  /** What business documents (quotes, invoices, PDFs) print about the operator. */
  legal: {
    address: ["Hafenweg 4", "96052 Bamberg", "Germany"],
    /** The same address in fields, as e-invoices (EN 16931 BG-5) carry it; keep both in step. */
    postalAddress: { street: "Hafenweg 4", postalCode: "96052", city: "Bamberg", country: "DE" },
    vatId: "DE111010009",
    /** The imprint's managing directors and commercial register entry (fictional). */
    managingDirectors: ["Katrin Lindqvar", "Mihai Lindqvar-Popescu"],
    register: "Amtsgericht Bamberg, HRB 0000",
    /** The account customers pay invoices to by bank transfer (fictional). */
    bank: { holder: "Lindqvar Elektronik GmbH", iban: "DE02 1203 0000 0000 2020 51", bic: "BYLADEM1001" },
    /** The accent colour of documents: the primary green's 700 shade. */
    accent: "#15803d",
    /** Days between an invoice and its due date; the VAT rate of new quotes in basis points. */
    paymentTermDays: 30,
    defaultTaxRateBp: 1900,
    defaultCurrency: "EUR",
  },
  /**
   * The operator's VAT rules: the country it is registered in and that country's rates with the days
   * they applied (Germany's temporary 16 % of the second half of 2020 included), in basis points.
   * Each document takes the rate valid on its date; the customer's country and VAT ID decide whether
   * VAT is charged at all (@ems/contracts/tax).
   */
  tax: {
    homeCountry: "DE",
    rates: [
      { kind: "standard", rateBp: 1900, validFrom: "2007-01-01", validTo: "2020-06-30" },
      { kind: "standard", rateBp: 1600, validFrom: "2020-07-01", validTo: "2020-12-31" },
      { kind: "standard", rateBp: 1900, validFrom: "2021-01-01", validTo: null },
      { kind: "reduced", rateBp: 700, validFrom: "2007-01-01", validTo: "2020-06-30" },
      { kind: "reduced", rateBp: 500, validFrom: "2020-07-01", validTo: "2020-12-31" },
      { kind: "reduced", rateBp: 700, validFrom: "2021-01-01", validTo: null },
    ],
  },
  /** Languages the structured data names (en, de, it, ro only). */
  structuredDataLanguages: ["en", "de", "it", "ro"],
} as const;

export type SiteConfig = typeof siteConfig;
