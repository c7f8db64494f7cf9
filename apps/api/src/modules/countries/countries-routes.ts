import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { countryEndpoints } from "@ems/contracts/countries";
import { listCountries } from "./countries-service.ts";

/**
 * "Country: get_all" (docs/api.md#named-calls--routes): the ISO 3166-1 countries, named and sorted in
 * one of the 12 languages.
 */
export const countriesRoutes: FastifyPluginAsync = async (app) => {
  implement(app, countryEndpoints, {
    list: (request) => listCountries(request.query.lang ?? "en"),
  });
};
