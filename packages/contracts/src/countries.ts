import { z } from "zod";
import { localeSchema } from "./languages.ts";
import { defineEndpoints, PUBLIC } from "./endpoints.ts";

export const countriesQuerySchema = z.strictObject({
  lang: localeSchema.optional().describe("Language of the country names; en when omitted"),
});

export const countrySchema = z
  .object({
    code: z.string().length(2).describe("ISO 3166-1 alpha-2"),
    alpha3: z.string().length(3).describe("ISO 3166-1 alpha-3"),
    name: z.string(),
  })
  .meta({ id: "Country" });

export const countryListSchema = z.array(countrySchema);

export type CountriesQuery = z.infer<typeof countriesQuerySchema>;
export type Country = z.infer<typeof countrySchema>;

export const countryEndpoints = defineEndpoints("countries", {
  list: {
    method: "GET",
    path: "/api/countries",
    summary: "ISO 3166 countries, named and sorted in the requested language",
    access: PUBLIC,
    query: countriesQuerySchema,
    response: countryListSchema,
    caching: { public: 86400 },
  },
});
