import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import {
  contractCreateSchema,
  contractListQuerySchema,
  contractPageSchema,
  contractSchema,
  contractStatusChangeSchema,
  staffContractListQuerySchema,
  staffContractPageSchema,
  staffContractSchema,
} from "@ems/contracts/agreements";
import { idParamSchema } from "@ems/contracts/companies";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ok } from "../../lib/envelope.ts";
import { pdfBodySchema, sendPdf } from "../../lib/pdf-reply.ts";
import {
  changeContractStatus,
  contractPage,
  contractPdf,
  createContract,
  getContract,
  staffContractPage,
} from "./contracts-service.ts";
import { rolesWith } from "@ems/contracts/permissions";

/** New requests are throttled per client address, like the other mail-sending calls. */
export interface ContractsRouteOptions {
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
 * Contract (create, getAll; docs/behaviour/billing.md#contracts): agreements with the operator.
 * Administrators, buyers, finance and viewers read them (engineers do not deal with commercial terms); administrators and buyers
 * request new ones. The back office lists all of them and activates or ends them.
 */
export const contractsRoutes: FastifyPluginAsyncZod<ContractsRouteOptions> = async (app, { rateLimit }) => {
  const reader = { onRequest: app.requireCompanyRole(...rolesWith("contracts.read")) };
  const requester = { onRequest: app.requireCompanyRole(...rolesWith("contracts.request")) };
  const staff = { onRequest: app.requireStaff };
  const tags = ["contracts"];
  const noStore = (reply: { header(name: string, value: string): unknown }) =>
    reply.header("Cache-Control", "private, no-store");

  app.get(
    "/api/contracts",
    {
      ...reader,
      schema: {
        tags,
        summary: "The company's contracts",
        querystring: contractListQuerySchema,
        response: { 200: envelopeSchema(contractPageSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await contractPage(request.context(), request.query));
    },
  );

  app.post(
    "/api/contracts",
    {
      config: { rateLimit, idempotent: true },
      ...requester,
      schema: {
        tags,
        summary: "Requests a contract (administrators and buyers)",
        body: contractCreateSchema,
        response: { 201: envelopeSchema(contractSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await createContract(request.context(), request.body), 201, "Created");
    },
  );

  app.get(
    "/api/contracts/:id",
    {
      ...reader,
      schema: {
        tags,
        summary: "One contract",
        params: idParamSchema,
        querystring: noQuery,
        response: { 200: envelopeSchema(contractSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await getContract(request.context(), request.params.id));
    },
  );

  app.get(
    "/api/contracts/:id/pdf",
    {
      ...reader,
      schema: {
        tags,
        summary: "The contract as a PDF (application/pdf) in the caller's language",
        params: idParamSchema,
        querystring: noQuery,
        response: { 200: pdfBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { number, pdf } = await contractPdf(request.context(), request.params.id);
      noStore(reply);
      return sendPdf(reply, number, pdf);
    },
  );

  // Back office

  app.get(
    "/api/staff/contracts",
    {
      ...staff,
      schema: {
        tags: ["staff"],
        summary: "Every company's contracts",
        querystring: staffContractListQuerySchema,
        response: { 200: envelopeSchema(staffContractPageSchema), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await staffContractPage(request.context(), request.query));
    },
  );

  app.put(
    "/api/staff/contracts/:id/status",
    {
      ...staff,
      schema: {
        tags: ["staff"],
        summary: "Activates or ends a contract; the requester is told by e-mail",
        description: "requested → active | ended, active → ended; anything else answers 409 CONFLICT.",
        params: idParamSchema,
        body: contractStatusChangeSchema,
        response: { 200: envelopeSchema(staffContractSchema), ...errors },
      },
    },
    async (request) =>
      ok(await changeContractStatus(request.context(), request.params.id, request.body.status)),
  );
};
