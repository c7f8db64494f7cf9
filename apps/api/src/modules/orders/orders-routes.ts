import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { orderEndpoints } from "@ems/contracts/orders";
import { sendPdf } from "../../lib/pdf-reply.ts";
import { orderDetails, orderPdf, ordersPage, placeOrder, salesOrderTerms } from "./orders-service.ts";
import { orderProgress } from "./production-service.ts";

/**
 * Sales order (docs/behaviour/orders.md): getSalesOrderTerms (every member) and placeOrder
 * (administrators, buyers); then getAllRaw, fetch_row_details, get_wo_progress_data and the order
 * confirmation PDF. Every member of the company reads its orders (tenant = caller's company).
 */
export const ordersRoutes: FastifyPluginAsync = async (app) => {
  implement(app, orderEndpoints, {
    terms: (request) => salesOrderTerms(request.auth!.user.language),
    place: (request) => placeOrder(request.context(), request.body),
    list: (request) => ordersPage(request.context(), request.query),
    detail: (request) => orderDetails(request.context(), request.params.id),
    progress: (request) => orderProgress(request.context(), request.params.id),
    pdf: async (request, reply) => {
      const { number, pdf } = await orderPdf(request.context(), request.params.id);
      return sendPdf(reply, number, pdf);
    },
  });
};
