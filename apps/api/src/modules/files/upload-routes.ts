import type { Readable } from "node:stream";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { Metadata, Server, type Upload } from "@tus/server";
import { ERROR_CODES } from "@ems/contracts/errors";
import { mayCall } from "@ems/contracts/endpoints";
import { sanitizeFileName, uploadMetadataSchema, UPLOADS, type FilePurpose } from "@ems/contracts/files";
import { isStaffRole } from "@ems/contracts/roles";
import type { FileStorage } from "@ems/storage/file-storage";
import { AppError, badRequest, notFound, unexpected } from "../../lib/app-error.ts";
import {
  assertUploadFits,
  fileOfFinishedUpload,
  storeFinishedUpload,
  type FileLimits,
  type FinishedUpload,
} from "./files-service.ts";
import { assertCustomer, isCompanyFolder } from "./file-share-service.ts";
import { isUploadId, type UploadStore } from "./upload-store.ts";

/**
 * Resumable uploads with the tus protocol 1.0.0 (tus.io; @tus/server) under /api/uploads, behind the
 * same guards as every other route: a session (cookie or `Authorization: next …`) of a company member
 * allowed to upload (UPLOADS.access), the CSRF check of mutations, and the company's own uploads only
 * (another company's upload id answers 404). Staff upload only share files into the customer named by
 * `company_id`, and reach only their own uploads (ADR 0020). tus answers are passed on as they are;
 * its refusals, and ours, are the usual error envelope.
 *
 * - `POST /api/uploads` with `Upload-Length` and `Upload-Metadata` (`filename`, `purpose`) creates an
 *   upload (201, `Location: /api/uploads/<id>`), after checking the size against UPLOAD_MAX_BYTES and
 *   the company's quota (413 FILE_TOO_LARGE, QUOTA_EXCEEDED).
 * - `PATCH /api/uploads/<id>` (`Upload-Offset`, `Content-Type: application/offset+octet-stream`)
 *   appends bytes; `HEAD` tells the offset to resume from; `DELETE` abandons the upload.
 * - The request that brings the last byte moves the upload into the file storage, its content checked
 *   against its purpose (422 FILE_CONTENT_REFUSED, nothing kept), and answers `Upload-File-Id: <id>`
 *   of the new file; a HEAD of that upload afterwards answers the same header, so a client whose
 *   answer was lost still learns it.
 */

const TUS_VERSION = "1.0.0";
const OCTET_STREAM = "application/offset+octet-stream";

interface UploadCaller {
  companyId: string;
  userId: string;
  userName: string;
  /** Operator staff: they upload only share files, into the customer the metadata names. */
  staff: boolean;
}

/** What the server records with an upload besides the client's name and purpose. */
interface RecordedMetadata {
  filename: string;
  purpose: FilePurpose;
  company_id: string;
  user_id: string;
  /** The caller's folder of the file share (checked to be the company's); absent: the top level. */
  folder_id?: string;
  /** "1" when a staff member uploads into a customer's share (company_id is then the customer). */
  by_operator?: string;
}

/** Envelope codes of tus's own refusals, by status. */
const TUS_CODES: Record<number, string> = {
  400: ERROR_CODES.validation,
  403: ERROR_CODES.validation,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  410: ERROR_CODES.uploadExpired,
  412: ERROR_CODES.validation,
  413: ERROR_CODES.fileTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  423: ERROR_CODES.conflict,
};

function recordedMetadata(upload: Upload): RecordedMetadata | null {
  const metadata = upload.metadata ?? {};
  const { filename, purpose, company_id, user_id, folder_id, by_operator } = metadata;
  const parsed = uploadMetadataSchema.safeParse({ filename, purpose, folder_id: folder_id ?? undefined });
  if (!parsed.success || typeof company_id !== "string" || typeof user_id !== "string") return null;
  return {
    filename: parsed.data.filename,
    purpose: parsed.data.purpose,
    company_id,
    user_id,
    ...(parsed.data.folder_id ? { folder_id: parsed.data.folder_id } : {}),
    ...(by_operator === "1" ? { by_operator } : {}),
  };
}

/**
 * Whether an upload is the caller's: a customer's if it is their company's own, a staff member's if
 * they started it for a customer. Anyone else's answers 404.
 */
function belongsTo(recorded: RecordedMetadata, caller: UploadCaller): boolean {
  return caller.staff
    ? recorded.by_operator === "1" && recorded.user_id === caller.userId
    : recorded.by_operator === undefined && recorded.company_id === caller.companyId;
}

function callerOf(request: FastifyRequest): UploadCaller {
  const { user } = request.auth!;
  return {
    companyId: user.companyId,
    userId: user.id,
    userName: `${user.firstName} ${user.lastName}`.trim(),
    staff: isStaffRole(user.role),
  };
}

/**
 * A web stream over the request body that reads from it only when tus asks for more, so a client
 * faster than the disk (or the S3 store) waits instead of filling the server's memory.
 */
function pulledStream(source: Readable): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    // Up to 1 MiB read ahead, so reading the socket and writing the disk overlap.
    new ByteLengthQueuingStrategy({ highWaterMark: 1024 * 1024 }),
  );
}

/** The request as the web Request tus handles: same method, path, headers, and the body as a stream. */
function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const body = request.body as Readable | undefined;
  const path = request.url.split("?")[0] ?? request.url;
  // tus reads only the path from the URL (relative Location headers), so the origin is a placeholder.
  return new Request(new URL(path, "http://uploads.invalid"), {
    method: request.method,
    headers,
    ...(body && typeof body.pipe === "function" ? { body: pulledStream(body), duplex: "half" } : {}),
  } as RequestInit);
}

type CheckedMetadata = {
  filename: string;
  purpose: FilePurpose;
  folder_id?: string | undefined;
  company_id?: string | undefined;
};

/** The client's `filename`, `purpose` and `folder_id`, checked, or the refusal naming what is wrong. */
function checkedMetadata(metadata: Record<string, string | null> | undefined): AppError | CheckedMetadata {
  const parsed = uploadMetadataSchema.safeParse({
    filename: metadata?.filename ?? undefined,
    purpose: metadata?.purpose ?? undefined,
    folder_id: metadata?.folder_id ?? undefined,
    company_id: metadata?.company_id ?? undefined,
  });
  if (parsed.success) {
    if (parsed.data.folder_id && parsed.data.purpose !== "share")
      return badRequest(
        ERROR_CODES.validation,
        "Upload-Metadata 'folder_id' is only for purpose share",
        "folder_id",
      );
    return parsed.data;
  }
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? "Upload-Metadata");
  return badRequest(ERROR_CODES.validation, `Upload-Metadata '${field}' ${issue.message}`, field);
}

/**
 * The customer a staff member's upload goes into: staff upload only share files, and name the
 * company (`company_id`), which must be a customer (404 otherwise).
 */
async function staffTarget(request: FastifyRequest, metadata: CheckedMetadata): Promise<string> {
  if (metadata.purpose !== "share")
    throw badRequest(
      ERROR_CODES.validation,
      "Staff upload only files to share: purpose must be share",
      "purpose",
    );
  if (!metadata.company_id)
    throw badRequest(
      ERROR_CODES.validation,
      "Upload-Metadata 'company_id' is required: the customer whose file share the file goes into",
      "company_id",
    );
  await assertCustomer(request.server.db, metadata.company_id);
  return metadata.company_id;
}

/** Upload-Metadata as tus writes it: `key base64value` pairs separated by commas. */
function metadataOfHeader(header: string | undefined): AppError | CheckedMetadata {
  let metadata: Record<string, string | null>;
  try {
    metadata = Metadata.parse(header);
  } catch {
    return badRequest(
      ERROR_CODES.validation,
      "Upload-Metadata must name the file and its purpose: 'filename <base64>,purpose <base64>'",
      "Upload-Metadata",
    );
  }
  return checkedMetadata(metadata);
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export interface UploadRouteOptions {
  storage: FileStorage;
  uploads: UploadStore;
  limits: FileLimits;
}

export const uploadRoutes: FastifyPluginAsync<UploadRouteOptions> = async (
  app,
  { storage, uploads, limits },
) => {
  // tus bodies reach the store as they arrive; this parser exists only in this plugin's scope.
  app.addContentTypeParser(OCTET_STREAM, (_request, payload, done) => done(null, payload));
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("Tus-Resumable", TUS_VERSION);
    return payload;
  });

  const callers = new WeakMap<Request, UploadCaller>();
  const failures = new WeakMap<Request, unknown>();
  const finishedUploads = new WeakMap<Request, string>();

  const finish = async (web: Request, upload: Upload) => {
    const recorded = recordedMetadata(upload);
    const caller = callers.get(web);
    try {
      if (!recorded || !caller || !belongsTo(recorded, caller) || upload.size === undefined)
        throw new Error(`Upload ${upload.id} lacks the metadata the server records`);
      const finished: FinishedUpload = {
        id: upload.id,
        companyId: recorded.company_id,
        userId: recorded.user_id,
        name: recorded.filename,
        purpose: recorded.purpose,
        size: upload.size,
        folderId: recorded.folder_id ?? null,
        userName: caller.userName,
        byOperator: recorded.by_operator === "1",
      };
      const file = await storeFinishedUpload(
        { db: app.db, storage, uploads, limits, mailer: app.mailer, publicUrl: app.env.PUBLIC_URL },
        finished,
      );
      finishedUploads.set(web, upload.id);
      return { headers: { [UPLOADS.fileIdHeader]: file.id } };
    } catch (error) {
      failures.set(web, error);
      // Nothing of a refused upload stays: not the stored bytes (the storage removed them), not these.
      await uploads.remove(upload.id).catch((removal: unknown) => {
        app.log.error({ err: removal, upload: upload.id }, "removing a refused upload failed");
      });
      throw error;
    }
  };

  let server: Server | undefined;
  const tus = () =>
    (server ??= new Server({
      path: UPLOADS.path,
      datastore: uploads.datastore(),
      relativeLocation: true,
      maxSize: limits.uploadMaxBytes,
      // Same origin only: no Access-Control-Allow-Origin on any answer.
      allowedOrigins: () => false,
      onUploadCreate: async (web, upload) => {
        const caller = callers.get(web);
        const parsed = checkedMetadata(upload.metadata);
        if (!caller || parsed instanceof AppError) throw new Error("Upload created without its checks");
        // Only what was checked is kept; the company and user come from the session, never the client.
        const recorded: RecordedMetadata = {
          filename: sanitizeFileName(parsed.filename),
          purpose: parsed.purpose,
          // Staff name the customer (checked when the upload was created); anyone else uploads for their own company.
          company_id: caller.staff && parsed.company_id ? parsed.company_id : caller.companyId,
          user_id: caller.userId,
          ...(parsed.folder_id ? { folder_id: parsed.folder_id } : {}),
          ...(caller.staff ? { by_operator: "1" } : {}),
        };
        return { metadata: { ...recorded } };
      },
      onUploadFinish: finish,
    }));

  /** Hands the request to tus and its answer, or refusal, back to Fastify. */
  async function forward(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const web = webRequestOf(request);
    if (request.auth) callers.set(web, callerOf(request));
    const response = await tus().handleWeb(web);
    const failure = failures.get(web);
    if (failure) throw failure;
    if (response.status >= 400) {
      const message = (await response.text()).trim();
      if (response.status >= 500) {
        request.log.error({ status: response.status, tus: message }, "tus upload failed");
        throw unexpected();
      }
      throw new AppError(response.status, TUS_CODES[response.status] ?? ERROR_CODES.validation, message);
    }
    const finishedId = finishedUploads.get(web);
    // The file is stored and recorded; an upload left behind by a failed removal goes with the sweep.
    if (finishedId)
      await uploads.remove(finishedId).catch((error: unknown) => {
        request.log.error({ err: error, upload: finishedId }, "removing a finished upload failed");
      });
    reply.status(response.status);
    response.headers.forEach((value, name) => {
      if (name !== "content-length" && name !== "connection") reply.header(name, value);
    });
    const body = response.status === 204 ? "" : await response.text();
    return reply.send(body === "" ? undefined : body);
  }

  /** The company's upload with this id, or 404 (also for another company's id). */
  async function ownUpload(request: FastifyRequest): Promise<Upload | null> {
    const id = idOf(request);
    if (!isUploadId(id)) return null;
    const upload = await uploads
      .datastore()
      .getUpload(id)
      .catch(() => null);
    if (!upload) return null;
    const recorded = recordedMetadata(upload);
    return recorded && belongsTo(recorded, callerOf(request)) ? upload : null;
  }

  async function create(request: FastifyRequest, reply: FastifyReply) {
    if (request.headers["upload-defer-length"] !== undefined)
      throw badRequest(
        ERROR_CODES.validation,
        "Send Upload-Length: an upload's size must be known to check it",
        "Upload-Length",
      );
    const length = request.headers["upload-length"];
    if (typeof length !== "string" || !/^\d{1,16}$/.test(length))
      throw badRequest(
        ERROR_CODES.validation,
        "Upload-Length must be the file's size in bytes",
        "Upload-Length",
      );
    const header = request.headers["upload-metadata"];
    const metadata = metadataOfHeader(Array.isArray(header) ? header.join(",") : header);
    if (metadata instanceof AppError) throw metadata;
    const caller = callerOf(request);
    const companyId = caller.staff ? await staffTarget(request, metadata) : caller.companyId;
    if (metadata.folder_id && !(await isCompanyFolder(request.server.db, companyId, metadata.folder_id)))
      throw notFound("No such folder");
    await assertUploadFits(request.server.db, companyId, Number(length), limits);
    return forward(request, reply);
  }

  async function head(request: FastifyRequest, reply: FastifyReply) {
    if (await ownUpload(request)) return forward(request, reply);
    const id = idOf(request);
    const caller = callerOf(request);
    const file = isUploadId(id)
      ? await fileOfFinishedUpload(
          request.server.db,
          caller.staff ? { operatorUserId: caller.userId } : { companyId: caller.companyId },
          id,
        )
      : null;
    if (!file) throw notFound("No such upload");
    // Finished and stored: every byte arrived, and this is the file it became.
    return reply
      .status(200)
      .header("Cache-Control", "no-store")
      .header("Upload-Offset", String(file.size))
      .header("Upload-Length", String(file.size))
      .header(UPLOADS.fileIdHeader, file.id)
      .send();
  }

  async function change(request: FastifyRequest, reply: FastifyReply) {
    if (!(await ownUpload(request))) throw notFound("No such upload");
    return forward(request, reply);
  }

  // Company members allowed to upload, and operator staff (share files for a customer, ADR 0020).
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireUser(request, reply);
    const { user } = request.auth!;
    if (!isStaffRole(user.role) && !mayCall({ role: user.role, company_role: user.companyRole }, UPLOADS))
      throw new AppError(403, ERROR_CODES.forbidden, "Your role in the company does not allow this");
  };
  const shared: Partial<RouteOptions> = {
    onRequest: guard,
    // Bytes go to the store as sent: no decompression of requests, no compression of answers.
    config: { compress: false, decompress: false },
    schema: { hide: true },
    // A refusal before the body was read ends the connection instead of reading the rest of it.
    onError: async (request, reply) => {
      if (!request.raw.complete) reply.header("Connection", "close");
    },
  };
  const item = `${UPLOADS.path}/:id`;
  app.route({ ...shared, method: "POST", url: UPLOADS.path, handler: create });
  app.route({ ...shared, method: "HEAD", url: item, handler: head });
  app.route({ ...shared, method: ["PATCH", "DELETE"], url: item, handler: change });
  // Capability discovery (versions, extensions, the largest upload) is no one's secret.
  app.route({
    method: "OPTIONS",
    url: UPLOADS.path,
    schema: { hide: true },
    config: { compress: false },
    handler: forward,
  });
};
