import {
  type CreditNote,
  type CreditNoteCreate,
  type CreditNoteListQuery,
  type CreditNotePage,
  type StaffCreditNote,
  type StaffCreditNoteListQuery,
  type StaffCreditNotePage,
} from "@ems/contracts/credit-notes";
import { taxOf } from "@ems/contracts/money";
import { rolesWith } from "@ems/contracts/permissions";
import { todayIso } from "@ems/contracts/reference";
import type { DocumentLineSnapshot } from "@ems/db/schema";
import { notFound } from "../../lib/app-error.ts";
import { searchOf } from "../../lib/list-query.ts";
import { recordActivity } from "../activity/activity-service.ts";
import { documentTexts } from "../documents/document-texts.ts";
import {
  companyRecipients,
  conflict,
  mailEach,
  nextDocumentNumber,
  type DocumentContext,
} from "../documents/documents-service.ts";
import { facturXPdf, ublXml, type EInvoiceInput } from "../e-invoices/e-invoice-service.ts";
import {
  eInvoiceBuyerEmail,
  lockInvoiceForPayment,
  settleInvoice,
  type InvoiceRow,
} from "../invoices/invoices-service.ts";
import { closeAnnouncedTransfer } from "../payments/payments-service.ts";
import { creditNoteEInvoiceInput } from "./credit-note-e-invoice.ts";
import { renderCreditNotePdf } from "./credit-note-pdf.ts";
import {
  findCreditNote,
  insertCreditNote,
  invoiceCreditNotes,
  listCreditNotes,
  type CreditNoteRecord,
  type CreditNoteRow,
} from "./credit-notes-repository.ts";

function creditNoteDto(record: CreditNoteRecord): CreditNote {
  const { creditNote } = record;
  return {
    id: creditNote.id,
    number: creditNote.number,
    invoice_id: creditNote.invoiceId,
    invoice_number: record.invoiceNumber,
    invoice_issued_on: record.invoiceIssuedOn,
    order_number: record.orderNumber,
    reason: creditNote.reason,
    currency: creditNote.currency,
    tax_rate_bp: creditNote.taxRateBp,
    tax_treatment: creditNote.taxTreatment,
    customer_vat_id: creditNote.customerVatId,
    billing_address: creditNote.billingAddress,
    lines: creditNote.lines.map((line) => ({
      position: line.position,
      description: line.description,
      quantity: line.quantity,
      unit_price_minor: line.unit_price_minor,
      amount_minor: line.amount_minor,
    })),
    subtotal_minor: creditNote.subtotalMinor,
    tax_minor: creditNote.taxMinor,
    total_minor: creditNote.totalMinor,
    issued_on: creditNote.issuedOn,
    created_at: creditNote.createdAt.toISOString(),
  };
}

const staffCreditNoteDto = (record: CreditNoteRecord): StaffCreditNote => ({
  ...creditNoteDto(record),
  company_id: record.creditNote.companyId,
  company_name: record.companyName,
});

// Credit note: getAll (docs/behaviour/billing.md#credit-notes)

export async function creditNotesPage(
  ctx: DocumentContext,
  query: CreditNoteListQuery,
): Promise<CreditNotePage> {
  const { rows, total } = await listCreditNotes(ctx.db, {
    companyId: ctx.tenant,
    invoiceId: query.invoice_id,
    ...searchOf(query),
  });
  return { items: rows.map(creditNoteDto), page: query.page, page_size: query.page_size, total };
}

export async function staffCreditNotesPage(
  ctx: DocumentContext,
  query: StaffCreditNoteListQuery,
): Promise<StaffCreditNotePage> {
  const { rows, total } = await listCreditNotes(ctx.db, {
    companyId: query.company_id ?? null,
    invoiceId: query.invoice_id,
    ...searchOf(query),
  });
  return { items: rows.map(staffCreditNoteDto), page: query.page, page_size: query.page_size, total };
}

/** The e-invoice input of a credit note, its texts in `language`, addressed as the invoice's was. */
async function eInvoiceInputOf(
  ctx: DocumentContext,
  record: CreditNoteRecord,
  language: string,
): Promise<EInvoiceInput> {
  const email = await eInvoiceBuyerEmail(ctx.db, record.creditNote.companyId);
  const order = {
    company_name: record.companyName,
    po_number: record.poNumber,
    delivered_on: record.invoiceDeliveredOn,
  };
  return creditNoteEInvoiceInput(creditNoteDto(record), order, email, language);
}

/**
 * The credit note PDF customers and staff download and mails attach: the printed credit note as a
 * Factur-X PDF/A-3 with its EN 16931 XML (type 381) embedded (docs/behaviour/billing.md#e-invoices).
 */
async function pdfOf(ctx: DocumentContext, record: CreditNoteRecord, language: string): Promise<Buffer> {
  const [printed, input] = await Promise.all([
    renderCreditNotePdf(creditNoteDto(record), { name: record.companyName }, language),
    eInvoiceInputOf(ctx, record, language),
  ]);
  return facturXPdf(printed, input, language);
}

async function creditNotePdfFor(
  ctx: DocumentContext,
  id: string,
  companyId: string | null,
  language: string,
): Promise<{ number: string; pdf: Buffer }> {
  const record = await findCreditNote(ctx.db, id, companyId);
  if (!record) throw notFound("No such credit note");
  return { number: record.creditNote.number, pdf: await pdfOf(ctx, record, language) };
}

async function creditNoteXmlFor(
  ctx: DocumentContext,
  id: string,
  companyId: string | null,
  language: string,
): Promise<{ number: string; xml: string }> {
  const record = await findCreditNote(ctx.db, id, companyId);
  if (!record) throw notFound("No such credit note");
  return {
    number: record.creditNote.number,
    xml: await ublXml(await eInvoiceInputOf(ctx, record, language)),
  };
}

/** The company's credit note as XRechnung UBL XML (a CreditNote), its texts in the caller's language. */
export function creditNoteXml(ctx: DocumentContext, id: string): Promise<{ number: string; xml: string }> {
  return creditNoteXmlFor(ctx, id, ctx.tenant, ctx.auth.user.language);
}

/** Any company's credit note as XRechnung UBL XML, for the back office. */
export function staffCreditNoteXml(
  ctx: DocumentContext,
  id: string,
  language = ctx.auth.user.language,
): Promise<{ number: string; xml: string }> {
  return creditNoteXmlFor(ctx, id, null, language);
}

export function creditNotePdf(ctx: DocumentContext, id: string): Promise<{ number: string; pdf: Buffer }> {
  return creditNotePdfFor(ctx, id, ctx.tenant, ctx.auth.user.language);
}

/** Any company's credit note, for the back office, in `language` (default: the staff member's). */
export function staffCreditNotePdf(
  ctx: DocumentContext,
  id: string,
  language = ctx.auth.user.language,
): Promise<{ number: string; pdf: Buffer }> {
  return creditNotePdfFor(ctx, id, null, language);
}

/** What earlier credit notes took back of each position: quantity and amount. */
function creditedByPosition(
  notes: readonly CreditNoteRow[],
): Map<number, { quantity: number; amount: number }> {
  const credited = new Map<number, { quantity: number; amount: number }>();
  for (const line of notes.flatMap((note) => note.lines)) {
    const sum = credited.get(line.position) ?? { quantity: 0, amount: 0 };
    credited.set(line.position, {
      quantity: sum.quantity + line.quantity,
      amount: sum.amount + line.amount_minor,
    });
  }
  return credited;
}

/**
 * The credited lines: each wanted quantity at the invoice line's unit price, never more than was
 * invoiced minus what earlier credit notes took back. The quantity that completes a position
 * credits what is left of its amount, so a line's one-off costs come back with its last unit and
 * the credit notes of a position add up to exactly its amount.
 */
function creditLines(
  invoice: InvoiceRow,
  credited: Map<number, { quantity: number; amount: number }>,
  wanted: CreditNoteCreate["lines"],
): DocumentLineSnapshot[] {
  const left = (line: DocumentLineSnapshot) => line.quantity - (credited.get(line.position)?.quantity ?? 0);
  const asked = wanted
    ? wanted.map(({ position, quantity }) => {
        const line = invoice.lines.find((candidate) => candidate.position === position);
        if (!line) throw notFound(`The invoice has no line ${position}`);
        return { line, quantity };
      })
    : invoice.lines.filter((line) => left(line) > 0).map((line) => ({ line, quantity: left(line) }));

  return asked
    .map(({ line, quantity }) => {
      const remaining = left(line);
      if (remaining <= 0) throw conflict(`Line ${line.position} is credited in full already`);
      if (quantity > remaining)
        throw conflict(
          `Line ${line.position}: at most ${remaining} of ${line.quantity} can still be credited`,
        );
      const amountLeft = line.amount_minor - (credited.get(line.position)?.amount ?? 0);
      return {
        position: line.position,
        description: line.description,
        quantity,
        unit_price_minor: line.unit_price_minor,
        amount_minor:
          quantity === remaining ? amountLeft : Math.min(quantity * line.unit_price_minor, amountLeft),
      };
    })
    .sort((a, b) => a.position - b.position);
}

/**
 * Issues a credit note for (part of) an invoice: the chosen quantities, or everything not yet
 * credited, at the invoice's prices, tax rate and treatment. The invoice's row stays locked until
 * commit, so credit notes (and payments) of one invoice queue and two at once cannot take back more
 * than was invoiced. The CN- number is drawn in the same transaction (gap-free). Once payments and
 * credit notes reach the total the invoice is paid (ADR 0018) and an announced transfer it no longer
 * waits for is closed. Finance and admin users are mailed, with the PDF in their language.
 */
export async function createCreditNote(
  ctx: DocumentContext,
  invoiceId: string,
  input: CreditNoteCreate,
): Promise<StaffCreditNote> {
  const now = new Date();
  const created = await ctx.db.transaction(async (tx) => {
    const locked = await lockInvoiceForPayment(tx, invoiceId);
    if (!locked) throw notFound("No such invoice");
    const { invoice } = locked;
    const earlier = await invoiceCreditNotes(tx, invoice.id);
    const credited = creditedByPosition(earlier);
    const lines = creditLines(invoice, credited, input.lines);
    if (lines.length === 0) throw conflict("Everything of this invoice is credited already");

    const subtotal = lines.reduce((sum, line) => sum + line.amount_minor, 0);
    // The note that credits the rest of the invoice takes back the rest of its tax, so the credit
    // notes of an invoice add up to exactly its total whatever the rounding of the parts.
    const completes = invoice.lines.every(
      (line) =>
        (credited.get(line.position)?.quantity ?? 0) +
          (lines.find((credit) => credit.position === line.position)?.quantity ?? 0) >=
        line.quantity,
    );
    const tax = completes
      ? invoice.taxMinor - earlier.reduce((sum, note) => sum + note.taxMinor, 0)
      : taxOf(subtotal, invoice.taxRateBp);
    if (subtotal + tax <= 0)
      throw conflict("The chosen lines are free of charge: there is nothing to credit");

    const creditNote = await insertCreditNote(tx, {
      companyId: invoice.companyId,
      invoiceId: invoice.id,
      number: await nextDocumentNumber(tx, "credit_note", now),
      reason: input.reason,
      currency: invoice.currency,
      taxRateBp: invoice.taxRateBp,
      taxTreatment: invoice.taxTreatment,
      customerVatId: invoice.customerVatId,
      billingAddress: invoice.billingAddress,
      lines,
      subtotalMinor: subtotal,
      taxMinor: tax,
      totalMinor: subtotal + tax,
      issuedOn: todayIso(now),
      createdByUserId: ctx.auth.user.id,
    });
    const { openMinor, nowPaid } = await settleInvoice(tx, invoice, now);
    const superseded = nowPaid ? await closeAnnouncedTransfer(tx, invoice.id) : null;
    await recordActivity(tx, {
      action: "credit_note.created",
      companyId: invoice.companyId,
      actor: ctx.actor,
      subject: { type: "credit_note", id: creditNote.id },
      details: {
        number: creditNote.number,
        invoice: invoice.number,
        total_minor: creditNote.totalMinor,
        open_minor: openMinor,
        ...(nowPaid ? { invoice_settled: true } : {}),
        ...(superseded ? { superseded_payment: superseded.id } : {}),
      },
      request: ctx.request,
    });
    return creditNote;
  });

  const record = await findCreditNote(ctx.db, created.id, null);
  if (!record) throw notFound("No such credit note");
  await mailCreditNote(ctx, record);
  return staffCreditNoteDto(record);
}

/**
 * Tells the company's payers of the credit note, each with its PDF (the Factur-X) in their language. The credit
 * note exists already: a PDF that cannot be made leaves the mail without it, not the request failed.
 */
async function mailCreditNote(ctx: DocumentContext, record: CreditNoteRecord): Promise<void> {
  const { creditNote } = record;
  const recipients = await companyRecipients(ctx.db, creditNote.companyId, rolesWith("invoices.pay"));
  const pdfs = new Map<string, Buffer | null>();
  for (const locale of new Set(recipients.map((recipient) => documentTexts(recipient.language).locale))) {
    pdfs.set(
      locale,
      await pdfOf(ctx, record, locale).catch((error: unknown) => {
        ctx.request.log.error(
          { err: error, creditNote: creditNote.id },
          "credit note PDF for the mail failed",
        );
        return null;
      }),
    );
  }
  await mailEach(
    ctx,
    recipients,
    "credit_note_issued",
    { page: "my-invoices" },
    (texts) => ({
      number: creditNote.number,
      invoice: record.invoiceNumber,
      total: texts.money(creditNote.totalMinor, creditNote.currency),
      reason: creditNote.reason,
      attached: pdfs.get(texts.locale) ? "yes" : "no",
    }),
    (texts) => {
      const pdf = pdfs.get(texts.locale);
      return pdf
        ? [{ filename: `${creditNote.number}.pdf`, contentType: "application/pdf", content: pdf }]
        : [];
    },
  );
}
