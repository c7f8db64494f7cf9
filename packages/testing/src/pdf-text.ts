/**
 * Reads a PDF the way a reader's viewer does, in-process with Mozilla's pdf.js, so tests that check
 * generated documents need nothing but Node (no poppler on the machine).
 *
 * The text keeps the page layout: items on one baseline become one line, in reading order, with
 * at least one space where the page shows a gap. A table row therefore reads as one line, so a
 * label and its figure can be matched together (`/Total\s+€ 214\.20/`).
 */
import { getDocument, OPS, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfFont {
  /** The font's PostScript name without the subset prefix (`NotoSans-Regular`). */
  name: string;
  /** True when the font program is inside the file (false: the viewer must substitute one). */
  embedded: boolean;
}

export interface ReadPdf {
  /** The text of each page, lines separated by `\n`. */
  pages: string[];
  /** Every page's text, pages separated by a form feed as pdftotext does. */
  text: string;
  /** The document information dictionary (Title, Author, Subject, Producer, …). */
  info: Record<string, string>;
  /** Every font a page draws with, once each. */
  fonts: PdfFont[];
}

interface Positioned {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

/**
 * Intl's no-break and narrow no-break spaces read as plain spaces, as they do when text is copied
 * out of a viewer: apply it to an expected figure (`formatMoney(…)`) before looking for it.
 */
export const asPrinted = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

function layoutLines(items: Positioned[]): string {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: Positioned[][] = [];
  for (const item of sorted) {
    const line = lines.at(-1);
    // Items whose baselines are within a third of the font size share a line (superscripts and
    // mixed font sizes in one row do not split it).
    if (line && Math.abs(line[0]!.y - item.y) <= Math.max(line[0]!.size, item.size) / 3) {
      line.push(item);
    } else {
      lines.push([item]);
    }
  }
  return lines
    .map((line) => {
      line.sort((a, b) => a.x - b.x);
      let out = "";
      let end: number | undefined;
      for (const item of line) {
        if (end !== undefined) {
          const gap = item.x - end;
          // A gap wider than a fifth of the font size is a space on the page; wide gaps (table
          // columns) get several, roughly one per average character width.
          if (gap > item.size * 0.2 && !out.endsWith(" ") && !item.str.startsWith(" ")) {
            out += " ".repeat(Math.max(1, Math.round(gap / (item.size * 0.5))));
          }
        }
        out += item.str;
        end = Math.max(end ?? -Infinity, item.x + item.width);
      }
      return out.trimEnd();
    })
    .join("\n");
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
  const data = new Uint8Array(bytes);
  const document = await getDocument({
    data,
    verbosity: VerbosityLevel.ERRORS,
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  try {
    const pages: string[] = [];
    const fonts = new Map<string, PdfFont>();
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const items: Positioned[] = [];
      for (const item of content.items) {
        // Whitespace items carry no position of their own worth keeping: gaps come from geometry.
        if (!("str" in item) || item.str.trim() === "") continue;
        const [a, b, , , x, y] = item.transform as number[];
        items.push({
          str: item.str,
          x: x!,
          y: y!,
          width: item.width,
          size: Math.hypot(a!, b!) || item.height || 10,
        });
      }
      pages.push(asPrinted(layoutLines(items)));

      const operators = await page.getOperatorList();
      operators.fnArray.forEach((fn, index) => {
        if (fn !== OPS.setFont) return;
        const id = String((operators.argsArray[index] as unknown[])[0]);
        if (fonts.has(id) || !page.commonObjs.has(id)) return;
        const font = page.commonObjs.get(id) as { name?: string; missingFile?: boolean };
        fonts.set(id, {
          name: String(font.name ?? id).replace(/^[A-Z]{6}\+/, ""),
          embedded: font.missingFile !== true,
        });
      });
      page.cleanup();
    }
    const metadata = await document.getMetadata();
    const info: Record<string, string> = {};
    for (const [key, value] of Object.entries(metadata.info as Record<string, unknown>)) {
      if (typeof value === "string") info[key] = value;
    }
    return { pages, text: pages.join("\n\f"), info, fonts: [...fonts.values()] };
  } finally {
    await document.destroy();
  }
}

/** The text of a PDF with its layout (see `readPdf`). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await readPdf(bytes)).text;
}
