import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  holidayCreateSchema,
  holidayQuerySchema,
  holidaySchema,
  parcelServiceInputSchema,
  parcelServiceSchema,
  referenceIdParamSchema,
} from "@ems/contracts/reference";
import { ok } from "../../lib/envelope.ts";
import {
  createHoliday,
  createParcelService,
  editParcelService,
  holidaysOfYear,
  parcelServices,
  removeHoliday,
} from "./reference-service.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** The back office's upkeep of holidays and parcel services (staff roles only). */
export const staffReferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = { onRequest: app.requireStaff };
  const tags = ["staff"];

  app.get(
    "/api/staff/holidays",
    {
      ...staff,
      schema: {
        tags,
        summary: "The holidays of a year",
        querystring: holidayQuerySchema,
        response: { 200: envelopeSchema(z.array(holidaySchema)), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await holidaysOfYear(app.db, request.query.year));
    },
  );

  app.post(
    "/api/staff/holidays",
    {
      ...staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Adds a holiday",
        description: "A day that is a holiday already answers 409 CONFLICT.",
        body: holidayCreateSchema,
        response: { 201: envelopeSchema(holidaySchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await createHoliday(request.context(), request.body), 201, "Created");
    },
  );

  app.delete(
    "/api/staff/holidays/:id",
    {
      ...staff,
      schema: {
        tags,
        summary: "Removes a holiday",
        params: referenceIdParamSchema,
        response: { 200: envelopeSchema(z.null()), ...errors },
      },
    },
    async (request) => {
      await removeHoliday(request.context(), request.params.id);
      return ok(null);
    },
  );

  app.get(
    "/api/staff/parcel-services",
    {
      ...staff,
      schema: {
        tags,
        summary: "Every parcel service, inactive ones included",
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(z.array(parcelServiceSchema)), ...errors },
      },
    },
    async (_request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await parcelServices(app.db, false));
    },
  );

  app.post(
    "/api/staff/parcel-services",
    {
      ...staff,
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Adds a parcel service",
        body: parcelServiceInputSchema,
        response: { 201: envelopeSchema(parcelServiceSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await createParcelService(request.context(), request.body), 201, "Created");
    },
  );

  app.put(
    "/api/staff/parcel-services/:id",
    {
      ...staff,
      schema: {
        tags,
        summary: "Replaces a parcel service's name, carrier, price, transit days and active flag",
        params: referenceIdParamSchema,
        body: parcelServiceInputSchema,
        response: { 200: envelopeSchema(parcelServiceSchema), ...errors },
      },
    },
    async (request) => ok(await editParcelService(request.context(), request.params.id, request.body)),
  );
};
