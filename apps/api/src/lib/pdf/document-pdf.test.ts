import { readPdf, type ReadPdf } from "@ems/testing/pdf-text";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { pngSize, renderDocumentPdf, type PdfDocumentInput } from "./document-pdf.ts";

async function render(input: PdfDocumentInput): Promise<{ pdf: Buffer; read: ReadPdf }> {
  const pdf = await renderDocumentPdf(input);
  return { pdf, read: await readPdf(pdf) };
}

/** One page's text (1-based), or every page's. */
function text(read: ReadPdf, page?: number): string {
  return page === undefined ? read.text : (read.pages[page - 1] ?? "");
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
    const { pdf, read } = await render({ ...input, rows: [...input.rows, ...filler] });

    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const all = text(read);
    for (const name of [...Object.values(NAMES), ROMANIAN_PLACES]) expect(all).toContain(name);
    expect(all).toContain("QTN-2026-00042");
    expect(all).toMatch(/Total\s+€ 214\.20/);
    expect(read.pages.length).toBe(2);
    expect(text(read, 1)).toContain("Page 1 / 2");
    expect(text(read, 2)).toContain("Page 2 / 2");
    expect(text(read, 2)).toContain("Northwind Electronics Manufacturing GmbH · HRB 123456");
  });

  it("embeds every font and never falls back to a standard-14 font", async () => {
    const { read } = await render(baseInput());
    expect(read.fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of read.fonts) {
      expect(font.embedded, font.name).toBe(true);
      expect(font.name).toMatch(/NotoSans-(Regular|Bold)/);
      expect(font.name).not.toMatch(/Helvetica|Times|Courier|Symbol|ZapfDingbats/);
    }
  });

  it("sets the title, author and /Lang metadata", async () => {
    const { pdf, read } = await render(baseInput({ metadata: { subject: "Quotation for Electro Brașov" } }));
    expect(read.info.Title).toBe("Quotation QTN-2026-00042");
    expect(read.info.Author).toBe("Northwind Electronics Manufacturing GmbH");
    expect(read.info.Subject).toBe("Quotation for Electro Brașov");
    expect(pdf.toString("latin1")).toContain("/Lang (ro-RO)");
  });

  it("spreads 80 rows over several pages, repeating the header row and keeping every row", async () => {
    const rows = Array.from({ length: 80 }, (_, i) =>
      row(i + 1, `Assembly of board ${i + 1} for ${NAMES.ro}`),
    );
    const { read } = await render(baseInput({ rows }));
    const pages = read.pages.length;
    expect(pages).toBeGreaterThanOrEqual(3);

    const second = text(read, 2);
    expect(second).toMatch(/Pos\.\s+Article\s+Description\s+Quantity\s+Unit price\s+Line total/);
    expect(second).toContain(`Page 2 / ${pages}`);
    expect(second).toContain("Quotation QTN-2026-00042");

    const all = text(read);
    for (let i = 1; i <= 80; i++) {
      expect(all.match(new RegExp(`ART-${String(i).padStart(4, "0")}`, "g")), `row ${i}`).toHaveLength(1);
    }
    for (let p = 1; p <= pages; p++) expect(text(read, p)).toContain(`Page ${p} / ${pages}`);
  });

  it("splits a row taller than a page instead of losing or clipping its text", async () => {
    const tall = Array.from({ length: 90 }, (_, i) => `Step ${i + 1} done.`).join("\n");
    const { read } = await render(baseInput({ rows: [row(1, "Short"), row(2, tall), row(3, "After")] }));
    expect(read.pages.length).toBeGreaterThanOrEqual(2);
    const all = text(read);
    for (let i = 1; i <= 90; i++) expect(all).toContain(`Step ${i} done.`);
    expect(all).toContain("After");
  });

  it("breaks words wider than their column rather than overflowing into the next one", async () => {
    const iban = "DE89370400440532013000DE89370400440532013000";
    // Other cells stay empty so the wrapped fragments are the only text on their lines.
    const { read } = await render(baseInput({ rows: [["", "", iban, "", "", ""]] }));
    const joined = text(read).replace(/\s+/g, "");
    expect(joined).toContain(iban);
    expect(text(read)).not.toContain(iban);
  });

  it("keeps a short header whole in a column narrower than it, taking the room from the others", async () => {
    // 0.4 of 9.4 is about 21 pt, 9 pt inside the padding, less than "Pos." needs: proportional
    // widths alone would split it.
    const columns: PdfDocumentInput["columns"] = [
      { header: "Pos.", width: 0.4, align: "right" },
      { header: "Description", width: 9 },
    ];
    const { read } = await render(baseInput({ columns, rows: [["12", "Sensor board"]] }));
    expect(text(read)).toMatch(/Pos\.\s+Description/);
    expect(text(read)).toMatch(/12\s+Sensor board/);
  });

  it("shows the subject under the number", async () => {
    const { read } = await render(baseInput({ subject: "Sensor boards for Jyväskylä" }));
    const lines = text(read).split("\n");
    const number = lines.findIndex((line) => line.includes("QTN-2026-00042"));
    const subject = lines.findIndex((line) => line.includes("Sensor boards for Jyväskylä"));
    expect(number).toBeGreaterThanOrEqual(0);
    expect(subject).toBeGreaterThan(number);
  });

  it("produces identical bytes for identical input and creation date", async () => {
    const a = await renderDocumentPdf(baseInput());
    const b = await renderDocumentPdf(baseInput());
    expect(a.equals(b)).toBe(true);
  });

  it("shows images after the totals with their captions, each row of two kept on one page", async () => {
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#1f7a3a" } })
        .png()
        .toBuffer();
    const images = [
      { caption: "Top side", png: await png(1200, 800) },
      { caption: "Bottom side (seen from below)", png: await png(1200, 800) },
      { caption: "Panel", png: await png(600, 1400) },
    ];
    // Enough rows that the images start low on a page: the second row of images moves to the next.
    const rows = Array.from({ length: 24 }, (_, i) => row(i + 1, "Board"));
    const { pdf, read } = await render(baseInput({ rows, images }));
    const xobjects = pdf.toString("latin1").match(/\/Subtype \/Image/g) ?? [];
    expect(xobjects).toHaveLength(3);
    const all = text(read);
    expect(all.indexOf("Top side")).toBeGreaterThan(all.indexOf("Total"));
    expect(all).toContain("Bottom side (seen from below)");
    const panelPage = read.pages.findIndex((page) => page.includes("Panel"));
    const topPage = read.pages.findIndex((page) => page.includes("Top side"));
    expect(read.pages[topPage]).toContain("Bottom side");
    expect(panelPage).toBeGreaterThanOrEqual(topPage);

    const without = await renderDocumentPdf(baseInput());
    expect(without.toString("latin1")).not.toContain("/Subtype /Image");
  });

  it("reads a PNG's size and refuses what is not a PNG", async () => {
    const png = await sharp({ create: { width: 321, height: 123, channels: 4, background: "#000000" } })
      .png()
      .toBuffer();
    expect(pngSize(png)).toEqual({ width: 321, height: 123 });
    expect(() => pngSize(Buffer.from("GIF89a not a png at all, really"))).toThrow(/not a PNG/);
  });

  it("rejects rows that do not match the columns and accents that are not hex colours", async () => {
    await expect(renderDocumentPdf(baseInput({ rows: [["only one cell"]] }))).rejects.toThrow(
      /row 0 has 1 cells/,
    );
    const brand = { ...baseInput().brand, accent: "green" };
    await expect(renderDocumentPdf(baseInput({ brand }))).rejects.toThrow(/hex colour/);
  });
});
