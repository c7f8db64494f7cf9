import { z } from "zod";
import { LOCALES } from "@ems/i18n/locales";
import { defineEndpoints, PUBLIC } from "./endpoints.ts";

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

export const languageEndpoints = defineEndpoints("languages", {
  list: {
    method: "GET",
    path: "/api/languages",
    summary: "The 12 languages with native names and flags",
    access: PUBLIC,
    response: languageListSchema,
    caching: { public: 3600 },
  },
  listByPost: {
    method: "POST",
    path: "/api/languages",
    summary: "The 12 languages (the call's form: POST, empty body)",
    access: PUBLIC,
    body: languagesRequestSchema,
    response: languageListSchema,
    caching: "route",
  },
});
