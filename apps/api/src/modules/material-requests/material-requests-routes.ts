import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { emptyBodySchema } from "@ems/contracts/auth";
import { idParamSchema } from "@ems/contracts/companies";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import {
  materialRequestCreateSchema,
  materialRequestListQuerySchema,
  materialRequestPageSchema,
  materialRequestSchema,
  staffMaterialRequestListQuerySchema,
  staffMaterialRequestPageSchema,
  staffMaterialRequestSchema,
} from "@ems/contracts/material-requests";
import { z } from "zod";
import { ok } from "../../lib/envelope.ts";
import { pdfBodySchema, sendPdf } from "../../lib/pdf-reply.ts";
import {
  createMaterialRequest,
  getMaterialRequest,
  materialRequestPage,
  materialRequestPdf,
  receiveMaterialRequest,
  staffMaterialRequestPage,
} from "./material-requests-service.ts";
import { rolesWith } from "@ems/contracts/permissions";

/** New requests are throttled per client address, like the other mail-sending calls. */
export interface MaterialRequestsRouteOptions {
  rateLimit: { max: number; timeWindow: number };
}

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const noQuery = z.strictObject({});
/** Fastify sends a Buffer as is (no JSON serialisation); OpenAPI shows it as any. */

/**
 * Material request (getAll, PDF; docs/behaviour/billing.md#material-requests): customers announce
 * parts they supply (every member reads; administrators, buyers and engineers announce); the back
 * office lists all of them and checks deliveries in.
 */
export const materialRequestsRoutes: FastifyPluginAsyncZod<MaterialRequestsRouteOptions> = async (
  app,
  { rateLimit },
) => {
  const member = { onRequest: app.requireCompanyRole(...rolesWith("company.read")) };
  const announcer = { onRequest: app.requireCompanyRole(...rolesWith("material.announce")) };
  const staff = { onRequest: app.requireStaff };
  const tags = ["material-requests"];
  const noStore = (reply: { header(name: string, value: string): unknown }) =>
    reply.header("Cache-Control", "private, no-store");

  app.get(
    "/api/material-requests",
    {
      ...member,
      schema: {
        tags,
        summary: "The company's material requests",
        querystring: materialRequestListQuerySchema,
        response: { 200: envelopeSchema(materialRequestPageSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await materialRequestPage(request.context(), request.query));
    },
  );

  app.post(
    "/api/material-requests",
    {
      config: { rateLimit, idempotent: true },
      ...announcer,
      schema: {
        tags,
        summary: "Announces parts the customer supplies (administrators, buyers, engineers)",
        description: "An order_id of another company answers 404 like a missing one.",
        body: materialRequestCreateSchema,
        response: { 201: envelopeSchema(materialRequestSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await createMaterialRequest(request.context(), request.body), 201, "Created");
    },
  );

  app.get(
    "/api/material-requests/:id",
    {
      ...member,
      schema: {
        tags,
        summary: "One material request",
        params: idParamSchema,
        querystring: noQuery,
        response: { 200: envelopeSchema(materialRequestSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await getMaterialRequest(request.context(), request.params.id));
    },
  );

  app.get(
    "/api/material-requests/:id/pdf",
    {
      ...member,
      schema: {
        tags,
        summary: "The delivery notice as a PDF in the caller's language",
        params: idParamSchema,
        querystring: noQuery,
        response: { 200: pdfBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await materialRequestPdf(request.context(), request.params.id);
      noStore(reply);
      return sendPdf(reply, number, pdf);
    },
  );

  // Back office

  app.get(
    "/api/staff/material-requests",
    {
      ...staff,
      schema: {
        tags: ["staff"],
        summary: "Every company's material requests",
        querystring: staffMaterialRequestListQuerySchema,
        response: { 200: envelopeSchema(staffMaterialRequestPageSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await staffMaterialRequestPage(request.context(), request.query));
    },
  );

  app.post(
    "/api/staff/material-requests/:id/receive",
    {
      ...staff,
      schema: {
        tags: ["staff"],
        summary: "Checks an announced delivery in (announced → received); the creator is told by e-mail",
        description: "A request that is not announced answers 409 CONFLICT.",
        params: idParamSchema,
        body: emptyBodySchema.optional(),
        response: { 200: envelopeSchema(staffMaterialRequestSchema), ...errors },
      },
    },
    async (request) => ok(await receiveMaterialRequest(request.context(), request.params.id)),
  );
};
