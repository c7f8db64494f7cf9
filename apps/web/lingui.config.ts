import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-json";

import { LOCALES } from "../../packages/i18n/src/locales.ts";

/**
 * Message catalogs live in content/locales/<locale>/messages.json (owned by translators, outside the
 * app). `lingui compile` merges them into app/locales/<locale>/messages.ts; scripts/split-catalogs.ts
 * (the second half of `npm run i18n:compile`) splits that into a public and a portal part, which
 * app/lib/i18n.ts imports lazily so each page ships only its own language, and a marketing page only
 * the public part. A catalog added here is portal unless split-catalogs.ts lists it as public.
 * `<rootDir>` is this folder (apps/web).
 */
export default defineConfig({
  locales: [...LOCALES],
  sourceLocale: "en",
  // No fallbacks: with --strict, a key missing in any language must fail the build, not silently
  // show English.
  fallbackLocales: false,
  format: formatter({ style: "minimal" }),
  catalogs: [
    {
      path: "<rootDir>/../../content/locales/{locale}/messages",
      include: ["<rootDir>/app"],
    },
    // Accounts: sign-in, registration and password reset, profile and two-factor, companies, activity log.
    // Quotes to cash: quotes and orders, deliveries, invoices, material, contracts and the desk; the back office.
    // The Gerber/CAM viewer.
    // Engineering: PCB specifications and the resumable uploads of their files.
    // Parts: the customer's item master (parts, their MPNs, the numbering of new parts).
    // Assemblies: assembly specifications, their bills of materials and pick-and-place data.
    // BOM: importing a bill of materials and its lines beside the board.
    // Content: knowledge base, contact form, downloads, glossary and the pages' call to action.
    ...[
      "signin",
      "register",
      "profile",
      "companies",
      "activity",
      "quotes",
      "billing",
      "staff",
      "viewer",
      "engineering",
      "parts",
      "assembly",
      "bom",
      "content",
    ].map((name) => ({
      path: `<rootDir>/../../content/locales/{locale}/${name}`,
      include: ["<rootDir>/app"],
    })),
    // Title, description, heading, introduction and menu label of every page of the route map.
    {
      path: "<rootDir>/../../content/locales/{locale}/pages",
      include: ["<rootDir>/app/routes"],
    },
  ],
  // Setting a merge path makes compile write here instead of next to the source catalogs.
  catalogsMergePath: "<rootDir>/app/locales/{locale}/messages",
});
