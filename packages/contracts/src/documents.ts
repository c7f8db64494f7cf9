import { LOCALES } from "@ems/i18n/locales";
import { z } from "zod";

/**
 * The back office's document downloads: in the staff member's own language unless another of the 12
 * is asked for (a delivery note for a Romanian customer, say).
 */
export const staffPdfQuerySchema = z.strictObject({ language: z.enum(LOCALES).optional() });

export type StaffPdfQuery = z.infer<typeof staffPdfQuerySchema>;
