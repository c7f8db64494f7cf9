import type { FastifyPluginAsync } from "fastify";
import { fileShareEndpoints, staffFileShareEndpoints } from "@ems/contracts/files";
import { implement } from "../../lib/endpoint-routes.ts";
import { companyFileUsage, type FileLimits } from "./files-service.ts";
import {
  assertCustomer,
  createFolder,
  deletedShareFiles,
  deleteFolderOf,
  restoreShareFileOf,
  shareContent,
  updateFolderOf,
  updateShareFileOf,
} from "./file-share-service.ts";

/**
 * The file share (issue 21): a company's folders and share files, deleted files to restore, and the
 * back office's view of every company's share, where staff create folders. Files are uploaded through
 * /api/uploads (purpose share, optional folder_id; staff also name the company, company_id) and
 * deleted with DELETE /api/files/:id.
 */
export const fileShareRoutes: FastifyPluginAsync<{ limits: FileLimits }> = async (app, { limits }) => {
  implement(app, fileShareEndpoints, {
    content: (request) => shareContent(request.server.db, request.context().tenant, request.query),
    createFolder: (request) => {
      const ctx = request.context();
      return createFolder(ctx, ctx.tenant, request.body);
    },
    updateFolder: (request) => updateFolderOf(request.context(), request.params.id, request.body),
    deleteFolder: (request) => deleteFolderOf(request.context(), request.params.id),
    updateFile: (request) => updateShareFileOf(request.context(), request.params.id, request.body),
    deleted: (request) => deletedShareFiles(request.server.db, request.context().tenant),
    restore: (request) => restoreShareFileOf(request.context(), request.params.id),
  });

  implement(app, staffFileShareEndpoints, {
    fileShareContent: async (request) => {
      await assertCustomer(request.server.db, request.params.companyId);
      return shareContent(request.server.db, request.params.companyId, request.query);
    },
    fileShareUsage: async (request) => {
      await assertCustomer(request.server.db, request.params.companyId);
      return companyFileUsage(request.server.db, request.params.companyId, limits);
    },
    createFileShareFolder: async (request) => {
      await assertCustomer(request.server.db, request.params.companyId);
      return createFolder(request.context(), request.params.companyId, request.body);
    },
  });
};
