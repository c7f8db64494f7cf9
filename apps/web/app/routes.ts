import { siteConfig } from "@ems/config/site";
import { LOCALES } from "@ems/i18n/locales";
import { PAGES, type Layout, type PageKey } from "@ems/i18n/pages";
import { routeEntries, withLocalePrefix } from "@ems/i18n/route-map";
import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

/**
 * The whole URL map, generated from the typed route map of packages/i18n: every page in each of the
 * 12 languages (English unprefixed), the aliases of docs/behaviour/public-site.md, the /my catch-all, the content
 * routes and the SEO files. Route ids are `page:<key>:<locale>[:alias:<n>]`, which is how a shared
 * module knows which page and language it renders (lib/route-map.ts currentPage).
 */
const entries = routeEntries({ productSlug: siteConfig.brand.productSlug });

/** Pages with a module of their own; the rest share the generic marketing or portal page. */
const MODULES: Partial<Record<PageKey, string>> = {
  home: "routes/marketing/home.tsx",
  login: "routes/auth/login.tsx",
  register: "routes/auth/register.tsx",
  "register-auth": "routes/auth/register-auth.tsx",
  "register-success": "routes/auth/register-success.tsx",
  "register-verified": "routes/auth/register-verified.tsx",
  "reset-password": "routes/auth/reset-password.tsx",
  "update-password": "routes/auth/update-password.tsx",
  redirect: "routes/marketing/redirect.tsx",
  "gerber-viewer": "routes/marketing/gerber-viewer.tsx",
  contact: "routes/marketing/contact.tsx",
  "knowledge-base": "routes/marketing/knowledge-base.tsx",
  "knowledge-base-article": "routes/marketing/content.tsx",
  "my-desk": "routes/portal/desk.tsx",
  "my-profile": "routes/portal/profile.tsx",
  "my-companies": "routes/portal/companies.tsx",
  "my-system-logs": "routes/portal/system-logs.tsx",
  qrcode: "routes/auth/qrcode.tsx",
  "my-quotes": "routes/portal/quotes.tsx",
  "my-quote": "routes/portal/quote.tsx",
  "my-orders": "routes/portal/orders.tsx",
  "my-order": "routes/portal/order.tsx",
  "my-deliveries": "routes/portal/deliveries.tsx",
  "my-invoices": "routes/portal/invoices.tsx",
  "my-material-request": "routes/portal/material-request.tsx",
  "my-contracts": "routes/portal/contracts.tsx",
  "my-pcbs": "routes/portal/pcbs.tsx",
  "my-pcbas": "routes/portal/pcbas.tsx",
  "my-bom": "routes/portal/bom.tsx",
  "my-bom-new": "routes/portal/bom-new.tsx",
  "my-parts": "routes/portal/parts.tsx",
  "my-cam": "routes/portal/cam.tsx",
  "my-file-share": "routes/portal/file-share.tsx",
  staff: "routes/staff/home.tsx",
  "staff-customers": "routes/staff/customers.tsx",
  "staff-customer-files": "routes/staff/customer-files.tsx",
  "staff-quotes": "routes/staff/quotes.tsx",
  "staff-quote": "routes/staff/quote.tsx",
  "staff-orders": "routes/staff/orders.tsx",
  "staff-order": "routes/staff/order.tsx",
  "staff-billing": "routes/staff/billing.tsx",
  "staff-supply": "routes/staff/supply.tsx",
  "staff-pcbs": "routes/staff/pcbs.tsx",
  "staff-pcbas": "routes/staff/pcbas.tsx",
  "staff-engineering-queries": "routes/staff/engineering-queries.tsx",
  "staff-parts": "routes/staff/parts.tsx",
  "staff-settings": "routes/staff/settings.tsx",
};

function moduleOf(key: PageKey): string {
  return (
    MODULES[key] ?? (PAGES[key].kind === "portal" ? "routes/portal/section.tsx" : "routes/marketing/page.tsx")
  );
}

function pagesIn(target: Layout): RouteConfigEntry[] {
  return entries
    .filter((entry) => entry.layout === target)
    .map((entry) =>
      entry.path === ""
        ? index(moduleOf(entry.key), { id: entry.id })
        : route(entry.path, moduleOf(entry.key), { id: entry.id }),
    );
}

const perLocale = (path: string, file: string, id: string): RouteConfigEntry[] =>
  LOCALES.map((locale) => route(withLocalePrefix(path, locale).slice(1), file, { id: `${id}:${locale}` }));

export default [
  // SEO files (/sitemap.xml is the index at the root; each language has its own sitemap).
  route("sitemap.xml", "routes/seo/sitemap-index.ts", { id: "seo:sitemap-index" }),
  route("sitemap-en.xml", "routes/seo/sitemap.ts", { id: "seo:sitemap:en" }),
  ...LOCALES.filter((l) => l !== "en").map((locale) =>
    route(`${locale}/sitemap.xml`, "routes/seo/sitemap.ts", { id: `seo:sitemap:${locale}` }),
  ),
  route("robots.txt", "routes/seo/robots.ts", { id: "seo:robots" }),

  layout("routes/layouts/default.tsx", [
    ...pagesIn("default"),
    // Content pages by section and slug, and the catch-all content route.
    ...perLocale("/:section/:slug", "routes/marketing/content.tsx", "content:section"),
  ]),
  layout("routes/layouts/auth.tsx", pagesIn("auth")),
  layout("routes/layouts/register.tsx", pagesIn("register")),
  layout("routes/layouts/dashboard.tsx", pagesIn("dashboard")),
  layout("routes/layouts/error.tsx", perLocale("/my/*", "routes/portal/my-catch-all.tsx", "my-catch-all")),
  // Anything else, including /xx with an unknown language code, is a 404.
  route("*", "routes/marketing/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
