import type { FastifyPluginAsync } from "fastify";
import { partEndpoints, staffPartEndpoints } from "@ems/contracts/parts";
import { implement } from "../../lib/endpoint-routes.ts";
import {
  addPartMpn,
  companyPartReader,
  createPart,
  lookupPart,
  manufacturerList,
  partDetail,
  partPage,
  partSeriesOf,
  removePartMpn,
  setPartSeries,
  staffPartReader,
  updatePart,
} from "./parts-service.ts";

/** The customer's parts (issue 18): the item master, its MPNs, the number series; staff read all. */
export const partsRoutes: FastifyPluginAsync = async (app) => {
  implement(app, partEndpoints, {
    list: (request) => partPage(companyPartReader(request.context()), request.query),
    lookup: (request) => lookupPart(request.context(), request.query.q),
    manufacturers: () => manufacturerList(),
    series: (request) => partSeriesOf(request.context()),
    setSeries: (request) => setPartSeries(request.context(), request.body),
    detail: (request) => partDetail(companyPartReader(request.context()), request.params.id),
    create: (request) => createPart(request.context(), request.body),
    update: (request) => updatePart(request.context(), request.params.id, request.body),
    addMpn: (request) => addPartMpn(request.context(), request.params.id, request.body),
    removeMpn: (request) => removePartMpn(request.context(), request.params.id, request.params.mpnId),
  });

  implement(app, staffPartEndpoints, {
    list: (request) => partPage(staffPartReader(request.context().db), request.query),
    detail: (request) => partDetail(staffPartReader(request.context().db), request.params.id),
  });
};
