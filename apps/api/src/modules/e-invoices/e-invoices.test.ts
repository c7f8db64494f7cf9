import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from "@cantoo/pdf-lib";
import { en16931Errors, en16931Findings, loadEn16931Rules } from "@ems/testing/en16931";
import { embeddedFiles, embeddedXml } from "@ems/testing/pdf-attachments";
import { readPdf } from "@ems/testing/pdf-text";
import { beforeAll, describe, expect, it } from "vitest";
import { renderDocumentPdf } from "../../lib/pdf/document-pdf.ts";
import { decimalOf, eInvoiceData, EInvoiceInputError, type EInvoiceInput } from "./e-invoice-data.ts";
import { facturXPdf, ublXml } from "./e-invoice-service.ts";

const seller: EInvoiceInput["seller"] = {
  legal_name: "Lindqvar Elektronik GmbH",
  trading_name: "Lindqvar Elektronik",
  address: { street: "Hafenweg 4", postal_code: "96052", city: "Bamberg", country: "DE" },
  vat_id: "DE111010009",
  legal_information: "Amtsgericht Bamberg, HRB 0000",
  email: "hello@lindqvar.example",
  phone: "+49 951 000 000",
};

const lines = [
  {
    position: 1,
    description: "PCB assembly, 50 boards",
    quantity: 50,
    unit_price_minor: 1234,
    amount_minor: 61_700,
  },
  {
    position: 0,
    description: "Shipping: DHL Express",
    quantity: 1,
    unit_price_minor: 2_500,
    amount_minor: 2_500,
  },
];

function input(overrides: Partial<EInvoiceInput> = {}): EInvoiceInput {
  return {
    kind: "invoice",
    number: "INV-2026-00042",
    issued_on: "2026-03-02",
    due_on: "2026-04-01",
    delivered_on: "2026-02-27",
    currency: "EUR",
    seller,
    buyer: {
      name: "Beispiel Robotik GmbH",
      address: { street: "Musterstraße 1", postal_code: "80331", city: "München", country: "DE" },
      contact: "Einkauf",
      vat_id: "DE136695976",
      email: "einkauf@robotik.example",
    },
    buyer_reference: "PO-7781",
    purchase_order: "PO-7781",
    sales_order: "SO-2026-00017",
    lines,
    net_minor: 64_200,
    tax_minor: 12_198,
    gross_minor: 76_398,
    tax_treatment: "domestic",
    tax_rate_bp: 1900,
    preceding_invoice: null,
    payment: { iban: "DE02 1203 0000 0000 2020 51", bic: "BYLADEM1001", holder: "Lindqvar Elektronik GmbH" },
    payment_terms: "Payable by 2026-04-01 without deduction.",
    notes: [],
    ...overrides,
  };
}

const reverseCharge = input({
  number: "INV-2026-00043",
  buyer: {
    name: "Svensk Styrning AB",
    address: { street: "Storgatan 12", postal_code: "111 22", city: "Stockholm", country: "SE" },
    contact: null,
    vat_id: "SE556036079301",
    email: "ap@styrning.example",
  },
  tax_treatment: "reverse_charge",
  tax_rate_bp: 0,
  tax_minor: 0,
  gross_minor: 64_200,
  notes: ["Reverse charge: the customer owes the VAT (Art. 196 Directive 2006/112/EC)."],
});

const swissExport = input({
  number: "INV-2026-00044",
  currency: "CHF",
  buyer: {
    name: "Alpen Sensorik AG",
    address: { street: "Bahnhofstrasse 7", postal_code: "8001", city: "Zürich", country: "CH" },
    contact: null,
    vat_id: null,
    email: "kreditoren@alpen.example",
  },
  purchase_order: null,
  buyer_reference: "SO-2026-00018",
  tax_treatment: "export",
  tax_rate_bp: 0,
  tax_minor: 0,
  gross_minor: 64_200,
});

const creditNote = input({
  kind: "credit_note",
  number: "CN-2026-00003",
  issued_on: "2026-03-10",
  due_on: null,
  lines: [lines[0]!],
  net_minor: 61_700,
  tax_minor: 11_723,
  gross_minor: 73_423,
  preceding_invoice: { number: "INV-2026-00042", issued_on: "2026-03-02" },
  payment: null,
  payment_terms: "The amount is refunded to your account.",
});

const cases = [
  ["a domestic invoice at 19 %", input(), "S"],
  ["a reverse-charge invoice to Sweden", reverseCharge, "AE"],
  ["an export invoice to Switzerland", swissExport, "G"],
  ["a credit note", creditNote, "S"],
] as const;

async function printed(number: string): Promise<Buffer> {
  return renderDocumentPdf({
    language: "en",
    brand: {
      name: seller.trading_name,
      legalName: seller.legal_name,
      lines: ["Hafenweg 4"],
      accent: "#15803d",
    },
    title: "Invoice",
    number,
    meta: [],
    parties: [],
    columns: [{ header: "Description", width: 1 }],
    rows: [["PCB assembly"]],
    totals: [],
    notes: [],
    footer: "Lindqvar Elektronik GmbH",
    pageLabel: (page, pages) => `${page}/${pages}`,
  });
}

describe("EN 16931 data (e-invoice-data)", () => {
  it("writes amounts in the currency's digits, exactly", () => {
    expect(decimalOf(76_398, "EUR")).toBe("763.98");
    expect(decimalOf(5, "EUR")).toBe("0.05");
    expect(decimalOf(-1_050, "CHF")).toBe("-10.50");
    expect(decimalOf(1_500, "JPY")).toBe("1500");
  });

  it("maps each tax treatment to its VAT category and exemption reason", () => {
    const category = (data: ReturnType<typeof eInvoiceData>) =>
      data["ubl:Invoice"]["cac:TaxTotal"][0]["cac:TaxSubtotal"]![0]!["cac:TaxCategory"];
    expect(category(eInvoiceData(input()))).toMatchObject({ "cbc:ID": "S", "cbc:Percent": "19" });
    expect(category(eInvoiceData(input({ tax_treatment: "eu_no_vat_id" })))).toMatchObject({ "cbc:ID": "S" });
    expect(category(eInvoiceData(reverseCharge))).toMatchObject({
      "cbc:ID": "AE",
      "cbc:Percent": "0",
      "cbc:TaxExemptionReasonCode": "VATEX-EU-AE",
    });
    expect(category(eInvoiceData(swissExport))).toMatchObject({
      "cbc:ID": "G",
      "cbc:TaxExemptionReasonCode": "VATEX-EU-G",
    });
    const note = eInvoiceData(creditNote)["ubl:Invoice"];
    expect(note["cbc:InvoiceTypeCode"]).toBe("381");
    expect(note["cac:BillingReference"]?.[0]?.["cac:InvoiceDocumentReference"]["cbc:ID"]).toBe(
      "INV-2026-00042",
    );
  });

  it("refuses what EN 16931 forbids before the library is asked, naming the rule", () => {
    const rule = (bad: EInvoiceInput) => {
      try {
        eInvoiceData(bad);
      } catch (error) {
        return error instanceof EInvoiceInputError ? error.rule : String(error);
      }
      return null;
    };
    expect(rule({ ...reverseCharge, buyer: { ...reverseCharge.buyer, vat_id: null } })).toBe("BR-AE-02");
    expect(rule(input({ net_minor: 1 }))).toBe("BR-CO-10");
    expect(rule(input({ gross_minor: 1 }))).toBe("BR-CO-15");
    expect(rule(input({ lines: [], net_minor: 0, tax_minor: 0, gross_minor: 0 }))).toBe("BR-16");
    expect(rule({ ...creditNote, preceding_invoice: null })).toBe("BR-55");
  });
});

describe("e-invoices against the official EN 16931 rules", () => {
  // Compiling the official XSLT takes ~20 s per syntax on a fresh checkout; later runs use the cache.
  beforeAll(() => loadEn16931Rules(), 300_000);

  it("has rules that catch a broken document (the validator is not a no-op)", async () => {
    const xml = (await ublXml(input())).replace(
      /<cbc:PayableAmount currencyID="EUR">763\.98</,
      '<cbc:PayableAmount currencyID="EUR">700.00<',
    );
    expect(await en16931Errors(xml, "ubl")).toEqual([expect.stringMatching(/^BR-CO-16/)]);
  });

  it.each(cases)("%s: XRechnung UBL passes", async (_name, document, category) => {
    const xml = await ublXml(document);
    expect(xml).toContain(document.number);
    expect(xml).toContain(document.kind === "credit_note" ? "<CreditNote" : "<Invoice");
    expect(xml).toContain("urn:xeinkauf.de:kosit:xrechnung_3.0");
    expect(xml).toMatch(new RegExp(`<cac:TaxCategory>\\s*<cbc:ID>${category}</cbc:ID>`));
    expect(await en16931Errors(xml, "ubl")).toEqual([]);
  });

  it.each(cases)("%s: Factur-X PDF/A-3 embeds CII that passes", async (_name, document, category) => {
    const pdf = await facturXPdf(await printed(document.number), document);
    const files = await embeddedFiles(pdf);
    expect([...files.keys()]).toEqual(["factur-x.xml"]);
    const xml = await embeddedXml(pdf);
    expect(xml).toContain("<rsm:CrossIndustryInvoice");
    expect(xml).toContain("urn:cen.eu:en16931:2017");
    expect(xml).toContain(`<ram:CategoryCode>${category}</ram:CategoryCode>`);
    expect(xml).toContain(document.kind === "credit_note" ? "<ram:TypeCode>381" : "<ram:TypeCode>380");
    if (document.preceding_invoice)
      expect(xml).toContain(
        `<ram:IssuerAssignedID>${document.preceding_invoice.number}</ram:IssuerAssignedID>`,
      );
    expect(await en16931Errors(xml, "cii")).toEqual([]);
    // The printed page is still the page: its text reads as before.
    expect((await readPdf(pdf)).text).toContain(document.number);
  });

  it("reports warnings apart from errors", async () => {
    const findings = await en16931Findings(await ublXml(input()), "ubl");
    expect(findings.filter((finding) => finding.flag === "fatal")).toEqual([]);
  });
});

describe("Factur-X as PDF/A-3", () => {
  it("carries the PDF/A-3B identification, an sRGB output intent and the XML as its alternative", async () => {
    const pdf = await facturXPdf(await printed("INV-2026-00042"), input());
    const metadata = pdf.toString("latin1");
    expect(metadata).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(metadata).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
    expect(metadata).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);

    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    const [intent] = doc.catalog.lookup(PDFName.of("OutputIntents"), PDFArray).asArray();
    expect(doc.context.lookup(intent, PDFDict).get(PDFName.of("S"))).toBe(PDFName.of("GTS_PDFA1"));
    const [spec] = doc.catalog.lookup(PDFName.of("AF"), PDFArray).asArray();
    const fileSpec = doc.context.lookup(spec, PDFDict);
    expect(fileSpec.get(PDFName.of("AFRelationship"))).toBe(PDFName.of("Alternative"));
    expect(fileSpec.lookup(PDFName.of("F"), PDFString).decodeText()).toBe("factur-x.xml");
    // Every font program is inside the file (PDF/A-3 6.2.11.4): pdfkit embeds its TrueType subsets.
    const fonts = (await readPdf(pdf)).fonts;
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((font) => font.embedded)).toBe(true);
  });

  it("surfaces the library's schema validation: a broken input fails", async () => {
    const broken = input({ issued_on: "2 March 2026" });
    const schemaError = {
      message: "validation failed",
      errors: [expect.objectContaining({ instancePath: "/ubl:Invoice/cbc:IssueDate", keyword: "pattern" })],
    };
    await expect(ublXml(broken)).rejects.toMatchObject(schemaError);
    await expect(facturXPdf(await printed("X"), broken)).rejects.toMatchObject(schemaError);
  });
});
