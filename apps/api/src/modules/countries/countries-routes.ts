import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { envelopeSchema } from "@ems/contracts/envelope";
import { countriesQuerySchema, countryListSchema } from "@ems/contracts/countries";
import { ok } from "../../lib/envelope.ts";
import { listCountries } from "./countries-service.ts";

/** SPEC §7 "Country: get_all". */
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
