import type { FastifyPluginAsync } from "fastify";
import { assemblyEndpoints, staffAssemblyEndpoints } from "@ems/contracts/assemblies";
import type { FileStorage } from "@ems/storage/file-storage";
import { implement } from "../../lib/endpoint-routes.ts";
import { sendPdf } from "../../lib/pdf-reply.ts";
import {
  assemblyDetail,
  assemblyPage,
  assemblyVersion,
  assemblyVersionPdf,
  bomDiff,
  bomOf,
  companyAssemblyReader,
  createAssembly,
  decideSubstitution,
  exportBom,
  importBomFile,
  importPlacements,
  placementsOfAssembly,
  previewPlacements,
  previewBom,
  rematchBom,
  productionBomOf,
  productionBomPdf,
  releaseProductionBom,
  reviewBomLine,
  saveAssemblyVersion,
  staffAssemblyReader,
  updateBomLine,
} from "./assemblies-service.ts";

/**
 * Assembly specifications (issue 18): versions, bills of materials, pick-and-place data; the back
 * office reads every company's.
 */
export const assembliesRoutes: FastifyPluginAsync<{ storage: FileStorage }> = async (app, { storage }) => {
  implement(app, assemblyEndpoints, {
    list: (request) => assemblyPage(companyAssemblyReader(request.context()), request.query),
    detail: (request) => assemblyDetail(companyAssemblyReader(request.context()), request.params.id),
    version: (request) =>
      assemblyVersion(companyAssemblyReader(request.context()), request.params.id, request.params.version),
    pdf: async (request, reply) => {
      const ctx = request.context();
      const { name, pdf } = await assemblyVersionPdf(
        companyAssemblyReader(ctx),
        request.params.id,
        request.params.version,
        ctx.auth.user.language,
      );
      return sendPdf(reply, name, pdf);
    },
    create: (request) => createAssembly(request.context(), request.body),
    saveVersion: (request) => saveAssemblyVersion(request.context(), request.params.id, request.body),
    bom: (request) =>
      bomOf(companyAssemblyReader(request.context()), request.params.id, request.query.version),
    bomPreview: (request) => previewBom(request.context(), storage, request.params.id, request.body),
    bomImport: (request) => importBomFile(request.context(), storage, request.params.id, request.body),
    bomLine: (request) =>
      updateBomLine(request.context(), request.params.id, request.params.lineId, request.body),
    bomRematch: (request) => rematchBom(request.context(), request.params.id, request.body.base_version),
    bomDiff: (request) =>
      bomDiff(
        companyAssemblyReader(request.context()),
        request.params.id,
        request.query.from,
        request.query.to,
      ),
    bomExport: async (request, reply) => {
      const file = await exportBom(
        companyAssemblyReader(request.context()),
        request.params.id,
        request.query.format,
        request.query.version,
      );
      return reply
        .type(file.type)
        .header("Content-Disposition", `attachment; filename="${file.name}"`)
        .header("Cache-Control", "private, no-store")
        .header("X-Content-Type-Options", "nosniff")
        .send(file.body);
    },
    placements: (request) =>
      placementsOfAssembly(companyAssemblyReader(request.context()), request.params.id),
    placementsPreview: (request) =>
      previewPlacements(request.context(), storage, request.params.id, request.body),
    placementsImport: (request) =>
      importPlacements(request.context(), storage, request.params.id, request.body),
    decideSubstitution: (request) =>
      decideSubstitution(request.context(), request.params.id, request.params.lineId, request.body.decision),
    productionBom: (request) => productionBomOf(companyAssemblyReader(request.context()), request.params.id),
    productionBomPdf: async (request, reply) => {
      const ctx = request.context();
      const { name, pdf } = await productionBomPdf(
        companyAssemblyReader(ctx),
        request.params.id,
        ctx.auth.user.language,
      );
      return sendPdf(reply, name, pdf);
    },
  });

  implement(app, staffAssemblyEndpoints, {
    version: (request) =>
      assemblyVersion(staffAssemblyReader(request.context().db), request.params.id, request.params.version),
    pdf: async (request, reply) => {
      const ctx = request.context();
      const { name, pdf } = await assemblyVersionPdf(
        staffAssemblyReader(ctx.db),
        request.params.id,
        request.params.version,
        ctx.auth.user.language,
      );
      return sendPdf(reply, name, pdf);
    },
    list: (request) => assemblyPage(staffAssemblyReader(request.context().db), request.query),
    detail: (request) => assemblyDetail(staffAssemblyReader(request.context().db), request.params.id),
    bom: (request) =>
      bomOf(staffAssemblyReader(request.context().db), request.params.id, request.query.version),
    placements: (request) =>
      placementsOfAssembly(staffAssemblyReader(request.context().db), request.params.id),
    reviewLine: (request) =>
      reviewBomLine(request.context(), request.params.id, request.params.lineId, request.body),
    releaseProductionBom: (request) =>
      releaseProductionBom(request.context(), request.params.id, request.body.base_version),
    productionBom: (request) => productionBomOf(staffAssemblyReader(request.context().db), request.params.id),
    productionBomPdf: async (request, reply) => {
      const ctx = request.context();
      const { name, pdf } = await productionBomPdf(
        staffAssemblyReader(ctx.db),
        request.params.id,
        ctx.auth.user.language,
      );
      return sendPdf(reply, name, pdf);
    },
  });
};
