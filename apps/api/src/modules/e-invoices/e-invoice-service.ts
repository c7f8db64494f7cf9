import {
  FormatFactoryService,
  invoiceSchema,
  ValidationService,
  type EInvoiceFormat,
  type Invoice,
  type Logger,
} from "@e-invoice-eu/core";
import { Ajv2019, type ValidateFunction } from "ajv/dist/2019.js";
import { siteConfig } from "@ems/config/site";
import type { DocumentTexts } from "../documents/document-texts.ts";
import { eInvoiceData, type EInvoiceInput } from "./e-invoice-data.ts";

/**
 * E-invoices (docs/decisions/0019-e-invoices.md): every invoice and credit note as EN 16931 data, in
 * the two syntaxes the standard allows, written by @e-invoice-eu/core from one mapping:
 * - Factur-X/ZUGFeRD, profile EN 16931: the printed PDF turned into PDF/A-3 with the CII XML inside
 *   as `factur-x.xml` (what a customer downloads and mails carry);
 * - XRechnung UBL: the XML alone, for buyers (German public bodies first) who must receive it.
 * The library validates the data against its schema first and throws on a violation.
 */

const FACTUR_X = "Factur-X-EN16931";
const XRECHNUNG_UBL = "XRECHNUNG-UBL";
const CII = "CII";

/** The library reports schema violations through its logger and then throws them: the throw is enough. */
const quiet: Logger = { log: () => {}, warn: () => {}, error: () => {} };

/**
 * The library's InvoiceService.generate, with the schema compiled once per format: it builds a new
 * Ajv and compiles the whole EN 16931 schema on every call (about a second of blocked event loop
 * per invoice), so validation is done here with a validator kept for the process, then the same
 * steps: defaults filled in, then the format written.
 */
const validators = new Map<string, ValidateFunction<Invoice>>();

function validatorFor(format: string, formatter: EInvoiceFormat): ValidateFunction<Invoice> {
  let validator = validators.get(format);
  if (!validator) {
    const schema = structuredClone(invoiceSchema);
    formatter.patchSchema(schema);
    validator = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
    validators.set(format, validator);
  }
  return validator;
}

function generate(input: EInvoiceInput, options: { format: string; pdf?: Buffer; language?: string }) {
  const factory = new FormatFactoryService();
  const formatter = factory.createFormatService(options.format, quiet);
  const format = factory.normalizeFormat(options.format);
  // useDefaults writes into the data validated, so it gets a copy of its own.
  const invoice = new ValidationService(quiet).validate(
    "invoice data",
    validatorFor(format, formatter),
    structuredClone(eInvoiceData(input)),
  );
  formatter.fillInvoiceDefaults(invoice);
  return formatter.generate(invoice, {
    format,
    lang: options.language ?? "en",
    noWarnings: true,
    ...(options.pdf ? { pdf: pdfFile(input, options.pdf) } : {}),
  });
}

const pdfFile = (input: EInvoiceInput, pdf: Buffer) => ({
  buffer: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength),
  filename: `${input.number}.pdf`,
  mimetype: "application/pdf",
});

/**
 * @e-invoice-eu/core 2.x writes the CII's preceding invoice (BG-3, `ram:InvoiceReferencedDocument`)
 * from `cbc:ID` and `cbc:IssueDate` directly under `cac:BillingReference`, where its own schema (and
 * UBL) put them under `cac:InvoiceDocumentReference`, so a credit note's CII lost its invoice
 * (gflohr/e-invoice-eu#455, fixed in 3.0.0, which the registry does not offer yet). After the
 * library validated the data, its Factur-X formatter gets them where that version reads them, the
 * date as the CII's YYYYMMDD (that version copies it unconverted).
 */
async function facturXWithPrecedingInvoice(
  input: EInvoiceInput,
  pdf: Buffer,
  language: string,
): Promise<string | Uint8Array> {
  await generate(input, { format: CII, language });
  const data = eInvoiceData(input);
  const references = data["ubl:Invoice"]["cac:BillingReference"] ?? [];
  const patched = {
    "ubl:Invoice": {
      ...data["ubl:Invoice"],
      "cac:BillingReference": references.map((reference) => {
        const { "cbc:ID": id, "cbc:IssueDate": issued } = reference["cac:InvoiceDocumentReference"];
        // Written as is into a date of format 102.
        return {
          ...reference,
          "cbc:ID": id,
          ...(issued ? { "cbc:IssueDate": issued.replaceAll("-", "") } : {}),
        };
      }),
    },
  } as Invoice;
  const formatter = new FormatFactoryService().createFormatService(FACTUR_X, quiet);
  formatter.fillInvoiceDefaults(patched);
  return formatter.generate(patched, {
    format: FACTUR_X,
    lang: language,
    noWarnings: true,
    pdf: pdfFile(input, pdf),
  });
}

/** The printed document `pdf` as a Factur-X (EN 16931 profile) PDF/A-3 with its CII XML embedded. */
export async function facturXPdf(pdf: Buffer, input: EInvoiceInput, language = "en"): Promise<Buffer> {
  const result = input.preceding_invoice
    ? await facturXWithPrecedingInvoice(input, pdf, language)
    : await generate(input, { format: FACTUR_X, pdf, language });
  if (typeof result === "string") throw new TypeError("Factur-X generation answered XML, not a PDF");
  return Buffer.from(result.buffer, result.byteOffset, result.byteLength);
}

/** The document as XRechnung UBL XML (an Invoice, or a CreditNote for a credit note). */
export async function ublXml(input: EInvoiceInput): Promise<string> {
  const result = await generate(input, { format: XRECHNUNG_UBL });
  if (typeof result !== "string") throw new TypeError("XRechnung generation answered bytes, not XML");
  return result;
}

/** The operator as the seller of every e-invoice (packages/config site configuration). */
export function operatorAsSeller(texts: DocumentTexts): EInvoiceInput["seller"] {
  const { legal } = siteConfig;
  return {
    legal_name: siteConfig.brand.legalName,
    trading_name: siteConfig.brand.name,
    address: {
      street: legal.postalAddress.street,
      postal_code: legal.postalAddress.postalCode,
      city: legal.postalAddress.city,
      country: legal.postalAddress.country,
    },
    vat_id: legal.vatId,
    legal_information: texts.t("footer_legal", {
      directors: legal.managingDirectors.join(", "),
      register: legal.register,
      holder: legal.bank.holder,
      iban: legal.bank.iban,
      bic: legal.bank.bic,
    }),
    email: siteConfig.contact.email,
    phone: siteConfig.contact.phone,
  };
}

export type { EInvoiceInput };
