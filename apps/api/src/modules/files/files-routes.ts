import type { FastifyPluginAsync } from "fastify";
import { fileEndpoints, staffFileEndpoints } from "@ems/contracts/files";
import type { FileStorage } from "@ems/storage/file-storage";
import { implement } from "../../lib/endpoint-routes.ts";
import { sendStoredFile } from "./file-download.ts";
import { deleteFile, fileForDownload, filePage, fileUsage, type FileLimits } from "./files-service.ts";
import { uploadRoutes } from "./upload-routes.ts";
import type { UploadStore } from "./upload-store.ts";

export interface FilesRouteOptions {
  storage: FileStorage;
  uploads: UploadStore;
  limits: FileLimits;
}

/** A download is sent as stored: compressing a zip again gains nothing and would break byte ranges. */
const asStored = { config: { compress: false } } as const;

/**
 * Files (issue 17): resumable uploads (tus, upload-routes.ts), the company's list, storage usage,
 * downloads and deletion; staff download any company's file.
 */
export const filesRoutes: FastifyPluginAsync<FilesRouteOptions> = async (app, options) => {
  const { storage, limits } = options;
  await app.register(uploadRoutes, options);

  implement(app, fileEndpoints, {
    list: (request) => filePage(request.context(), request.query),
    usage: (request) => fileUsage(request.context(), limits),
    download: {
      ...asStored,
      handle: async (request, reply) => {
        const file = await fileForDownload(request.context(), request.params.id, { anyCompany: false });
        return sendStoredFile(request, reply, storage, file);
      },
    },
    delete: (request) => deleteFile(request.context(), storage, request.params.id),
  });

  implement(app, staffFileEndpoints, {
    download: {
      ...asStored,
      handle: async (request, reply) => {
        const file = await fileForDownload(request.context(), request.params.id, { anyCompany: true });
        return sendStoredFile(request, reply, storage, file);
      },
    },
  });
};
