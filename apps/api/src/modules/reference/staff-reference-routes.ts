import type { FastifyPluginAsync } from "fastify";
import { implement } from "../../lib/endpoint-routes.ts";
import { staffReferenceEndpoints } from "@ems/contracts/reference";
import {
  createHoliday,
  createParcelService,
  editParcelService,
  holidaysOfYear,
  parcelServices,
  removeHoliday,
} from "./reference-service.ts";

/** The back office's upkeep of holidays and parcel services (staff roles only). */
export const staffReferenceRoutes: FastifyPluginAsync = async (app) => {
  implement(app, staffReferenceEndpoints, {
    holidays: (request) => holidaysOfYear(app.db, request.query.year),
    createHoliday: (request) => createHoliday(request.context(), request.body),
    removeHoliday: async (request) => {
      await removeHoliday(request.context(), request.params.id);
      return null;
    },
    parcelServices: (_request) => parcelServices(app.db, false),
    createParcelService: (request) => createParcelService(request.context(), request.body),
    updateParcelService: (request) => editParcelService(request.context(), request.params.id, request.body),
  });
};
