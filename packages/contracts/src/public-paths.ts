/**
 * The few API paths every public page needs (the header's session check, sign-out, the resources
 * downloads, the CAM viewer's files), without the schemas of their domains: importing auth.ts or
 * documents.ts would put zod into every marketing page's JavaScript. The endpoint definitions use
 * these same constants, so each path is still spelled once.
 */

export const AUTH_PATHS = {
  login: "/api/auth/login",
  verify: "/api/auth/verify",
  session: "/api/auth/session",
  logout: "/api/auth/logout",
} as const;

/** The documents the product generates for the resources page, public and the same for everyone. */
export const RESOURCE_DOCUMENTS = ["design-rule-checklist", "capability-sheet"] as const;
export type ResourceDocument = (typeof RESOURCE_DOCUMENTS)[number];

export const RESOURCE_PATHS = {
  "design-rule-checklist": "/api/resources/design-rule-checklist.pdf",
  "capability-sheet": "/api/resources/capability-sheet.pdf",
} as const satisfies Record<ResourceDocument, string>;

/** The operator's redirect rules, consulted on every client-side navigation. */
export const REDIRECT_RULES_PATH = "/api/redirect-rules";

export const PCB_GERBER_FILES_PATH = "/api/pcbs/:id/gerber-files";
