import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderDocumentPdf, type PdfDocumentInput } from "./document-pdf.ts";

const dir = mkdtempSync(join(tmpdir(), "document-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a poppler tool; a missing tool must fail loudly, since skipping would hide broken PDFs in CI. */
function poppler(tool: "pdftotext" | "pdffonts" | "pdfinfo", args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: "utf8" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(
        `${tool} not found: install poppler-utils (apt-get install poppler-utils) to run these tests`,
        { cause: error },
      );
    }
    throw error;
  }
}

let fileCount = 0;
async function renderToFile(input: PdfDocumentInput): Promise<{ pdf: Buffer; file: string }> {
  const pdf = await renderDocumentPdf(input);
  const file = join(dir, `doc-${++fileCount}.pdf`);
  writeFileSync(file, pdf);
  return { pdf, file };
}

function text(file: string, page?: number): string {
  const range = page === undefined ? [] : ["-f", String(page), "-l", String(page)];
  return poppler("pdftotext", ["-layout", ...range, file, "-"]);
}

function pageCount(file: string): number {
  const match = /^Pages:\s+(\d+)$/m.exec(poppler("pdfinfo", [file]));
  if (!match?.[1]) throw new Error("pdfinfo printed no page count");
  return Number(match[1]);
}

// Romanian uses comma-below ș ț (U+0219, U+021B), not the cedilla forms that older fonts substitute.
const ROMANIAN = "\u0218tefan \u021aurcanu, Bra\u0219ov, Timi\u0219oara";
const ROMANIAN_PLACES = "\u00centorsura Buz\u0103ului, T\u00e2rgu Mure\u0219, Constan\u021ba";
const NAMES = {
  en: "Sarah Johnson",
  de: "Müller Straße",
  es: "Peña",
  fr: "Françoise Lœb",
  it: "Niccolò Città",
  nl: "Sijbrand Doëlen",
  pt: "João Gonçalves",
  ro: ROMANIAN,
  sv: "Åsa Öberg",
  da: "Jørgen Æbelø",
  no: "Bjørn Østlie, Tromsø",
  fi: "Eero Mäkinen, Jyväskylä",
};

const COLUMNS: PdfDocumentInput["columns"] = [
  { header: "Pos.", width: 0.6, align: "right" },
  { header: "Article", width: 1.4 },
  { header: "Description", width: 4 },
  { header: "Quantity", width: 1, align: "right" },
  { header: "Unit price", width: 1.3, align: "right" },
  { header: "Line total", width: 1.4, align: "right" },
];

function row(i: number, description: string): string[] {
  return [String(i), `ART-${String(i).padStart(4, "0")}`, description, "10", "€ 1.50", "€ 15.00"];
}

function baseInput(overrides: Partial<PdfDocumentInput> = {}): PdfDocumentInput {
  return {
    language: "ro-RO",
    brand: {
      name: "Northwind EMS",
      legalName: "Northwind Electronics Manufacturing GmbH",
      lines: ["Müller Straße 12", "80331 München", "VAT DE123456789"],
      accent: "#15803d",
    },
    title: "Quotation",
    number: "QTN-2026-00042",
    meta: [
      { label: "Date", value: "12.03.2026" },
      { label: "Valid until", value: "11.04.2026" },
    ],
    parties: [
      { heading: "Bill to", lines: [NAMES.ro, NAMES.da, NAMES.sv, NAMES.fr] },
      { heading: "Ship to", lines: [NAMES.pt, NAMES.de, NAMES.es, NAMES.no] },
    ],
    columns: COLUMNS,
    rows: Object.values(NAMES).map((name, i) => row(i + 1, `Assembly for ${name}`)),
    totals: [
      { label: "Subtotal", value: "€ 180.00" },
      { label: "VAT 19 %", value: "€ 34.20" },
      { label: "Total", value: "€ 214.20", emphasis: true },
    ],
    notes: [
      `Prices are valid for 30 days. Plants: ${ROMANIAN_PLACES}.`,
      `Contact: ${NAMES.it}, ${NAMES.nl}, ${NAMES.fi}, ${NAMES.en}`,
    ],
    footer: "Northwind Electronics Manufacturing GmbH · HRB 123456",
    pageLabel: (page, pages) => `Page ${page} / ${pages}`,
    createdAt: new Date("2026-03-12T10:00:00Z"),
    ...overrides,
  };
}

describe("renderDocumentPdf", () => {
  it("renders names from all 12 languages exactly, with number, totals and page labels", async () => {
    // Guards the fixture itself: an editor "fixing" these to cedilla forms would make the test pointless.
    expect(ROMANIAN + ROMANIAN_PLACES).toMatch(/(?=.*\u0218)(?=.*\u0219)(?=.*\u021a)(?=.*\u021b)/);
    expect(ROMANIAN + ROMANIAN_PLACES).not.toMatch(/[\u015e\u015f\u0162\u0163]/);
    // Enough rows to push the totals and notes onto a second page, so the labels count pages for real.
    const filler = Array.from({ length: 26 }, (_, i) => row(100 + i, `Filler ${i}`));
    const input = baseInput();
    const { pdf, file } = await renderToFile({ ...input, rows: [...input.rows, ...filler] });

    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const all = text(file);
    for (const name of [...Object.values(NAMES), ROMANIAN_PLACES]) expect(all).toContain(name);
    expect(all).toContain("QTN-2026-00042");
    expect(all).toMatch(/Total\s+€ 214\.20/);
    expect(pageCount(file)).toBe(2);
    expect(text(file, 1)).toContain("Page 1 / 2");
    expect(text(file, 2)).toContain("Page 2 / 2");
    expect(text(file, 2)).toContain("Northwind Electronics Manufacturing GmbH · HRB 123456");
  });

  it("embeds every font and never falls back to a standard-14 font", async () => {
    const { file } = await renderToFile(baseInput());
    const lines = poppler("pdffonts", [file]).trim().split("\n").slice(2);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      // Columns: name, type (may contain spaces), encoding, emb, sub, uni, object ID, generation.
      const [emb] = line.trim().split(/\s+/).slice(-5);
      expect(emb, line).toBe("yes");
      expect(line).toMatch(/NotoSans-(Regular|Bold)/);
      expect(line).not.toMatch(/Helvetica|Times|Courier|Symbol|ZapfDingbats/);
    }
  });

  it("sets the title, author and /Lang metadata", async () => {
    const { pdf, file } = await renderToFile(
      baseInput({ metadata: { subject: "Quotation for Electro Brașov" } }),
    );
    const info = poppler("pdfinfo", [file]);
    expect(info).toMatch(/^Title:\s+Quotation QTN-2026-00042$/m);
    expect(info).toMatch(/^Author:\s+Northwind Electronics Manufacturing GmbH$/m);
    expect(info).toMatch(/^Subject:\s+Quotation for Electro Brașov$/m);
    expect(pdf.toString("latin1")).toContain("/Lang (ro-RO)");
  });

  it("spreads 80 rows over several pages, repeating the header row and keeping every row", async () => {
    const rows = Array.from({ length: 80 }, (_, i) =>
      row(i + 1, `Assembly of board ${i + 1} for ${NAMES.ro}`),
    );
    const { file } = await renderToFile(baseInput({ rows }));
    const pages = pageCount(file);
    expect(pages).toBeGreaterThanOrEqual(3);

    const second = text(file, 2);
    expect(second).toMatch(/Pos\.\s+Article\s+Description\s+Quantity\s+Unit price\s+Line total/);
    expect(second).toContain(`Page 2 / ${pages}`);
    expect(second).toContain("Quotation QTN-2026-00042");

    const all = text(file);
    for (let i = 1; i <= 80; i++) {
      expect(all.match(new RegExp(`ART-${String(i).padStart(4, "0")}`, "g")), `row ${i}`).toHaveLength(1);
    }
    for (let p = 1; p <= pages; p++) expect(text(file, p)).toContain(`Page ${p} / ${pages}`);
  });

  it("splits a row taller than a page instead of losing or clipping its text", async () => {
    const tall = Array.from({ length: 90 }, (_, i) => `Step ${i + 1} done.`).join("\n");
    const { file } = await renderToFile(
      baseInput({ rows: [row(1, "Short"), row(2, tall), row(3, "After")] }),
    );
    expect(pageCount(file)).toBeGreaterThanOrEqual(2);
    const all = text(file);
    for (let i = 1; i <= 90; i++) expect(all).toContain(`Step ${i} done.`);
    expect(all).toContain("After");
  });

  it("breaks words wider than their column rather than overflowing into the next one", async () => {
    const iban = "DE89370400440532013000DE89370400440532013000";
    // Other cells stay empty so the wrapped fragments are the only text on their lines.
    const { file } = await renderToFile(baseInput({ rows: [["", "", iban, "", "", ""]] }));
    const joined = text(file).replace(/\s+/g, "");
    expect(joined).toContain(iban);
    expect(text(file)).not.toContain(iban);
  });

  it("produces identical bytes for identical input and creation date", async () => {
    const a = await renderDocumentPdf(baseInput());
    const b = await renderDocumentPdf(baseInput());
    expect(a.equals(b)).toBe(true);
  });

  it("rejects rows that do not match the columns and accents that are not hex colours", async () => {
    await expect(renderDocumentPdf(baseInput({ rows: [["only one cell"]] }))).rejects.toThrow(
      /row 0 has 1 cells/,
    );
    const brand = { ...baseInput().brand, accent: "green" };
    await expect(renderDocumentPdf(baseInput({ brand }))).rejects.toThrow(/hex colour/);
  });
});
