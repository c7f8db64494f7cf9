import type { FilePurpose } from "@ems/contracts/files";

/**
 * What a file is, by its first bytes (its "magic number"), never by its name or the type the client
 * claims: an .exe renamed board.zip is still a Windows program. Only what the message to the user
 * needs is told apart.
 */
interface Signature {
  kind: string;
  /** How the refusal names it. */
  description: string;
  mediaType: string;
  bytes: readonly number[];
  offset?: number;
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const SIGNATURES: readonly Signature[] = [
  // A zip that holds anything starts with a local file header; an empty archive (PK\5\6) or a
  // spanned one (PK\7\8) holds no Gerber files, so neither counts as "zip" here.
  {
    kind: "zip",
    description: "a zip archive",
    mediaType: "application/zip",
    bytes: [0x50, 0x4b, 0x03, 0x04],
  },
  {
    kind: "empty-zip",
    description: "an empty zip archive",
    mediaType: "application/zip",
    bytes: [0x50, 0x4b, 0x05, 0x06],
  },
  // Excel 97-2003 workbooks (.xls) are OLE2 compound files.
  {
    kind: "ole2",
    description: "an Excel 97-2003 workbook or another Office 97-2003 file",
    mediaType: "application/vnd.ms-excel",
    bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
  },
  { kind: "pdf", description: "a PDF document", mediaType: "application/pdf", bytes: ascii("%PDF-") },
  {
    kind: "exe",
    description: "a Windows program",
    mediaType: "application/vnd.microsoft.portable-executable",
    bytes: ascii("MZ"),
  },
  {
    kind: "elf",
    description: "a Linux program",
    mediaType: "application/x-executable",
    bytes: [0x7f, 0x45, 0x4c, 0x46],
  },
  {
    kind: "rar",
    description: "a RAR archive",
    mediaType: "application/vnd.rar",
    bytes: [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07],
  },
  {
    kind: "7z",
    description: "a 7-Zip archive",
    mediaType: "application/x-7z-compressed",
    bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c],
  },
  { kind: "gzip", description: "a gzip file", mediaType: "application/gzip", bytes: [0x1f, 0x8b] },
  { kind: "png", description: "a PNG image", mediaType: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47] },
  { kind: "jpeg", description: "a JPEG image", mediaType: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
];

/** Bytes enough to tell every signature above apart. */
export const SNIFF_BYTES = Math.max(...SIGNATURES.map((s) => (s.offset ?? 0) + s.bytes.length));

export interface DetectedContent {
  kind: string;
  description: string;
  mediaType: string;
}

const UNKNOWN: DetectedContent = {
  kind: "unknown",
  description: "not a known file type",
  mediaType: "application/octet-stream",
};

export function detectContent(head: Uint8Array): DetectedContent {
  const match = SIGNATURES.find((signature) =>
    signature.bytes.every((byte, i) => head[(signature.offset ?? 0) + i] === byte),
  );
  if (!match) return head.length === 0 ? { ...UNKNOWN, kind: "empty", description: "empty" } : UNKNOWN;
  return { kind: match.kind, description: match.description, mediaType: match.mediaType };
}

/** Which content each purpose takes: the kinds allowed and how the refusal says so. */
const ALLOWED: Record<FilePurpose, { label: string; kinds: readonly string[]; expected: string }> = {
  gerber: { label: "Gerber", kinds: ["zip"], expected: "a zip archive of Gerber and drill files" },
  // Text has no magic number ("unknown" here); the BOM reader refuses binary content that is not a
  // workbook when it reads the file. XLSX and ODS are zip archives.
  bom: {
    label: "BOM",
    kinds: ["unknown", "zip", "ole2"],
    expected: "a CSV or text file, or an XLSX, XLS or ODS workbook",
  },
  pick_place: {
    label: "pick-and-place",
    kinds: ["unknown", "zip"],
    expected: "a CSV or text file, or an XLSX workbook",
  },
  // Drawings, test reports, certificates, firmware images, 3D models: anything but a program.
  share: {
    label: "file share",
    kinds: ["unknown", "zip", "empty-zip", "ole2", "pdf", "rar", "7z", "gzip", "png", "jpeg"],
    expected: "a document, image, archive or data file, not a program",
  },
  query: {
    label: "engineering query",
    kinds: ["unknown", "zip", "ole2", "pdf", "png", "jpeg"],
    expected: "an image, a PDF, a text or spreadsheet file or a zip archive",
  },
};

/** Text files are stored as text/plain: nothing in their first bytes says more. */
const TEXT_MEDIA_TYPE = "text/plain";

export class ContentRefusedError extends Error {
  constructor(
    readonly purpose: FilePurpose,
    readonly detected: DetectedContent,
  ) {
    super(
      `A ${ALLOWED[purpose].label} upload must be ${ALLOWED[purpose].expected}; this file is ${detected.description}`,
    );
    this.name = "ContentRefusedError";
  }
}

/** The media type the file is stored with, or a ContentRefusedError when its purpose does not take it. */
export function checkContent(purpose: FilePurpose, head: Uint8Array): string {
  const detected = detectContent(head);
  if (!ALLOWED[purpose].kinds.includes(detected.kind)) throw new ContentRefusedError(purpose, detected);
  return detected.kind === "unknown" ? TEXT_MEDIA_TYPE : detected.mediaType;
}

/**
 * Passes a file's bytes through unchanged, after checking its first bytes against its purpose: the
 * check happens on the way into the storage, so a refused file is never stored, and costs one pass.
 * `onChecked` gets the media type once the head was read.
 */
export async function* checkedContent(
  source: AsyncIterable<Uint8Array>,
  purpose: FilePurpose,
  onChecked: (mediaType: string) => void,
): AsyncGenerator<Uint8Array> {
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  let checked = false;
  for await (const chunk of source) {
    if (checked) {
      yield chunk;
      continue;
    }
    held.push(chunk);
    heldBytes += chunk.byteLength;
    if (heldBytes < SNIFF_BYTES) continue;
    onChecked(checkContent(purpose, Buffer.concat(held)));
    checked = true;
    yield* held;
    held.length = 0;
  }
  if (!checked) {
    // A file shorter than the longest signature: check what there is.
    onChecked(checkContent(purpose, Buffer.concat(held)));
    yield* held;
  }
}
