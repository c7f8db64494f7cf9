import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { referenceEndpoints } from "@ems/contracts/reference";
import { deliveryDate, holidaysOfYear, parcelServices } from "./reference-service.ts";

/**
 * Quotation: getHolidayList, getDeliveryDate (docs/behaviour/quotes.md#holidays-and-delivery-dates)
 * and getParcelServices (docs/behaviour/quotes.md#parcel-services). Every member of a customer
 * company reads them (the order form and the quote page need them).
 */
export const referenceRoutes: FastifyPluginAsync = async (app) => {
  implement(app, referenceEndpoints, {
    holidays: (request) => holidaysOfYear(app.db, request.query.year),
    deliveryDate: (request) => deliveryDate(app.db, request.query),
    parcelServices: (_request) => parcelServices(app.db, true),
  });
};
