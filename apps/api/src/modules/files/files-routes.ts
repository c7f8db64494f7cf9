import type { FastifyPluginAsync } from "fastify";
import { ERROR_CODES } from "@ems/contracts/errors";
import {
  fileEndpoints,
  PREVIEW_MEDIA_TYPES,
  staffFileEndpoints,
  type CompanyFile,
} from "@ems/contracts/files";
import type { FileStorage } from "@ems/storage/file-storage";
import { AppError } from "../../lib/app-error.ts";
import { implement } from "../../lib/endpoint-routes.ts";
import { fileShareRoutes } from "./file-share-routes.ts";
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
 * Only PNG, JPEG and PDF are shown in the page (their type was checked from their first bytes on
 * upload); anything else, an SVG or HTML file above all, is only downloaded: 415.
 */
function previewable(file: CompanyFile): CompanyFile {
  if (!(PREVIEW_MEDIA_TYPES as readonly string[]).includes(file.media_type))
    throw new AppError(
      415,
      ERROR_CODES.unsupportedMediaType,
      `Only PNG and JPEG images and PDF documents are previewed; download this ${file.media_type} file instead`,
      { otherData: { media_type: file.media_type } },
    );
  return file;
}

/**
 * Files (issue 17): resumable uploads (tus, upload-routes.ts), the company's list, storage usage,
 * downloads and deletion; staff download any company's file.
 */
export const filesRoutes: FastifyPluginAsync<FilesRouteOptions> = async (app, options) => {
  const { storage, limits } = options;
  await app.register(uploadRoutes, options);
  await app.register(fileShareRoutes, { limits });

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
    preview: {
      ...asStored,
      handle: async (request, reply) => {
        const file = await fileForDownload(request.context(), request.params.id, { anyCompany: false });
        return sendStoredFile(request, reply, storage, previewable(file), { inline: true });
      },
    },
  });

  implement(app, staffFileEndpoints, {
    download: {
      ...asStored,
      handle: async (request, reply) => {
        const file = await fileForDownload(request.context(), request.params.id, { anyCompany: true });
        return sendStoredFile(request, reply, storage, file);
      },
    },
    previewFile: {
      ...asStored,
      handle: async (request, reply) => {
        const file = await fileForDownload(request.context(), request.params.id, { anyCompany: true });
        return sendStoredFile(request, reply, storage, previewable(file), { inline: true });
      },
    },
  });
};
