/**
 * A portrait for the team page: a raster source in apps/web/images (e.g. katrin-lindqvar.jpg, at least 192 px
 * wide, roughly square) becomes /images/katrin-lindqvar-<width>.webp at build time (docs/behaviour/data.md#images).
 */
export interface TeamPhoto {
  /** "/images/katrin-lindqvar" */
  base: string;
  /** The source's width in px, so no wider variant is asked for. */
  sourceWidth: number;
}

/** A certificate the operator holds; its name is what claims.certifications lists. */
export interface Certificate {
  name: string;
  issuer: string;
  number?: string;
  /** ISO date (YYYY-MM-DD). */
  validUntil?: string;
  /** A path under public/, e.g. "/images/certificates/iso-9001.svg". */
  logo?: string;
}

export interface Membership {
  name: string;
  url: string;
}

/** A customer that agreed to be named; only fictional or licensed logos belong here. */
export interface CustomerLogo {
  name: string;
  /** A path under public/, e.g. "/images/customers/acme.svg". */
  logo: string;
  url?: string;
}

/** The roles the team page can name; each has the message key team.role_<role> in every language. */
export type TeamRole =
  | "managing_director"
  | "head_of_engineering"
  | "head_of_production"
  | "plant_manager"
  | "quality_manager"
  | "project_manager"
  | "purchasing"
  | "logistics";

export interface TeamMember {
  name: string;
  role: TeamRole;
  /** The city of one of claims.sites. */
  site: string;
  /** Without a photo the team page shows the person's initials. */
  photo?: TeamPhoto;
  email?: string;
  phone?: string;
}

/** Shown on the quality and company pages and the home page's trust section; the claims derive from it. */
const certificates: readonly Certificate[] = [
  {
    name: "ISO 9001:2015",
    issuer: "Frankencert Zertifizierungsgesellschaft mbH",
    number: "QM-0417-2026",
    validUntil: "2029-03-31",
  },
  { name: "IPC-A-610", issuer: "IPC", number: "CIS-BA-26-0193", validUntil: "2028-06-30" },
];

/**
 * The operator's site configuration: name, claims and figures shown on the public site (docs/behaviour/public-site.md#the-product-and-its-claims).
 * The demo brand is fictional. A real operator replaces this one file. The lists (certificates, memberships,
 * customers, team) are shown only when filled.
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
    /** Derived from the certificates, so the claims never name one the list does not hold. */
    certifications: certificates.map((certificate) => certificate.name),
    employees: 50,
    employeesRange: { min: 25, max: 100 },
    foundedYear: 1990,
    yearsOfExperience: 35,
  },
  certificates,
  /** Empty in the demo: a fictional brand is a member of no real association. */
  memberships: [] as readonly Membership[],
  /** Empty in the demo: no real company's logo may stand for a fictional brand. */
  customers: [] as readonly CustomerLogo[],
  /** The team page's people (the managing directors of legal.managingDirectors among them). */
  team: [
    {
      name: "Katrin Lindqvar",
      role: "managing_director",
      site: "Bamberg",
      email: "katrin.lindqvar@lindqvar.example",
      phone: "+49 951 000 010",
    },
    {
      name: "Mihai Lindqvar-Popescu",
      role: "managing_director",
      site: "Sibiu",
      email: "mihai.lindqvar-popescu@lindqvar.example",
      phone: "+40 269 000 010",
    },
    {
      name: "Jonas Brandner",
      role: "head_of_engineering",
      site: "Bamberg",
      email: "jonas.brandner@lindqvar.example",
    },
    {
      name: "Andreea Munteanu",
      role: "plant_manager",
      site: "Sibiu",
      email: "andreea.munteanu@lindqvar.example",
    },
    {
      name: "Sabine Hofmann",
      role: "quality_manager",
      site: "Bamberg",
      email: "sabine.hofmann@lindqvar.example",
    },
    {
      name: "Florian Lindqvar",
      role: "project_manager",
      site: "Bamberg",
      email: "florian.lindqvar@lindqvar.example",
      phone: "+49 951 000 020",
    },
    { name: "Radu Ionescu", role: "head_of_production", site: "Sibiu" },
    { name: "Ioana Dragomir", role: "purchasing", site: "Sibiu", email: "ioana.dragomir@lindqvar.example" },
    { name: "Markus Eckert", role: "logistics", site: "Bamberg" },
  ] satisfies TeamMember[] as readonly TeamMember[],
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
