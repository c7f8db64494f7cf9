/**
 * Every page of the product, with what the router, the sitemaps and the menus need to know.
 * Paths per language live in ./paths/<locale>.ts and are joined in ./route-map.ts.
 */

export type Layout = "default" | "auth" | "register" | "dashboard" | "error";

export interface PageInfo {
  layout: Layout;
  /**
   * marketing: public content, translated paths, prerendered, listed in sitemaps.
   * app: public application pages (sign-in, registration…): same path in every language, not in sitemaps.
   * portal: signed-in pages under /my: same path in every language, behind the auth guard.
   */
  kind: "marketing" | "app" | "portal";
  /** The path ends in a splat (`/*`): several slug segments follow. */
  splat?: boolean;
}

export const PAGES = {
  home: { layout: "default", kind: "marketing" },
  login: { layout: "auth", kind: "app" },
  register: { layout: "register", kind: "app" },
  "register-auth": { layout: "auth", kind: "app" },
  "register-success": { layout: "register", kind: "app" },
  "register-verified": { layout: "auth", kind: "app" },
  "reset-password": { layout: "auth", kind: "app" },
  "update-password": { layout: "auth", kind: "app" },
  qrcode: { layout: "auth", kind: "app" },
  contact: { layout: "default", kind: "marketing" },
  redirect: { layout: "default", kind: "app" },
  "gerber-viewer": { layout: "default", kind: "app" },
  "knowledge-base": { layout: "default", kind: "marketing" },
  "knowledge-base-article": { layout: "default", kind: "marketing", splat: true },

  "about-company": { layout: "default", kind: "marketing" },
  "about-elexess-part-search": { layout: "default", kind: "marketing" },
  "about-online-pcba": { layout: "default", kind: "marketing" },
  "about-quality": { layout: "default", kind: "marketing" },
  "about-team": { layout: "default", kind: "marketing" },

  "em-bare-printed-circuit-boards": { layout: "default", kind: "marketing" },
  "em-development": { layout: "default", kind: "marketing" },
  "em-pcb-rework": { layout: "default", kind: "marketing" },
  "em-pcba-prototyping": { layout: "default", kind: "marketing" },
  "em-pcba-volume-production": { layout: "default", kind: "marketing" },
  "em-smt-assembly": { layout: "default", kind: "marketing" },
  "em-tht-assembly": { layout: "default", kind: "marketing" },

  "industry-automotive": { layout: "default", kind: "marketing" },
  "industry-aviation-aerospace": { layout: "default", kind: "marketing" },
  "industry-consumer-electronics": { layout: "default", kind: "marketing" },
  "industry-defense-military": { layout: "default", kind: "marketing" },
  "industry-electronic-music-instruments": { layout: "default", kind: "marketing" },
  "industry-ems-partner": { layout: "default", kind: "marketing" },
  "industry-industrial-automation": { layout: "default", kind: "marketing" },
  "industry-led-lighting": { layout: "default", kind: "marketing" },
  "industry-maritime-naval": { layout: "default", kind: "marketing" },
  "industry-medical-devices": { layout: "default", kind: "marketing" },
  "industry-oil-mining": { layout: "default", kind: "marketing" },

  "legal-imprint": { layout: "default", kind: "marketing" },
  "legal-privacy": { layout: "default", kind: "marketing" },
  "legal-terms": { layout: "default", kind: "marketing" },

  "resources-downloads": { layout: "default", kind: "marketing" },
  "resources-faq": { layout: "default", kind: "marketing" },
  "resources-case-studies": { layout: "default", kind: "marketing" },
  "resources-europe-vs-asia": { layout: "default", kind: "marketing" },
  "resources-product-vs-traditional-ems": { layout: "default", kind: "marketing" },
  "resources-pcb-glossary": { layout: "default", kind: "marketing" },

  "my-desk": { layout: "dashboard", kind: "portal" },
  "my-profile": { layout: "dashboard", kind: "portal" },
  "my-pcbs": { layout: "dashboard", kind: "portal" },
  "my-pcbas": { layout: "dashboard", kind: "portal" },
  "my-parts": { layout: "dashboard", kind: "portal" },
  "my-orders": { layout: "dashboard", kind: "portal" },
  "my-quotes": { layout: "dashboard", kind: "portal" },
  "my-invoices": { layout: "dashboard", kind: "portal" },
  "my-companies": { layout: "dashboard", kind: "portal" },
  "my-contracts": { layout: "dashboard", kind: "portal" },
  "my-deliveries": { layout: "dashboard", kind: "portal" },
  "my-file-share": { layout: "dashboard", kind: "portal" },
  "my-system-logs": { layout: "dashboard", kind: "portal" },
  "my-material-request": { layout: "dashboard", kind: "portal" },
  "my-cam": { layout: "dashboard", kind: "portal" },
  "my-bom": { layout: "dashboard", kind: "portal" },
  "my-bom-new": { layout: "dashboard", kind: "portal" },
  "my-elexess-cart": { layout: "dashboard", kind: "portal" },
  "my-elexess-search": { layout: "dashboard", kind: "portal" },
  // Detail pages of quotes and orders, and the operator's back office (issue 5; product additions, docs/behaviour/public-site.md#signed-in-routes).
  "my-quote": { layout: "dashboard", kind: "portal" },
  "my-order": { layout: "dashboard", kind: "portal" },
  staff: { layout: "dashboard", kind: "portal" },
  "staff-customers": { layout: "dashboard", kind: "portal" },
  "staff-customer-files": { layout: "dashboard", kind: "portal" },
  "staff-quotes": { layout: "dashboard", kind: "portal" },
  "staff-quote": { layout: "dashboard", kind: "portal" },
  "staff-orders": { layout: "dashboard", kind: "portal" },
  "staff-order": { layout: "dashboard", kind: "portal" },
  "staff-billing": { layout: "dashboard", kind: "portal" },
  "staff-supply": { layout: "dashboard", kind: "portal" },
  "staff-pcbs": { layout: "dashboard", kind: "portal" },
  "staff-pcbas": { layout: "dashboard", kind: "portal" },
  "staff-engineering-queries": { layout: "dashboard", kind: "portal" },
  "staff-parts": { layout: "dashboard", kind: "portal" },
  "staff-settings": { layout: "dashboard", kind: "portal" },
} as const satisfies Record<string, PageInfo>;

export type PageKey = keyof typeof PAGES;

export const PAGE_KEYS = Object.keys(PAGES) as PageKey[];

/** Pages with the same path in every language (only the language prefix differs). */
export const UNTRANSLATED_PATHS = {
  login: "/login",
  register: "/register",
  "register-auth": "/register/auth",
  "register-success": "/register/success",
  "register-verified": "/register/verified",
  "reset-password": "/reset-password",
  "update-password": "/update-password",
  qrcode: "/qrcode",
  redirect: "/redirect",
  "gerber-viewer": "/gerber-viewer",
  "my-desk": "/my/desk",
  "my-profile": "/my/profile",
  "my-pcbs": "/my/pcbs",
  "my-pcbas": "/my/pcbas",
  "my-parts": "/my/parts",
  "my-orders": "/my/orders",
  "my-quotes": "/my/quotes",
  "my-invoices": "/my/invoices",
  "my-companies": "/my/companies",
  "my-contracts": "/my/contracts",
  "my-deliveries": "/my/deliveries",
  "my-file-share": "/my/file-share",
  "my-system-logs": "/my/system-logs",
  "my-material-request": "/my/material-request",
  "my-cam": "/my/cam/:pcb",
  "my-bom": "/my/pcbas/bom/:assembly",
  "my-bom-new": "/my/pcbas/bom/:assembly/newBom",
  "my-elexess-cart": "/my/elexess/cart",
  "my-elexess-search": "/my/elexess/search",
  "my-quote": "/my/quotes/:quote",
  "my-order": "/my/orders/:order",
  staff: "/staff",
  "staff-customers": "/staff/customers",
  "staff-customer-files": "/staff/customers/:customer/files",
  "staff-quotes": "/staff/quotes",
  "staff-quote": "/staff/quotes/:quote",
  "staff-orders": "/staff/orders",
  "staff-order": "/staff/orders/:order",
  "staff-billing": "/staff/billing",
  "staff-supply": "/staff/supply",
  "staff-pcbs": "/staff/pcbs",
  "staff-pcbas": "/staff/pcbas",
  "staff-engineering-queries": "/staff/engineering-queries",
  "staff-parts": "/staff/parts",
  "staff-settings": "/staff/settings",
} as const satisfies Partial<Record<PageKey, string>>;

type UntranslatedKey = keyof typeof UNTRANSLATED_PATHS;

/** The pages whose path each language translates: the per-language files must list exactly these. */
export type TranslatedPageKey = Exclude<PageKey, UntranslatedKey>;

/**
 * One language's translated paths, without the language prefix. null: the page does not exist in
 * that language (the glossary is only in en and de, docs/behaviour/public-site.md#glossary-languages). `{product}` is replaced by the
 * operator's product slug from the site configuration.
 */
export type LanguagePaths = Record<TranslatedPageKey, string | null>;
