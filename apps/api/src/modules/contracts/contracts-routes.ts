import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { contractEndpoints, staffContractEndpoints } from "@ems/contracts/contracts";
import { sendPdf } from "../../lib/pdf-reply.ts";
import {
  changeContractStatus,
  contractPage,
  contractPdf,
  createContract,
  getContract,
  staffContractPage,
} from "./contracts-service.ts";

/** New requests are throttled per client address, like the other mail-sending calls. */
export interface ContractsRouteOptions {
  rateLimit: { max: number; timeWindow: number };
}

/**
 * Contract (create, getAll; docs/behaviour/billing.md#contracts): agreements with the operator.
 * Administrators, buyers, finance and viewers read them (engineers do not deal with commercial terms); administrators and buyers
 * request new ones. The back office lists all of them and activates or ends them.
 */
export const contractsRoutes: FastifyPluginAsync<ContractsRouteOptions> = async (app, { rateLimit }) => {
  implement(app, contractEndpoints, {
    list: (request) => contractPage(request.context(), request.query),
    create: { config: { rateLimit }, handle: (request) => createContract(request.context(), request.body) },
    detail: (request) => getContract(request.context(), request.params.id),
    pdf: async (request, reply) => {
      const { number, pdf } = await contractPdf(request.context(), request.params.id);
      return sendPdf(reply, number, pdf);
    },
  });

  implement(app, staffContractEndpoints, {
    list: (request) => staffContractPage(request.context(), request.query),
    changeStatus: async (request) =>
      await changeContractStatus(request.context(), request.params.id, request.body.status),
  });
};
