import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { idParamSchema } from "@ems/contracts/companies";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  staffCustomerDetailSchema,
  staffCustomerListQuerySchema,
  staffCustomerPageSchema,
} from "@ems/contracts/staff-customers";
import { ok } from "../../lib/envelope.ts";
import { customerDetail, customerPage } from "./staff-customers-service.ts";

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** The back office's customer directory (staff roles only). */
export const staffCustomersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["staff"];

  app.get(
    "/api/staff/customers",
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        summary: "Customer companies with users, open quotes, orders and unpaid invoices counted",
        querystring: staffCustomerListQuerySchema,
        response: { 200: envelopeSchema(staffCustomerPageSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await customerPage(app.db, request.query));
    },
  );

  app.get(
    "/api/staff/customers/:id",
    {
      onRequest: app.requireStaff,
      schema: {
        tags,
        summary: "One customer company with its users and addresses",
        description: "The operator's own company answers 404 like a missing one.",
        params: idParamSchema,
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(staffCustomerDetailSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "private, no-store");
      return ok(await customerDetail(app.db, request.params.id));
    },
  );
};
