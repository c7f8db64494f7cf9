import type { Invoice } from "@e-invoice-eu/core";
import type { TaxTreatment } from "@ems/contracts/tax";
import { currencyDigits } from "@ems/i18n/format";

/**
 * An invoice or credit note as EN 16931 data (issue 19): the business terms (BT-…) a document of the
 * portal carries, mapped to @e-invoice-eu/core's invoice JSON (UBL element names, `cbc:`/`cac:` keys),
 * from which the library writes the UBL (XRechnung) and CII (Factur-X) syntaxes. This module knows no
 * table or service of the portal: the invoices (and credit notes) module builds the input.
 */

export interface EInvoiceAddress {
  street: string;
  street2?: string | null;
  postal_code: string;
  city: string;
  region?: string | null;
  /** ISO 3166-1 alpha-2 */
  country: string;
}

export interface EInvoiceLine {
  position: number;
  description: string;
  quantity: number;
  unit_price_minor: number;
  amount_minor: number;
}

export interface EInvoiceInput {
  kind: "invoice" | "credit_note";
  number: string;
  /** ISO days */
  issued_on: string;
  due_on: string | null;
  /** The delivery date (BT-72); null while nothing has shipped. */
  delivered_on: string | null;
  currency: string;
  seller: {
    legal_name: string;
    trading_name: string;
    address: EInvoiceAddress;
    vat_id: string;
    /** Register court and number, managing directors: the seller's additional legal information (BT-33). */
    legal_information: string;
    /** Electronic address (BT-34) and contact (BG-6). */
    email: string;
    phone: string;
  };
  buyer: {
    name: string;
    address: EInvoiceAddress;
    /** The attention line of the billing address, as the buyer's contact point (BT-56). */
    contact: string | null;
    vat_id: string | null;
    /** Electronic address (BT-49): where the buyer receives invoices. */
    email: string;
  };
  /** BT-10, which XRechnung requires: the buyer's PO number, else the order number. */
  buyer_reference: string;
  /** BT-13 and BT-14. */
  purchase_order: string | null;
  sales_order: string | null;
  lines: readonly EInvoiceLine[];
  net_minor: number;
  tax_minor: number;
  gross_minor: number;
  tax_treatment: TaxTreatment;
  tax_rate_bp: number;
  /** BG-3: the invoice a credit note corrects. */
  preceding_invoice: { number: string; issued_on: string } | null;
  /** BG-16/BG-17: a SEPA credit transfer to the seller's account; null where nothing is to be paid to it. */
  payment: { iban: string; bic: string; holder: string } | null;
  /** BT-20 in the reader's language. */
  payment_terms: string;
  /** BT-22: free text the printed document also carries (the tax treatment's wording). */
  notes: readonly string[];
}

type UblInvoice = Invoice["ubl:Invoice"];
type CurrencyCode = UblInvoice["cbc:DocumentCurrencyCode"];
type CountryCode =
  UblInvoice["cac:AccountingSupplierParty"]["cac:Party"]["cac:PostalAddress"]["cac:Country"]["cbc:IdentificationCode"];
type VatCategory = UblInvoice["cac:TaxTotal"][0] extends { "cac:TaxSubtotal"?: (infer S)[] }
  ? S extends { "cac:TaxCategory": infer C }
    ? C
    : never
  : never;

/** UNTDID 1001: commercial invoice, credit note. */
const TYPE_CODES = { invoice: "380", credit_note: "381" } as const;
/** UNTDID 4461: SEPA credit transfer. */
const SEPA_CREDIT_TRANSFER = "58";
/** UN/ECE rec. 20: piece. */
const PIECE = "H87";
/** EAS: electronic mail. */
const EMAIL_SCHEME = "EM";

/**
 * The VAT category of a treatment (UNCL 5305) with the exemption reason EN 16931 asks of a 0 % one:
 * reverse charge inside the EU is AE (VATEX-EU-AE, BR-AE-10), an export outside the EU is G
 * (VATEX-EU-G, BR-G-10); a domestic sale and one to an EU customer without a VAT ID are standard
 * rated S at the document's rate (@ems/contracts/tax charges the home rate for both).
 */
export function vatCategoryOf(treatment: TaxTreatment, rateBp: number): VatCategory {
  const scheme = { "cbc:ID": "VAT" };
  switch (treatment) {
    case "reverse_charge":
      return {
        "cbc:ID": "AE",
        "cbc:Percent": "0",
        "cbc:TaxExemptionReasonCode": "VATEX-EU-AE",
        "cbc:TaxExemptionReason": "Reverse charge",
        "cac:TaxScheme": scheme,
      };
    case "export":
      return {
        "cbc:ID": "G",
        "cbc:Percent": "0",
        "cbc:TaxExemptionReasonCode": "VATEX-EU-G",
        "cbc:TaxExemptionReason": "Export outside the EU",
        "cac:TaxScheme": scheme,
      };
    case "domestic":
    case "eu_no_vat_id":
      return { "cbc:ID": "S", "cbc:Percent": percent(rateBp), "cac:TaxScheme": scheme };
  }
}

/** 1900 basis points as "19", 750 as "7.5". */
const percent = (rateBp: number): string => String(rateBp / 100);

/** Integer minor units as a decimal of the currency's digits ("1234.50"), exactly, without floats. */
export function decimalOf(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`not an amount in minor units: ${minor}`);
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? "-" : "";
  const figures = String(Math.abs(minor)).padStart(digits + 1, "0");
  if (digits === 0) return `${sign}${figures}`;
  return `${sign}${figures.slice(0, -digits)}.${figures.slice(-digits)}`;
}

/** A VAT ID carries its country's prefix (BR-CO-9); Greece's is EL. */
function prefixedVatId(vatId: string, country: string): string {
  const id = vatId.replace(/[\s.\-/]/g, "").toUpperCase();
  if (/^[A-Z]{2}/.test(id)) return id;
  return `${country.toUpperCase() === "GR" ? "EL" : country.toUpperCase()}${id}`;
}

function postalAddress(address: EInvoiceAddress) {
  return {
    "cbc:StreetName": address.street,
    ...(address.street2 ? { "cbc:AdditionalStreetName": address.street2 } : {}),
    "cbc:CityName": address.city,
    "cbc:PostalZone": address.postal_code,
    ...(address.region ? { "cbc:CountrySubentity": address.region } : {}),
    "cac:Country": { "cbc:IdentificationCode": address.country.toUpperCase() as CountryCode },
  };
}

/** Thrown for an input EN 16931 forbids, naming the rule, before the library is asked. */
export class EInvoiceInputError extends Error {
  constructor(
    readonly rule: string,
    message: string,
  ) {
    super(`${rule}: ${message}`);
    this.name = "EInvoiceInputError";
  }
}

function check(input: EInvoiceInput): void {
  const lineSum = input.lines.reduce((sum, line) => sum + line.amount_minor, 0);
  if (input.lines.length === 0) throw new EInvoiceInputError("BR-16", "a document needs at least one line");
  if (lineSum !== input.net_minor)
    throw new EInvoiceInputError(
      "BR-CO-10",
      `the lines add up to ${lineSum}, not the net ${input.net_minor}`,
    );
  if (input.net_minor + input.tax_minor !== input.gross_minor)
    throw new EInvoiceInputError("BR-CO-15", "net and tax do not add up to the gross amount");
  if (input.tax_treatment === "reverse_charge" && !input.buyer.vat_id)
    throw new EInvoiceInputError("BR-AE-02", "a reverse-charge document needs the buyer's VAT ID");
  if (input.kind === "credit_note" && !input.preceding_invoice)
    throw new EInvoiceInputError("BR-55", "a credit note names the invoice it corrects");
}

/** The document as @e-invoice-eu/core's invoice JSON; the library validates it against its schema. */
export function eInvoiceData(input: EInvoiceInput): Invoice {
  check(input);
  const currency = input.currency as CurrencyCode;
  const amount = (minor: number) => decimalOf(minor, input.currency);
  const category = vatCategoryOf(input.tax_treatment, input.tax_rate_bp);
  const { seller, buyer } = input;

  const lines = input.lines.map((line): UblInvoice["cac:InvoiceLine"][number] => ({
    "cbc:ID": String(line.position),
    "cbc:InvoicedQuantity": String(line.quantity),
    "cbc:InvoicedQuantity@unitCode": PIECE,
    "cbc:LineExtensionAmount": amount(line.amount_minor),
    "cbc:LineExtensionAmount@currencyID": currency,
    "cac:Item": {
      "cbc:Name": line.description,
      "cac:ClassifiedTaxCategory": {
        "cbc:ID": category["cbc:ID"],
        "cbc:Percent": category["cbc:Percent"] ?? "0",
        "cac:TaxScheme": { "cbc:ID": "VAT" },
      },
    },
    "cac:Price": {
      "cbc:PriceAmount": amount(line.unit_price_minor),
      "cbc:PriceAmount@currencyID": currency,
    },
  }));
  const [first, ...rest] = lines;
  if (!first) throw new EInvoiceInputError("BR-16", "a document needs at least one line");

  const invoice: UblInvoice = {
    "cbc:ID": input.number,
    "cbc:IssueDate": input.issued_on,
    ...(input.due_on ? { "cbc:DueDate": input.due_on } : {}),
    "cbc:InvoiceTypeCode": TYPE_CODES[input.kind],
    ...(input.notes.length > 0 ? { "cbc:Note": [...input.notes] } : {}),
    "cbc:DocumentCurrencyCode": currency,
    "cbc:BuyerReference": input.buyer_reference,
    ...(input.purchase_order || input.sales_order
      ? {
          "cac:OrderReference": {
            ...(input.purchase_order ? { "cbc:ID": input.purchase_order } : {}),
            ...(input.sales_order ? { "cbc:SalesOrderID": input.sales_order } : {}),
          },
        }
      : {}),
    ...(input.preceding_invoice
      ? {
          "cac:BillingReference": [
            {
              "cac:InvoiceDocumentReference": {
                "cbc:ID": input.preceding_invoice.number,
                "cbc:IssueDate": input.preceding_invoice.issued_on,
              },
            },
          ],
        }
      : {}),
    "cac:AccountingSupplierParty": {
      "cac:Party": {
        "cbc:EndpointID": seller.email,
        "cbc:EndpointID@schemeID": EMAIL_SCHEME,
        "cac:PartyName": { "cbc:Name": seller.trading_name },
        "cac:PostalAddress": postalAddress(seller.address),
        "cac:PartyTaxScheme": [
          {
            "cbc:CompanyID": prefixedVatId(seller.vat_id, seller.address.country),
            "cac:TaxScheme": { "cbc:ID": "VAT" },
          },
        ],
        "cac:PartyLegalEntity": {
          "cbc:RegistrationName": seller.legal_name,
          "cbc:CompanyLegalForm": seller.legal_information,
        },
        "cac:Contact": {
          "cbc:Name": seller.legal_name,
          "cbc:Telephone": seller.phone,
          "cbc:ElectronicMail": seller.email,
        },
      },
    },
    "cac:AccountingCustomerParty": {
      "cac:Party": {
        "cbc:EndpointID": buyer.email,
        "cbc:EndpointID@schemeID": EMAIL_SCHEME,
        "cac:PartyName": { "cbc:Name": buyer.name },
        "cac:PostalAddress": postalAddress(buyer.address),
        ...(buyer.vat_id
          ? {
              "cac:PartyTaxScheme": {
                "cbc:CompanyID": prefixedVatId(buyer.vat_id, buyer.address.country),
                "cac:TaxScheme": { "cbc:ID": "VAT" },
              },
            }
          : {}),
        "cac:PartyLegalEntity": { "cbc:RegistrationName": buyer.name },
        ...(buyer.contact ? { "cac:Contact": { "cbc:Name": buyer.contact } } : {}),
      },
    },
    ...(input.delivered_on ? { "cac:Delivery": { "cbc:ActualDeliveryDate": input.delivered_on } } : {}),
    ...(input.payment
      ? {
          "cac:PaymentMeans": [
            {
              "cbc:PaymentMeansCode": SEPA_CREDIT_TRANSFER,
              "cbc:PaymentID": input.number,
              "cac:PayeeFinancialAccount": {
                "cbc:ID": input.payment.iban.replace(/\s/g, ""),
                "cbc:Name": input.payment.holder,
                "cac:FinancialInstitutionBranch": { "cbc:ID": input.payment.bic },
              },
            },
          ],
        }
      : {}),
    "cac:PaymentTerms": { "cbc:Note": input.payment_terms },
    "cac:TaxTotal": [
      {
        "cbc:TaxAmount": amount(input.tax_minor),
        "cbc:TaxAmount@currencyID": currency,
        "cac:TaxSubtotal": [
          {
            "cbc:TaxableAmount": amount(input.net_minor),
            "cbc:TaxableAmount@currencyID": currency,
            "cbc:TaxAmount": amount(input.tax_minor),
            "cbc:TaxAmount@currencyID": currency,
            "cac:TaxCategory": category,
          },
        ],
      },
    ],
    "cac:LegalMonetaryTotal": {
      "cbc:LineExtensionAmount": amount(input.net_minor),
      "cbc:LineExtensionAmount@currencyID": currency,
      "cbc:TaxExclusiveAmount": amount(input.net_minor),
      "cbc:TaxExclusiveAmount@currencyID": currency,
      "cbc:TaxInclusiveAmount": amount(input.gross_minor),
      "cbc:TaxInclusiveAmount@currencyID": currency,
      "cbc:PayableAmount": amount(input.gross_minor),
      "cbc:PayableAmount@currencyID": currency,
    },
    "cac:InvoiceLine": [first, ...rest],
  };
  return { "ubl:Invoice": invoice };
}
