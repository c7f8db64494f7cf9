/**
 * The operator's site configuration: name, claims and figures shown on the public site (SPEC §1, §2).
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
  /** Footer counter band (SPEC §2, §9). */
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
  /** Languages the structured data names (SPEC §1: en, de, it, ro only). */
  structuredDataLanguages: ["en", "de", "it", "ro"],
} as const;

export type SiteConfig = typeof siteConfig;
