import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { staffOrderEndpoints } from "@ems/contracts/orders";
import { sendPdf } from "../../lib/pdf-reply.ts";
import {
  changeOrderStatus,
  changeOrderTax,
  staffOrderDetails,
  staffOrderPdf,
  staffOrdersPage,
} from "./orders-service.ts";
import { saveProduction, stageSets, staffOrderProgress, updateStageSet } from "./production-service.ts";

/**
 * The back office's orders: every company's, with production progress and status changes, and the
 * production stage sets new lines get (staff roles).
 */
export const staffOrdersRoutes: FastifyPluginAsync = async (app) => {
  implement(app, staffOrderEndpoints, {
    list: (request) => staffOrdersPage(request.context(), request.query),
    detail: (request) => staffOrderDetails(request.context(), request.params.id),
    progress: (request) => staffOrderProgress(request.context(), request.params.id),
    saveProgress: (request) => saveProduction(request.context(), request.params.id, request.body),
    stageSets: (request) => stageSets(request.context()),
    saveStageSet: (request) => updateStageSet(request.context(), request.params.kind, request.body),
    changeStatus: (request) => changeOrderStatus(request.context(), request.params.id, request.body),
    changeTax: (request) => changeOrderTax(request.context(), request.params.id, request.body),
    pdf: async (request, reply) => {
      const { number, pdf } = await staffOrderPdf(
        request.context(),
        request.params.id,
        request.query.language,
      );
      return sendPdf(reply, number, pdf);
    },
  });
};
