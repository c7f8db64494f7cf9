import { LOCALES } from "@ems/i18n/locales";
import { z } from "zod";
import { RESOURCE_PATHS, type ResourceDocument } from "./public-paths.ts";
import { defineEndpoints, PDF_DOWNLOAD, PUBLIC } from "./endpoints.ts";

/**
 * The back office's document downloads: in the staff member's own language unless another of the 12
 * is asked for (a delivery note for a Romanian customer, say).
 */
export const staffPdfQuerySchema = z.strictObject({ language: z.enum(LOCALES).optional() });

export type StaffPdfQuery = z.infer<typeof staffPdfQuerySchema>;

export const resourceQuerySchema = z.strictObject({ language: z.enum(LOCALES).default("en") });

const resourceOf = (name: ResourceDocument, summary: string) =>
  ({
    method: "GET",
    path: RESOURCE_PATHS[name],
    summary,
    access: PUBLIC,
    query: resourceQuerySchema,
    response: PDF_DOWNLOAD,
    caching: { public: 3600 },
  }) as const;

export const resourceEndpoints = defineEndpoints("resources", {
  "design-rule-checklist": resourceOf(
    "design-rule-checklist",
    "The design-rule checklist for PCB assembly as PDF, made from the knowledge base",
  ),
  "capability-sheet": resourceOf(
    "capability-sheet",
    "The capability sheet as PDF, made from the site configuration",
  ),
});
