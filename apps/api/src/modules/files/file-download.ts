import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ERROR_CODES } from "@ems/contracts/errors";
import { PREVIEW_CONTENT_SECURITY_POLICY, type CompanyFile } from "@ems/contracts/files";
import type { FileStorage } from "@ems/storage/file-storage";
import { AppError } from "../../lib/app-error.ts";

/**
 * `Content-Disposition: attachment` with the name twice (RFC 6266): `filename*` in UTF-8 as RFC 5987
 * encodes it, which every current browser reads, and a plain `filename` fallback in printable ASCII
 * (other characters as "_", quotes and backslashes too) for the rest. "attachment" makes even an HTML
 * or SVG file a download instead of a page of this origin.
 */
export function contentDisposition(
  name: string,
  disposition: "attachment" | "inline" = "attachment",
): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The inclusive bounds an HTTP Range header asks for, "ignore" for none usable, or "unsatisfiable". */
export type RangeRequest = { start: number; end: number } | "ignore" | "unsatisfiable";

/**
 * One byte range of `Range: bytes=…` (RFC 9110 §14): `a-b`, `a-` or the suffix `-n`, the end cut to
 * the file. Several ranges, another unit or a malformed header are ignored (the whole file is sent,
 * as the RFC allows); a range that starts past the end is unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return "ignore";
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return "ignore";
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return "ignore";
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || (last !== "" && Number(last) < start)) return "ignore";
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

const etagOf = (file: CompanyFile) => `"${file.sha256}"`;

/** Whether an If-None-Match or If-Range value names this entity tag (weak comparison for If-None-Match). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

/**
 * Sends a stored file as a download: its own media type, never sniffed, never shown inline; private
 * to the caller and revalidated by its ETag (the SHA-256, which never changes for a file id); one
 * byte range when asked (206), the whole file otherwise. A preview (`inline`, for the types a browser
 * shows safely) is shown in the page instead, under a sandboxing Content-Security-Policy.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  file: CompanyFile,
  options: { inline?: boolean } = {},
): Promise<FastifyReply> {
  const etag = etagOf(file);
  if (options.inline) reply.header("Content-Security-Policy", PREVIEW_CONTENT_SECURITY_POLICY);
  reply
    .header("Content-Disposition", contentDisposition(file.name, options.inline ? "inline" : "attachment"))
    .header("X-Content-Type-Options", "nosniff")
    .header("Cache-Control", "private, no-cache")
    .header("ETag", etag)
    .header("Accept-Ranges", "bytes");
  if (matchesEtag(request.headers["if-none-match"], etag)) return reply.status(304).send();

  const ifRange = request.headers["if-range"] as string | undefined;
  // A range is only for the same content (If-Range with our tag, or none); otherwise the whole file.
  const range =
    ifRange === undefined || ifRange.trim() === etag
      ? parseRange(request.headers.range, file.size)
      : "ignore";
  if (range === "unsatisfiable") {
    reply.header("Content-Range", `bytes */${file.size}`);
    throw new AppError(416, ERROR_CODES.rangeNotSatisfiable, `The file has ${file.size} bytes`, {
      otherData: { size: file.size },
    });
  }
  reply.type(file.media_type);
  // HEAD (Fastify answers it with the GET route) learns the headers without the bytes being read;
  // an empty stream, since an absent body would make Fastify announce a length of 0.
  if (request.method === "HEAD") {
    const length = range === "ignore" ? file.size : range.end - range.start + 1;
    if (range !== "ignore")
      reply.status(206).header("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
    return reply.header("Content-Length", String(length)).send(Readable.from([]));
  }
  if (range === "ignore") {
    const body = await storage.open(file.sha256);
    return reply.header("Content-Length", String(file.size)).send(body);
  }
  const body = await storage.open(file.sha256, range);
  return reply
    .status(206)
    .header("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`)
    .header("Content-Length", String(range.end - range.start + 1))
    .send(body);
}
