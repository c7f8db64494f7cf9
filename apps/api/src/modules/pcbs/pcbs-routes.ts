import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from "fastify";
import { pcbEndpoints, staffPcbEndpoints } from "@ems/contracts/pcbs";
import type { FileStorage } from "@ems/storage/file-storage";
import { implement } from "../../lib/endpoint-routes.ts";
import { sendStoredFile } from "../files/file-download.ts";
import { sendPdf } from "../../lib/pdf-reply.ts";
import type { RequestContext } from "../../plugins/request-context.ts";
import {
  analysePcbVersion,
  archivePcbSpec,
  companyReader,
  createPcbSpec,
  duplicatePcbSpec,
  pcbGerberFile,
  pcbPreviewSha256,
  pcbSpecDetail,
  pcbSpecPage,
  pcbSpecVersion,
  pcbVersionPdf,
  savePcbVersion,
  setPcbStaffNoteOf,
  staffReader,
  type PcbAnalyser,
  type PcbReader,
  type PcbWrite,
} from "./pcbs-service.ts";

export interface PcbsRouteOptions {
  storage: FileStorage;
  /** Analyses a version's Gerber zip after it is saved; without it versions keep analysis status none. */
  analyse?: PcbAnalyser | undefined;
}

/** A zip is sent as stored: compressing it again gains nothing and would break byte ranges. */
const asStored = { config: { compress: false } } as const;

async function sendPreview(reply: FastifyReply, storage: FileStorage, sha256: string): Promise<FastifyReply> {
  const body = await storage.open(sha256);
  return reply.type("image/png").header("X-Content-Type-Options", "nosniff").send(body);
}

/** Answers the write, then analyses the new version's Gerber zip after the transaction committed. */
function afterWrite(
  app: FastifyInstance,
  ctx: RequestContext,
  analyse: PcbAnalyser | undefined,
  write: PcbWrite,
) {
  const versionId = write.analyse;
  if (analyse && versionId)
    app.pendingWork.run(ctx.log, "Gerber analysis", () => analysePcbVersion(ctx.db, analyse, versionId));
  return write.detail;
}

/**
 * PCB specifications (issue 17, ADR 0014): the company's specifications and their versions, and the
 * back office's view of every company's with the note the customer sees.
 */
export const pcbsRoutes: FastifyPluginAsync<PcbsRouteOptions> = async (app, { storage, analyse }) => {
  const analysing = analyse !== undefined;

  // The customer's and the back office's PDF and previews differ only in who reads.
  const sendVersionPdf = async (
    reply: FastifyReply,
    reader: PcbReader,
    { id, version }: { id: string; version: number },
    language: string,
  ) => {
    const { name, pdf } = await pcbVersionPdf(reader, storage, id, version, language);
    return sendPdf(reply, name, pdf);
  };
  const sendVersionPreview = async (
    reply: FastifyReply,
    reader: PcbReader,
    { id, version, side }: { id: string; version: number; side: "top" | "bottom" },
  ) => sendPreview(reply, storage, await pcbPreviewSha256(reader, id, version, side));

  implement(app, pcbEndpoints, {
    gerberFiles: {
      ...asStored,
      handle: async (request, reply) => {
        const file = await pcbGerberFile(
          companyReader(request.context()),
          request.params.id,
          request.query.version,
        );
        return sendStoredFile(request, reply, storage, file);
      },
    },
    list: (request) => pcbSpecPage(companyReader(request.context()), request.query),
    detail: (request) => pcbSpecDetail(companyReader(request.context()), request.params.id),
    version: (request) =>
      pcbSpecVersion(companyReader(request.context()), request.params.id, request.params.version),
    pdf: (request, reply) => {
      const ctx = request.context();
      return sendVersionPdf(reply, companyReader(ctx), request.params, ctx.auth.user.language);
    },
    preview: (request, reply) => sendVersionPreview(reply, companyReader(request.context()), request.params),
    create: async (request) => {
      const ctx = request.context();
      return afterWrite(app, ctx, analyse, await createPcbSpec(ctx, request.body, analysing));
    },
    saveVersion: async (request) => {
      const ctx = request.context();
      return afterWrite(
        app,
        ctx,
        analyse,
        await savePcbVersion(ctx, request.params.id, request.body, analysing),
      );
    },
    duplicate: async (request) => {
      const ctx = request.context();
      return afterWrite(
        app,
        ctx,
        analyse,
        await duplicatePcbSpec(ctx, request.params.id, request.body.version),
      );
    },
    archive: (request) => archivePcbSpec(request.context(), request.params.id, true),
    restore: (request) => archivePcbSpec(request.context(), request.params.id, false),
  });

  implement(app, staffPcbEndpoints, {
    list: (request) => pcbSpecPage(staffReader(request.context().db), request.query),
    detail: (request) => pcbSpecDetail(staffReader(request.context().db), request.params.id),
    version: (request) =>
      pcbSpecVersion(staffReader(request.context().db), request.params.id, request.params.version),
    pdf: (request, reply) => {
      const ctx = request.context();
      return sendVersionPdf(reply, staffReader(ctx.db), request.params, ctx.auth.user.language);
    },
    preview: (request, reply) => sendVersionPreview(reply, staffReader(request.context().db), request.params),
    note: (request) => {
      const ctx = request.context();
      return setPcbStaffNoteOf(ctx.db, ctx.actor.id, request.params.id, request.body.note);
    },
  });
};
