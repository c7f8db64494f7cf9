import { z } from "zod";
import { LOCALES } from "@ems/i18n/locales";

export const localeSchema = z.enum(LOCALES);

export const languageSchema = z
  .object({
    code: localeSchema,
    tag: z.string(),
    nativeName: z.string(),
    englishName: z.string(),
    flag: z.string(),
    country: z.string().length(2),
  })
  .meta({ id: "Language" });

export const languageListSchema = z.array(languageSchema);

/** Fetching the languages is a POST with an empty body (docs/behaviour/data.md#calling-the-api). An empty object is the only body accepted. */
export const languagesRequestSchema = z.strictObject({}).nullish();

export type Language = z.infer<typeof languageSchema>;
