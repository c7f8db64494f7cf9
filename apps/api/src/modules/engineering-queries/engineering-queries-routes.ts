import type { FastifyPluginAsync } from "fastify";
import {
  engineeringQueryEndpoints,
  staffEngineeringQueryEndpoints,
} from "@ems/contracts/engineering-queries";
import { implement } from "../../lib/endpoint-routes.ts";
import {
  companyQueryReader,
  queryCounts,
  queryDetail,
  queryPage,
  raiseQuery,
  replyToQuery,
  settleQuery,
  staffQueryReader,
  staffReply,
} from "./engineering-queries-service.ts";

/**
 * Engineering queries (issue 21): the customer reads the company's and answers them; staff raise,
 * comment, close and withdraw, and work the queue across customers. Attachments download through
 * the files module (GET /api/files/:id, GET /api/staff/files/:id).
 */
export const engineeringQueriesRoutes: FastifyPluginAsync = async (app) => {
  implement(app, engineeringQueryEndpoints, {
    list: (request) => queryPage(companyQueryReader(request.context()), request.query),
    counts: (request) => queryCounts(request.context()),
    detail: (request) => queryDetail(companyQueryReader(request.context()), request.params.id),
    reply: (request) => replyToQuery(request.context(), request.params.id, request.body),
  });

  implement(app, staffEngineeringQueryEndpoints, {
    list: (request) => queryPage(staffQueryReader(request.context().db), request.query),
    raise: (request) => raiseQuery(request.context(), request.body),
    detail: (request) => queryDetail(staffQueryReader(request.context().db), request.params.id),
    reply: (request) => staffReply(request.context(), request.params.id, request.body),
    close: (request) => settleQuery(request.context(), request.params.id, "closed", request.body),
    withdraw: (request) => settleQuery(request.context(), request.params.id, "withdrawn", request.body),
  });
};
