import { createRequire } from "node:module";
import PDFDocument from "pdfkit";

export interface PdfBrand {
  name: string;
  legalName: string;
  lines: string[];
  /** hex like #15803d */
  accent: string;
}

export interface PdfParty {
  heading: string;
  lines: string[];
}

export interface PdfColumn {
  header: string;
  /** relative width */
  width: number;
  align?: "left" | "right";
}

/** A PNG shown after the table with a caption under it (a board's top and bottom view, say). */
export interface PdfImage {
  caption: string;
  png: Buffer;
}

export interface PdfDocumentInput {
  /** BCP-47, set as the PDF's /Lang so screen readers pick the right voice. */
  language: string;
  brand: PdfBrand;
  /** e.g. "Quotation" */
  title: string;
  /** e.g. "QTN-2026-00042" */
  number: string;
  /** What the document is about in the customer's words (a quote's title), under the number. */
  subject?: string;
  meta: { label: string; value: string }[];
  /** Laid out two per row, side by side (bill to / ship to). */
  parties: PdfParty[];
  columns: PdfColumn[];
  /** One string per column; long text wraps, and the header row repeats on every page the table reaches. */
  rows: string[][];
  totals: { label: string; value: string; emphasis?: boolean }[];
  /** Laid out two per row after the totals, each kept whole on one page. */
  images?: PdfImage[];
  notes: string[];
  /** Small print on every page; the page label is appended on the right. */
  footer: string;
  pageLabel: (page: number, pages: number) => string;
  metadata?: { author?: string; subject?: string };
  /** Fixes CreationDate (and with it the file ID) so the same input yields the same bytes. */
  createdAt?: Date;
}

type Align = "left" | "right";
interface TextStyle {
  font: string;
  size: number;
  color: string;
}

// Noto Sans (SIL OFL 1.1) covers Latin Extended-A/B incl. Romanian comma-below ș ț, which the
// built-in standard-14 fonts cannot show; the TTFs ship in an npm package so nothing is fetched at run time.
const fontRequire = createRequire(import.meta.url);
const FONT_REGULAR = fontRequire.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf");
const FONT_BOLD = fontRequire.resolve("@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf");

const A4_WIDTH = 595.28;
const A4_HEIGHT = 841.89;
const MARGIN_X = 50;
const MARGIN_TOP = 46;
const MARGIN_BOTTOM = 30;
const CONTENT_WIDTH = A4_WIDTH - 2 * MARGIN_X;
const LINE_FACTOR = 1.35;

const INK = "#111827";
const BODY = "#374151";
const MUTED = "#6b7280";
const HAIRLINE = "#e5e7eb";

const IMAGE_GAP = 16;
/** 8 cm: a board image large enough to read, small enough that two rows fit a page. */
const IMAGE_MAX_HEIGHT = 226.8;

/** A PNG's size in pixels, from its IHDR chunk (always first, at a fixed place). */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.toString("latin1", 12, 16) !== "IHDR") throw new TypeError("not a PNG image");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const CELL_PAD_X = 6;
const CELL_PAD_Y = 5;
const TOTALS_WIDTH = 250;
// Only rows taller than a whole page are split, and never with fewer lines than this before the break.
const MIN_SPLIT_LINES = 2;

const style = {
  brand: { font: FONT_BOLD, size: 17, color: INK },
  brandSmall: { font: FONT_REGULAR, size: 8.5, color: MUTED },
  title: { font: FONT_BOLD, size: 22, color: INK },
  number: { font: FONT_REGULAR, size: 12, color: BODY },
  subject: { font: FONT_BOLD, size: 11, color: INK },
  metaLabel: { font: FONT_REGULAR, size: 8.5, color: MUTED },
  metaValue: { font: FONT_BOLD, size: 8.5, color: INK },
  partyLine: { font: FONT_REGULAR, size: 9.5, color: INK },
  tableHead: { font: FONT_BOLD, size: 8.5, color: INK },
  tableBody: { font: FONT_REGULAR, size: 9, color: INK },
  totalLabel: { font: FONT_REGULAR, size: 9.5, color: BODY },
  totalValue: { font: FONT_REGULAR, size: 9.5, color: INK },
  totalEmphasis: { font: FONT_BOLD, size: 11, color: INK },
  note: { font: FONT_REGULAR, size: 8.5, color: BODY },
  running: { font: FONT_REGULAR, size: 8, color: MUTED },
  footer: { font: FONT_REGULAR, size: 7.5, color: MUTED },
} satisfies Record<string, TextStyle>;

function lineHeight(s: TextStyle): number {
  return s.size * LINE_FACTOR;
}

function parseHex(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) throw new TypeError(`brand.accent must be a hex colour like #15803d, got "${hex}"`);
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join("") : m[1];
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** Mixes the accent towards white so shaded rows stay on-brand yet keep black text readable. */
function tint(rgb: [number, number, number], amount: number): string {
  return `#${rgb
    .map((c) =>
      Math.round(255 - (255 - c) * amount)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

class Composer {
  readonly doc: PDFKit.PDFDocument;
  y = MARGIN_TOP;
  private readonly accent: string;
  private readonly shade: string;
  private readonly footerLines: string[];
  private readonly footerTop: number;
  private readonly bodyBottom: number;
  private readonly widths: number[];
  private readonly runningHead: { left: string[]; right: string[]; height: number };

  constructor(
    private readonly input: PdfDocumentInput,
    doc: PDFKit.PDFDocument,
  ) {
    this.doc = doc;
    const rgb = parseHex(input.brand.accent);
    this.accent = tint(rgb, 1);
    this.shade = tint(rgb, 0.1);

    // The page count is unknown until the end, so room is kept for a generous label on every page.
    const labelRoom = this.measure(input.pageLabel(999, 999), style.footer) + 16;
    this.footerLines = this.wrap(input.footer, style.footer, CONTENT_WIDTH - labelRoom);
    this.footerTop = A4_HEIGHT - MARGIN_BOTTOM - this.footerLines.length * lineHeight(style.footer);
    this.bodyBottom = this.footerTop - 22;

    const half = CONTENT_WIDTH / 2 - 8;
    const left = this.wrap(`${input.title} ${input.number}`, style.running, half);
    const right = this.wrap(input.brand.name, style.running, half);
    const height = Math.max(left.length, right.length) * lineHeight(style.running) + 4 + 16;
    this.runningHead = { left, right, height };

    this.widths = this.columnWidths();
  }

  /**
   * Relative widths shared out over the page, but never narrower than a column's header's widest
   * word: a short header ("Pos.", "Qty") in a narrow column would otherwise break mid-word. Columns
   * held at that minimum leave the rest of the width to the others, in their proportions.
   */
  private columnWidths(): number[] {
    const { columns } = this.input;
    const least = columns.map(
      (c) =>
        Math.max(0, ...c.header.split(/\s+/).map((word) => this.measure(word, style.tableHead))) +
        2 * CELL_PAD_X +
        0.5,
    );
    const held = new Set<number>();
    for (;;) {
      const free = CONTENT_WIDTH - [...held].reduce((sum, i) => sum + (least[i] ?? 0), 0);
      const weight = columns.reduce((sum, c, i) => (held.has(i) ? sum : sum + c.width), 0);
      const widths = columns.map((c, i) => (held.has(i) ? (least[i] ?? 0) : (c.width / weight) * free));
      const short = widths.findIndex((w, i) => !held.has(i) && w < (least[i] ?? 0));
      if (short === -1 || held.size === columns.length - 1) return widths;
      held.add(short);
    }
  }

  measure(text: string, s: TextStyle): number {
    return this.doc.font(s.font).fontSize(s.size).widthOfString(text);
  }

  /**
   * Own line breaking instead of pdfkit's: pdfkit adds pages on its own when text crosses the bottom
   * margin, which would break repeated table headers and footers written into the margin afterwards.
   */
  wrap(text: string, s: TextStyle, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = "";
      for (const word of paragraph.split(/ +/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.measure(candidate, s) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = word;
        // IBANs, URLs and long compound words can be wider than a column: break between graphemes.
        while (this.measure(line, s) > width) {
          let head = "";
          for (const { segment } of graphemes.segment(line)) {
            if (head && this.measure(head + segment, s) > width) break;
            head += segment;
          }
          lines.push(head);
          line = line.slice(head.length);
        }
      }
      lines.push(line);
    }
    return lines;
  }

  write(text: string, x: number, y: number, s: TextStyle, align: Align = "left", width = 0): void {
    // measure() also selects the font, so it must run for left-aligned text too.
    const textWidth = this.measure(text, s);
    const dx = align === "right" ? x + width - textWidth : x;
    this.doc.fillColor(s.color).text(text, dx, y, { lineBreak: false });
  }

  writeLines(lines: string[], x: number, y: number, s: TextStyle, align: Align = "left", width = 0): number {
    lines.forEach((line, i) => this.write(line, x, y + i * lineHeight(s), s, align, width));
    return lines.length * lineHeight(s);
  }

  rule(y: number, color: string, thickness: number, x = MARGIN_X, width = CONTENT_WIDTH): void {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(thickness)
      .strokeColor(color)
      .stroke();
  }

  fits(height: number): boolean {
    return this.y + height <= this.bodyBottom;
  }

  /** Continuation pages get a slim running head so a loose page still says what it belongs to. */
  newPage(): void {
    this.doc.addPage();
    const { left, right, height } = this.runningHead;
    const half = CONTENT_WIDTH / 2 - 8;
    this.y = MARGIN_TOP;
    this.writeLines(left, MARGIN_X, this.y, style.running);
    this.writeLines(right, MARGIN_X + CONTENT_WIDTH - half, this.y, style.running, "right", half);
    this.rule(this.y + height - 16, this.accent, 0.75);
    this.y += height;
  }

  ensure(height: number): void {
    if (!this.fits(height)) this.newPage();
  }

  letterhead(): void {
    const { brand } = this.input;
    const leftWidth = CONTENT_WIDTH * 0.55;
    const rightWidth = CONTENT_WIDTH - leftWidth - 16;
    let left = this.writeLines(this.wrap(brand.name, style.brand, leftWidth), MARGIN_X, this.y, style.brand);
    if (brand.legalName && brand.legalName !== brand.name) {
      const legal = this.wrap(brand.legalName, style.brandSmall, leftWidth);
      left += this.writeLines(legal, MARGIN_X, this.y + left, style.brandSmall);
    }
    const address = brand.lines.flatMap((l) => this.wrap(l, style.brandSmall, rightWidth));
    const right = this.writeLines(
      address,
      MARGIN_X + CONTENT_WIDTH - rightWidth,
      this.y,
      style.brandSmall,
      "right",
      rightWidth,
    );
    this.y += Math.max(left, right) + 8;
    this.rule(this.y, this.accent, 1.5);
    this.y += 22;
  }

  heading(): void {
    const { title, number, meta } = this.input;
    const metaWidth = meta.length ? 230 : 0;
    const labelWidth = 92;
    const valueWidth = metaWidth - labelWidth - 8;
    const leftWidth = CONTENT_WIDTH - metaWidth - (metaWidth ? 24 : 0);

    // A long compound title ("Baugruppenspezifikation") is set smaller rather than broken mid-word.
    const widest = Math.max(...title.split(/\s+/).map((word) => this.measure(word, style.title)));
    const titleStyle =
      widest <= leftWidth
        ? style.title
        : { ...style.title, size: Math.max(14, Math.floor((style.title.size * leftWidth) / widest)) };
    let left = this.writeLines(this.wrap(title, titleStyle, leftWidth), MARGIN_X, this.y, titleStyle);
    left +=
      2 +
      this.writeLines(this.wrap(number, style.number, leftWidth), MARGIN_X, this.y + left + 2, style.number);
    if (this.input.subject) {
      const subject = this.wrap(this.input.subject, style.subject, leftWidth);
      left += 6 + this.writeLines(subject, MARGIN_X, this.y + left + 6, style.subject);
    }

    const metaX = MARGIN_X + CONTENT_WIDTH - metaWidth;
    let right = 0;
    for (const { label, value } of meta) {
      const labelLines = this.wrap(label, style.metaLabel, labelWidth);
      const valueLines = this.wrap(value, style.metaValue, valueWidth);
      const h = Math.max(
        this.writeLines(labelLines, metaX, this.y + right, style.metaLabel),
        this.writeLines(valueLines, metaX + labelWidth + 8, this.y + right, style.metaValue),
      );
      right += h + 2;
    }
    this.y += Math.max(left, right) + 24;
  }

  parties(): void {
    const { parties } = this.input;
    const gap = 24;
    const width = (CONTENT_WIDTH - gap) / 2;
    const headingStyle = { ...style.tableHead, size: 8, color: this.accent };
    for (let i = 0; i < parties.length; i += 2) {
      const pair = parties.slice(i, i + 2).map((p) => ({
        heading: this.wrap(p.heading, headingStyle, width),
        lines: p.lines.flatMap((l) => this.wrap(l, style.partyLine, width)),
      }));
      const blockHeight = (p: { heading: string[]; lines: string[] }): number =>
        p.heading.length * lineHeight(headingStyle) + 6 + p.lines.length * lineHeight(style.partyLine);
      this.ensure(Math.max(...pair.map(blockHeight)));
      const heights = pair.map((p, col) => {
        const x = MARGIN_X + col * (width + gap);
        const h = this.writeLines(p.heading, x, this.y, headingStyle);
        this.rule(this.y + h + 2, HAIRLINE, 0.5, x, width);
        return h + 6 + this.writeLines(p.lines, x, this.y + h + 6, style.partyLine);
      });
      this.y += Math.max(...heights) + 20;
    }
  }

  private cellLines(cells: string[], s: TextStyle): string[][] {
    return cells.map((cell, i) => this.wrap(cell, s, (this.widths[i] ?? 0) - 2 * CELL_PAD_X));
  }

  private drawCells(lines: string[][], from: number, count: number, s: TextStyle): void {
    let x = MARGIN_X;
    lines.forEach((cell, i) => {
      const width = this.widths[i] ?? 0;
      const align = this.input.columns[i]?.align ?? "left";
      const slice = cell.slice(from, from + count);
      this.writeLines(slice, x + CELL_PAD_X, this.y + CELL_PAD_Y, s, align, width - 2 * CELL_PAD_X);
      x += width;
    });
  }

  private tableHeader(lines: string[][]): void {
    const rows = Math.max(1, ...lines.map((c) => c.length));
    const h = rows * lineHeight(style.tableHead) + 2 * CELL_PAD_Y;
    this.doc.rect(MARGIN_X, this.y, CONTENT_WIDTH, h).fillColor(this.shade).fill();
    this.drawCells(lines, 0, rows, style.tableHead);
    this.y += h;
  }

  table(): void {
    const { columns, rows } = this.input;
    if (!columns.length) return;
    const head = this.cellLines(
      columns.map((c) => c.header),
      style.tableHead,
    );
    const headHeight =
      Math.max(1, ...head.map((c) => c.length)) * lineHeight(style.tableHead) + 2 * CELL_PAD_Y;
    const lh = lineHeight(style.tableBody);
    // A header stranded at the bottom of a page without any row under it is useless.
    this.ensure(headHeight + lh + 2 * CELL_PAD_Y);
    this.tableHeader(head);
    let pageTop = this.y;
    const freshCapacity = Math.floor((this.bodyBottom - this.freshBodyTop(headHeight) - 2 * CELL_PAD_Y) / lh);

    for (const row of rows) {
      const lines = this.cellLines(row, style.tableBody);
      const total = Math.max(1, ...lines.map((c) => c.length));
      let start = 0;
      while (start < total) {
        const remaining = total - start;
        const fitHere = Math.floor((this.bodyBottom - this.y - 2 * CELL_PAD_Y) / lh);
        const wholeRowMoves = remaining <= freshCapacity || fitHere < MIN_SPLIT_LINES;
        if (remaining > fitHere && wholeRowMoves && this.y > pageTop) {
          this.newPage();
          this.tableHeader(head);
          pageTop = this.y;
          continue;
        }
        const take = Math.min(remaining, Math.max(fitHere, 1));
        this.drawCells(lines, start, take, style.tableBody);
        this.y += take * lh + 2 * CELL_PAD_Y;
        this.rule(this.y, HAIRLINE, 0.5);
        start += take;
        if (start < total) {
          this.newPage();
          this.tableHeader(head);
          pageTop = this.y;
        }
      }
    }
    this.y += 14;
  }

  /** Where the first body row starts on a continuation page, to know which rows can move there whole. */
  private freshBodyTop(headHeight: number): number {
    return MARGIN_TOP + this.runningHead.height + headHeight;
  }

  totals(): void {
    const { totals } = this.input;
    if (!totals.length) return;
    const width = Math.min(TOTALS_WIDTH, CONTENT_WIDTH);
    const x = MARGIN_X + CONTENT_WIDTH - width;
    const labelWidth = width * 0.58;
    const valueWidth = width - labelWidth - 8;
    const laid = totals.map((t) => {
      const s = t.emphasis ? style.totalEmphasis : style.totalLabel;
      const v = t.emphasis ? style.totalEmphasis : style.totalValue;
      const label = this.wrap(t.label, s, labelWidth);
      const value = this.wrap(t.value, v, valueWidth);
      const h =
        Math.max(label.length * lineHeight(s), value.length * lineHeight(v)) + (t.emphasis ? 8 : 0) + 4;
      return { t, s, v, label, value, h };
    });
    // Totals are read as one unit; splitting them over two pages invites misreading the amount due.
    this.ensure(laid.reduce((sum, r) => sum + r.h, 0));
    for (const { t, s, v, label, value, h } of laid) {
      let top = this.y;
      if (t.emphasis) {
        this.rule(top + 2, this.accent, 1, x, width);
        top += 8;
      }
      this.writeLines(label, x, top, s);
      this.writeLines(value, x + labelWidth + 8, top, v, "right", valueWidth);
      this.y += h;
    }
    this.y += 16;
  }

  images(): void {
    const images = this.input.images ?? [];
    const perRow = Math.min(2, images.length);
    if (perRow === 0) return;
    const slot = (CONTENT_WIDTH - IMAGE_GAP * (perRow - 1)) / perRow;
    const lh = lineHeight(style.note);
    for (let first = 0; first < images.length; first += perRow) {
      const row = images.slice(first, first + perRow).map((image) => {
        const { width, height } = pngSize(image.png);
        const scale = Math.min(slot / width, IMAGE_MAX_HEIGHT / height);
        return {
          ...image,
          w: width * scale,
          h: height * scale,
          caption: this.wrap(image.caption, style.note, slot),
        };
      });
      const imageHeight = Math.max(...row.map((image) => image.h));
      const captionHeight = Math.max(...row.map((image) => image.caption.length)) * lh;
      this.ensure(imageHeight + 6 + captionHeight);
      row.forEach((image, i) => {
        const x = MARGIN_X + i * (slot + IMAGE_GAP);
        // Left-aligned like the caption under it; a row of two sits on one baseline.
        this.doc.image(image.png, x, this.y + imageHeight - image.h, {
          width: image.w,
          height: image.h,
        });
        this.writeLines(image.caption, x, this.y + imageHeight + 6, style.note, "left", slot);
      });
      this.y += imageHeight + 6 + captionHeight + 12;
    }
    this.y += 4;
  }

  notes(): void {
    const lh = lineHeight(style.note);
    for (const note of this.input.notes) {
      for (const line of this.wrap(note, style.note, CONTENT_WIDTH)) {
        this.ensure(lh);
        this.write(line, MARGIN_X, this.y, style.note);
        this.y += lh;
      }
      this.y += 6;
    }
  }

  footers(): void {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = 0; i < count; i++) {
      this.doc.switchToPage(start + i);
      this.rule(this.footerTop - 8, HAIRLINE, 0.5);
      this.writeLines(this.footerLines, MARGIN_X, this.footerTop, style.footer);
      const label = this.input.pageLabel(i + 1, count);
      this.write(label, MARGIN_X, this.footerTop, style.footer, "right", CONTENT_WIDTH);
    }
  }
}

function validate(input: PdfDocumentInput): void {
  for (const c of input.columns) {
    if (!(Number.isFinite(c.width) && c.width > 0)) {
      throw new RangeError(`column "${c.header}" needs a positive width, got ${c.width}`);
    }
  }
  input.rows.forEach((row, i) => {
    if (row.length !== input.columns.length) {
      throw new RangeError(`row ${i} has ${row.length} cells but there are ${input.columns.length} columns`);
    }
  });
}

/** Renders a branded A4 business document (quote, invoice, delivery note…) from pre-translated strings. */
export async function renderDocumentPdf(input: PdfDocumentInput): Promise<Buffer> {
  validate(input);
  const createdAt = input.createdAt ?? new Date();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN_TOP, bottom: MARGIN_BOTTOM, left: MARGIN_X, right: MARGIN_X },
    bufferPages: true,
    // Passing our font here keeps pdfkit from loading Helvetica as its initial font.
    font: FONT_REGULAR,
    lang: input.language,
    displayTitle: true,
    pdfVersion: "1.7",
    info: {
      Title: `${input.title} ${input.number}`,
      Author: input.metadata?.author ?? input.brand.legalName,
      ...(input.metadata?.subject ? { Subject: input.metadata.subject } : {}),
      Creator: input.brand.name,
      CreationDate: createdAt,
      ModDate: createdAt,
    },
  });

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const c = new Composer(input, doc);
  c.letterhead();
  c.heading();
  c.parties();
  c.table();
  c.totals();
  c.images();
  c.notes();
  c.footers();
  doc.end();
  return done;
}
