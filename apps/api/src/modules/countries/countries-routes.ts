import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { envelopeSchema } from "@ems/contracts/envelope";
import { countriesQuerySchema, countryListSchema } from "@ems/contracts/countries";
import { ok } from "../../lib/envelope.ts";
import { listCountries } from "./countries-service.ts";

/**
 * "Country: get_all" (docs/api.md#named-calls--routes): the ISO 3166-1 countries, named and sorted in
 * one of the 12 languages.
 */
export const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/countries",
    {
      schema: {
        tags: ["countries"],
        summary: "ISO 3166 countries, named and sorted in the requested language",
        querystring: countriesQuerySchema,
        response: { 200: envelopeSchema(countryListSchema) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "public, max-age=86400");
      return ok(listCountries(request.query.lang ?? "en"));
    },
  );
};
