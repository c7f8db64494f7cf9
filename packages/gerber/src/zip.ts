/**
 * Reads a zip archive of CAM files defensively, in the browser or in Node. The central directory is
 * read by hand so nothing is inflated before every entry has passed the limits; inflation is
 * streamed and stopped the moment an entry grows past what it may, whatever its header claims.
 */
import { Inflate } from "fflate";

/** Documented limits (docs/gerber-viewer.md). */
export const ZIP_LIMITS = {
  /** Size of the archive itself. */
  archiveBytes: 100 * 1024 * 1024,
  /** Entries in the central directory (files and folders). */
  entries: 2_000,
  /** One unpacked file. */
  fileBytes: 50 * 1024 * 1024,
  /** All unpacked files together. */
  totalBytes: 250 * 1024 * 1024,
  /** Unpacked size over packed size beyond which an entry counts as a zip bomb. */
  ratio: 400,
} as const;

export type ZipArchiveProblem =
  "not-zip" | "archive-too-large" | "too-many-entries" | "too-large-total" | "corrupt";
export type ZipEntryProblem =
  | "path-escape"
  | "symlink"
  | "encrypted"
  | "unsupported-method"
  | "too-large"
  | "zip-bomb"
  | "nested-archive"
  | "corrupt";

export class ZipError extends Error {
  constructor(readonly problem: ZipArchiveProblem) {
    super(`Zip archive rejected: ${problem}`);
  }
}

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

export interface ZipResult {
  files: ZipEntry[];
  rejected: { name: string; problem: ZipEntryProblem }[];
}

export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    (bytes[2] === 3 || bytes[2] === 5) &&
    (bytes[3] === 4 || bytes[3] === 6)
  );
}

/** A safe relative name, or null when the entry tries to leave the archive (../, /abs, C:\). */
export function safeEntryName(raw: string): string | null {
  const name = raw.replace(/\\/g, "/");
  if (name.startsWith("/") || /^[a-zA-Z]:/.test(name) || name.includes("\0")) return null;
  const parts = name.split("/").filter((part) => part !== "" && part !== ".");
  if (parts.some((part) => part === "..")) return null;
  return parts.join("/");
}

const decoder = new TextDecoder("utf-8");
const latin = new TextDecoder("latin1");

export function readZip(bytes: Uint8Array): ZipResult {
  if (bytes.length > ZIP_LIMITS.archiveBytes) throw new ZipError("archive-too-large");
  if (!isZip(bytes)) throw new ZipError("not-zip");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: the last "PK\5\6" within the final 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError("corrupt");
  const count = view.getUint16(eocd + 10, true);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) {
    // Zip64 archives only exist for sizes far past our limits.
    throw new ZipError("archive-too-large");
  }
  if (count > ZIP_LIMITS.entries) throw new ZipError("too-many-entries");
  if (directoryOffset + directorySize > bytes.length) throw new ZipError("corrupt");

  const files: ZipEntry[] = [];
  const rejected: ZipResult["rejected"] = [];
  let total = 0;
  let p = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) throw new ZipError("corrupt");
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const packed = view.getUint32(p + 20, true);
    const size = view.getUint32(p + 24, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    const madeBy = view.getUint16(p + 4, true) >> 8;
    const external = view.getUint32(p + 38, true);
    const localOffset = view.getUint32(p + 42, true);
    if (p + 46 + nameLength > bytes.length) throw new ZipError("corrupt");
    const rawName = (flags & 0x800 ? decoder : latin).decode(bytes.subarray(p + 46, p + 46 + nameLength));
    p += 46 + nameLength + extraLength + commentLength;

    if (rawName.endsWith("/") || rawName.endsWith("\\")) continue; // a folder
    const name = safeEntryName(rawName);
    if (name === null) {
      rejected.push({ name: rawName, problem: "path-escape" });
      continue;
    }
    if (name.startsWith("__MACOSX/") || name.split("/").pop()!.startsWith("._")) continue;
    const unixMode = madeBy === 3 ? external >>> 16 : 0;
    if ((unixMode & 0o170000) === 0o120000) {
      rejected.push({ name, problem: "symlink" });
      continue;
    }
    if (flags & 1) {
      rejected.push({ name, problem: "encrypted" });
      continue;
    }
    if (/\.(zip|7z|rar|tar|gz|tgz)$/i.test(name)) {
      rejected.push({ name, problem: "nested-archive" });
      continue;
    }
    if (method !== 0 && method !== 8) {
      rejected.push({ name, problem: "unsupported-method" });
      continue;
    }
    if (size > ZIP_LIMITS.fileBytes) {
      rejected.push({ name, problem: "too-large" });
      continue;
    }
    if (packed > 0 && size / packed > ZIP_LIMITS.ratio && size > 1024 * 1024) {
      rejected.push({ name, problem: "zip-bomb" });
      continue;
    }
    if (localOffset + 30 > bytes.length || view.getUint32(localOffset, true) !== 0x04034b50) {
      rejected.push({ name, problem: "corrupt" });
      continue;
    }
    const dataStart =
      localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (dataStart + packed > bytes.length) {
      rejected.push({ name, problem: "corrupt" });
      continue;
    }
    const data = bytes.subarray(dataStart, dataStart + packed);
    // The header's size may lie: the cap is the smaller of what is left of the total and the file limit.
    const cap = Math.min(ZIP_LIMITS.fileBytes, ZIP_LIMITS.totalBytes - total);
    const result =
      method === 0 ? (data.length <= cap ? data.slice() : "too-large") : inflateCapped(data, cap);
    if (typeof result === "string") {
      if (result === "too-large" && cap < ZIP_LIMITS.fileBytes) throw new ZipError("too-large-total");
      rejected.push({
        name,
        problem: result === "too-large" && size <= ZIP_LIMITS.fileBytes ? "zip-bomb" : result,
      });
      continue;
    }
    total += result.length;
    files.push({ name, bytes: result });
  }
  return { files, rejected };
}

function inflateCapped(data: Uint8Array, cap: number): Uint8Array | "too-large" | "corrupt" {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  const inflate = new Inflate((chunk) => {
    size += chunk.length;
    if (size > cap) over = true;
    else chunks.push(chunk.slice());
  });
  try {
    const step = 16 * 1024;
    for (let offset = 0; offset < data.length && !over; offset += step) {
      inflate.push(data.subarray(offset, Math.min(data.length, offset + step)), offset + step >= data.length);
    }
    if (data.length === 0) inflate.push(new Uint8Array(0), true);
  } catch {
    return "corrupt";
  }
  if (over) return "too-large";
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
