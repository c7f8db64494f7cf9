import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  deliveryDateQuerySchema,
  deliveryDateSchema,
  holidayQuerySchema,
  holidaySchema,
  parcelServiceSchema,
} from "@ems/contracts/reference";
import { ok } from "../../lib/envelope.ts";
import { deliveryDate, holidaysOfYear, parcelServices } from "./reference-service.ts";
import { rolesWith } from "@ems/contracts/permissions";

const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema };

/**
 * Quotation: getHolidayList, getDeliveryDate (docs/behaviour/quotes.md#holidays-and-delivery-dates)
 * and getParcelServices (docs/behaviour/quotes.md#parcel-services). Every member of a customer
 * company reads them (the order form and the quote page need them).
 */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { onRequest: app.requireCompanyRole(...rolesWith("company.read")) };
  const tags = ["reference"];

  app.get(
    "/api/holidays",
    {
      ...member,
      schema: {
        tags,
        summary: "The operator's holidays of a year",
        querystring: holidayQuerySchema,
        response: { 200: envelopeSchema(z.array(holidaySchema)), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, max-age=300");
      return ok(await holidaysOfYear(app.db, request.query.year));
    },
  );

  app.get(
    "/api/delivery-date",
    {
      ...member,
      schema: {
        tags,
        summary: "The shipping date a lead time in working days gives",
        description: "Weekends and the operator's holidays are skipped; `from` defaults to today (UTC).",
        querystring: deliveryDateQuerySchema,
        response: { 200: envelopeSchema(deliveryDateSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await deliveryDate(app.db, request.query));
    },
  );

  app.get(
    "/api/parcel-services",
    {
      ...member,
      schema: {
        tags,
        summary: "The parcel services an order may ship with, with prices",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(z.array(parcelServiceSchema)), ...errors },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await parcelServices(app.db, true));
    },
  );
};
