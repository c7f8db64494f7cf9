/**
 * The files embedded in a PDF (a Factur-X/ZUGFeRD invoice carries its XML as `factur-x.xml`), read
 * in-process with Mozilla's pdf.js like `pdf-text.ts`, so API tests and journeys need only Node.
 */
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface EmbeddedFile {
  filename: string;
  description: string;
  content: Uint8Array;
}

/** Every embedded file of the PDF, by file name. */
export async function embeddedFiles(bytes: Uint8Array): Promise<Map<string, EmbeddedFile>> {
  // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const document = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  try {
    const attachments = ((await document.getAttachments()) ?? {}) as Record<
      string,
      { filename: string; description?: string; content: Uint8Array }
    >;
    return new Map(
      Object.values(attachments).map((file) => [
        file.filename,
        { filename: file.filename, description: file.description ?? "", content: file.content },
      ]),
    );
  } finally {
    await document.destroy();
  }
}

/** The text of the embedded XML file `filename` (Factur-X: factur-x.xml); throws when it is missing. */
export async function embeddedXml(bytes: Uint8Array, filename = "factur-x.xml"): Promise<string> {
  const files = await embeddedFiles(bytes);
  const file = files.get(filename);
  if (!file)
    throw new Error(`no ${filename} in the PDF; it embeds: ${[...files.keys()].join(", ") || "nothing"}`);
  return new TextDecoder().decode(file.content);
}
