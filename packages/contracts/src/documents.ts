import { LOCALES } from "@ems/i18n/locales";
import { z } from "zod";
import { defineEndpoints, PDF_DOWNLOAD, PUBLIC } from "./endpoints.ts";

/**
 * The back office's document downloads: in the staff member's own language unless another of the 12
 * is asked for (a delivery note for a Romanian customer, say).
 */
export const staffPdfQuerySchema = z.strictObject({ language: z.enum(LOCALES).optional() });

export type StaffPdfQuery = z.infer<typeof staffPdfQuerySchema>;

/** The documents the product generates for the resources page, public and the same for everyone. */
export const RESOURCE_DOCUMENTS = ["design-rule-checklist", "capability-sheet"] as const;
export type ResourceDocument = (typeof RESOURCE_DOCUMENTS)[number];

export const resourceQuerySchema = z.strictObject({ language: z.enum(LOCALES).default("en") });

const resourceOf = (name: ResourceDocument, summary: string) =>
  ({
    method: "GET",
    path: `/api/resources/${name}.pdf`,
    summary,
    access: PUBLIC,
    query: resourceQuerySchema,
    response: PDF_DOWNLOAD,
    caching: { public: 3600 },
  }) as const;

export const resourceEndpoints = defineEndpoints("resources", {
  "design-rule-checklist": {
    ...resourceOf(
      "design-rule-checklist",
      "The design-rule checklist for PCB assembly as PDF, made from the knowledge base",
    ),
    path: "/api/resources/design-rule-checklist.pdf",
  },
  "capability-sheet": {
    ...resourceOf("capability-sheet", "The capability sheet as PDF, made from the site configuration"),
    path: "/api/resources/capability-sheet.pdf",
  },
});
