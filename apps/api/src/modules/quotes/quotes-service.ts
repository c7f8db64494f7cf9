import type { FastifyRequest } from "fastify";
import { siteConfig } from "@ems/config/site";
import { ERROR_CODES } from "@ems/contracts/errors";
import {
  EDITABLE_QUOTE_STATUSES,
  PRODUCT_CATEGORIES,
  TAX_CHANGEABLE_QUOTE_STATUSES,
  QUOTE_INITIAL_STATUS,
  canTransition,
  quoteLineAmountMinor,
  statusesLeadingTo,
  type QuoteDetail,
  type QuoteLine,
  type QuoteListQuery,
  type QuotePage,
  type QuoteRequest,
  type QuoteStatus,
  type QuoteSummary,
  type StaffQuoteCreate,
  type StaffQuoteDetail,
  type StaffQuoteLine,
  type StaffQuoteListQuery,
  type StaffQuotePage,
} from "@ems/contracts/quotes";
import { todayIso } from "@ems/contracts/reference";
import { grossOf } from "@ems/contracts/money";
import { documentTaxFor, taxRateFor, type TaxOverride, type TaxTreatment } from "@ems/contracts/tax";
import { formatPercentFigure } from "@ems/i18n/format";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import { AppError, notFound } from "../../lib/app-error.ts";
import { searchOf } from "../../lib/list-query.ts";
import { publicLink } from "../../lib/public-url.ts";
import { recordActivity } from "../activity/activity-service.ts";
import { documentTexts } from "../documents/document-texts.ts";
import {
  companyRecipients,
  mailEach,
  nextDocumentNumber,
  type Recipient,
} from "../documents/documents-service.ts";
import type { MailRequest, Mailer } from "../mail/mail-service.ts";
import { deliveryDatesFrom } from "../reference/reference-service.ts";
import {
  assemblySpecReferences,
  referenceAssemblyVersions,
  type AssemblyVersionUse,
} from "../assemblies/assemblies-service.ts";
import {
  companyReader,
  pcbSpecReferences,
  referencePcbVersions,
  staffReader,
  type PcbReader,
  type PcbVersionUse,
} from "../pcbs/pcbs-service.ts";
import { renderQuotePdf } from "./quote-pdf.ts";
import {
  findActiveMember,
  findBillingAddress,
  findCustomerCompany,
  findQuote,
  insertQuote,
  insertQuoteLines,
  listLinesOfQuotes,
  listQuoteLines,
  listQuotes,
  lockQuote,
  markExpiredQuotes,
  replaceQuoteLines,
  setOrderedQuantities,
  updateQuoteIf,
  type NewQuoteLine,
  type QuoteLineRow,
  type QuoteRecord,
  type QuoteRow,
} from "./quotes-repository.ts";
import { can, rolesWith } from "@ems/contracts/permissions";
import type { RequestContext } from "../../plugins/request-context.ts";

export type QuoteContext = Pick<
  RequestContext,
  "db" | "mailer" | "auth" | "tenant" | "actor" | "publicUrl" | "request"
>;

/**
 * A customer's request has quantities but no prices yet; the columns need a lead time, so the
 * express lead time stands in until staff price the line (customers never see it before then).
 */
const REQUEST_LEAD_TIME_DAYS = siteConfig.claims.expressDeliveryDays;

/** Company roles that decide about quotes: decline, ask again, order. */

const blankToNull = (value: string | undefined) => (value === undefined || value === "" ? null : value);
const missing = () => notFound("No such quote");
const wrongState = (status: string, action: string) =>
  new AppError(409, ERROR_CODES.conflict, `A quote in status "${status}" cannot be ${action}`);

// Expiry

/**
 * Open quotes past their validity become Expired, each with one system entry in the activity log.
 * The server's hourly sweep runs it for everyone; changes of a quote (decline, renew, send, order)
 * run it first for the quote's company so they judge the recorded status. Reads never call it: they
 * already show a stale Open quote as Expired. Answers how many quotes expired.
 */
export async function expireQuotes(
  db: Database,
  now: Date = new Date(),
  companyId?: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await markExpiredQuotes(tx, todayIso(now), companyId);
    for (const quote of expired) {
      await recordActivity(tx, {
        action: "quote.expired",
        companyId: quote.companyId,
        actor: null,
        subject: { type: "quote", id: quote.id },
        details: { number: quote.number, valid_until: quote.validUntil },
      });
    }
    return expired.length;
  });
}

// DTOs

/** Staff have priced a quote once someone prepared its lines or it was sent. */
const isPriced = (quote: QuoteRow) => quote.preparedByUserId !== null || quote.sentAt !== null;

/** Customers see prices only of quotes sent to them and not being reworked. */
const customerSeesPrices = (quote: QuoteRow) =>
  quote.sentAt !== null && !(EDITABLE_QUOTE_STATUSES as readonly string[]).includes(quote.status);

function lowestTotal(lines: QuoteLineRow[]): number | null {
  if (lines.length === 0) return null;
  return lines.reduce(
    (sum, line) =>
      sum +
      Math.min(
        ...line.tiers.map((tier) =>
          quoteLineAmountMinor(tier.quantity, tier.unit_price_minor, line.engineeringCostMinor),
        ),
      ),
    0,
  );
}

/**
 * The status on `today`. Reads do not write: an Open quote past its validity reads as Expired at once,
 * and the expiry sweep (hourly, and before any change) records it with its activity-log entry.
 */
export function statusOn(quote: Pick<QuoteRow, "status" | "validUntil">, today: string): QuoteStatus {
  if (quote.status === "Open" && quote.validUntil !== null && quote.validUntil < today) return "Expired";
  return quote.status;
}

function summaryOf(quote: QuoteRow, lines: QuoteLineRow[], withPrices: boolean, today: string): QuoteSummary {
  return {
    id: quote.id,
    number: quote.number,
    title: quote.title,
    status: statusOn(quote, today),
    customer_reference: quote.customerReference,
    currency: quote.currency,
    valid_until: quote.validUntil,
    created_at: quote.createdAt.toISOString(),
    sent_at: quote.sentAt?.toISOString() ?? null,
    line_count: lines.length,
    categories: PRODUCT_CATEGORIES.filter((category) => lines.some((line) => line.category === category)),
    lowest_total_minor: withPrices ? lowestTotal(lines) : null,
  };
}

async function linesOf(
  pcbReader: PcbReader,
  lines: QuoteLineRow[],
  withPrices: boolean,
  today: string,
): Promise<QuoteLine[]> {
  const [dateAfter, specs, assemblies] = await Promise.all([
    deliveryDatesFrom(pcbReader.db, today, withPrices ? lines.map((line) => line.leadTimeDays) : []),
    pcbSpecReferences(
      pcbReader,
      lines.map((line) => line.pcbSpecVersionId),
    ),
    assemblySpecReferences(
      pcbReader,
      lines.map((line) => line.assemblySpecVersionId),
    ),
  ]);
  return lines.map((line) => ({
    id: line.id,
    position: line.position,
    category: line.category,
    description: line.description,
    lead_time_days: withPrices ? line.leadTimeDays : null,
    engineering_cost_minor: withPrices ? line.engineeringCostMinor : null,
    delivery_date: withPrices ? dateAfter(line.leadTimeDays) : null,
    tiers: line.tiers.map((tier) => ({
      quantity: tier.quantity,
      unit_price_minor: withPrices ? tier.unit_price_minor : null,
      total_minor: withPrices
        ? quoteLineAmountMinor(tier.quantity, tier.unit_price_minor, line.engineeringCostMinor)
        : null,
    })),
    ordered_quantity: line.orderedQuantity,
    pcb_spec: (line.pcbSpecVersionId && specs.get(line.pcbSpecVersionId)) || null,
    assembly_spec: (line.assemblySpecVersionId && assemblies.get(line.assemblySpecVersionId)) || null,
  }));
}

async function detailOf(
  pcbReader: PcbReader,
  record: QuoteRecord,
  lines: QuoteLineRow[],
  withPrices: boolean,
  role: string | null,
  now: Date,
): Promise<QuoteDetail> {
  const { quote } = record;
  const today = todayIso(now);
  const decides = can(role, "quotes.decide");
  const status = statusOn(quote, today);
  return {
    ...summaryOf(quote, lines, withPrices, today),
    priced: withPrices,
    request_notes: quote.requestNotes,
    decline_reason: quote.declineReason,
    tax_rate_bp: quote.taxRateBp,
    tax_treatment: quote.taxTreatment,
    customer_vat_id: quote.customerVatId,
    lines: await linesOf(pcbReader, lines, withPrices, today),
    can_order: decides && status === "Open" && quote.validUntil !== null && quote.validUntil >= today,
    can_decline: decides && canTransition(status, "Declined"),
    can_request: decides && canTransition(status, "In Progress"),
  };
}

// Mail

/**
 * Writes mail once the change is committed (delivery follows in the background). A failure is
 * logged, not answered: the change stands, and an error would make the customer repeat a request
 * that already succeeded. Mail that must exist exactly when the change does (a request the operator
 * must hear of) is written in the change's transaction with Mailer.write instead.
 */
export async function sendAll(mailer: Mailer, request: FastifyRequest, mails: MailRequest[]): Promise<void> {
  for (const mail of mails) {
    try {
      await mailer.send(mail);
    } catch (error) {
      request.log.error({ err: error, template: mail.template }, "mail could not be sent");
    }
  }
}

function staffRequestMail(ctx: QuoteContext, quote: QuoteRow, companyName: string): MailRequest {
  return {
    to: siteConfig.contact.email,
    language: "en",
    template: "staff_request",
    values: {
      name: `${siteConfig.brand.name} team`,
      kind: "quote",
      number: quote.number,
      company: companyName,
      title: quote.title,
      url: publicLink(ctx.publicUrl, { page: "staff-quote", params: { quote: quote.id } }, "en"),
    },
  };
}

/** The requester while still an active member, else the company's administrators and buyers. */
async function customerRecipients(db: Database, quote: QuoteRow): Promise<Recipient[]> {
  const requester = quote.requestedByUserId
    ? await findActiveMember(db, quote.companyId, quote.requestedByUserId)
    : null;
  return requester ? [requester] : companyRecipients(db, quote.companyId, rolesWith("quotes.decide"));
}

const quoteLink = (ctx: QuoteContext, quote: QuoteRow, language: string) =>
  publicLink(
    ctx.publicUrl,
    { page: "my-quote", params: { quote: quote.id } },
    documentTexts(language).locale,
  );

// Customer side

async function loadCustomerQuote(ctx: QuoteContext, id: string): Promise<QuoteRecord> {
  const record = await findQuote(ctx.db, id, ctx.tenant);
  if (!record) throw missing();
  return record;
}

async function customerDetail(ctx: QuoteContext, id: string, now = new Date()): Promise<QuoteDetail> {
  const record = await loadCustomerQuote(ctx, id);
  const lines = await listQuoteLines(ctx.db, id);
  return detailOf(
    companyReader(ctx),
    record,
    lines,
    customerSeesPrices(record.quote),
    ctx.auth.user.companyRole,
    now,
  );
}

/**
 * getAll (docs/behaviour/quotes.md#listing-quotes): the company's quotes, filtered, searched, sorted
 * and paginated.
 */
export async function customerQuotePage(ctx: QuoteContext, query: QuoteListQuery): Promise<QuotePage> {
  const today = todayIso();
  const { rows, total } = await listQuotes(ctx.db, {
    companyId: ctx.tenant,
    status: query.status,
    today,
    category: query.category,
    ...searchOf(query),
  });
  const lines = await listLinesOfQuotes(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) =>
      summaryOf(
        row,
        lines.filter((line) => line.quoteId === row.id),
        customerSeesPrices(row),
        today,
      ),
    ),
    page: query.page,
    page_size: query.page_size,
    total,
  };
}

/** One quote as its company sees it (getQuotation, docs/behaviour/quotes.md#reading-a-quote). */
export async function customerQuote(ctx: QuoteContext, id: string): Promise<QuoteDetail> {
  return customerDetail(ctx, id);
}

/** The quotation PDF in the caller's language; only quotes with prices have one. */
export async function customerQuotePdf(
  ctx: QuoteContext,
  id: string,
): Promise<{ number: string; pdf: Buffer }> {
  const record = await loadCustomerQuote(ctx, id);
  if (!customerSeesPrices(record.quote))
    throw new AppError(409, ERROR_CODES.conflict, "This quote has no prices yet: it is still being prepared");
  return { number: record.quote.number, pdf: await quotePdf(ctx.db, record, ctx.auth.user.language) };
}

/** A priced quote's PDF as its company gets it, in `language`. */
async function quotePdf(
  db: Executor,
  record: Pick<QuoteRecord, "quote" | "companyName">,
  language: string,
  lines?: QuoteLineRow[],
): Promise<Buffer> {
  const [quoteLines, billingAddress] = await Promise.all([
    lines ?? listQuoteLines(db, record.quote.id),
    findBillingAddress(db, record.quote.companyId),
  ]);
  return renderQuotePdf({
    quote: record.quote,
    lines: quoteLines,
    // The PDF names the specifications, never links them: whose reader does not matter.
    pcbSpecs: await pcbSpecReferences(
      staffReader(db),
      quoteLines.map((line) => line.pcbSpecVersionId),
    ),
    companyName: record.companyName,
    billingAddress,
    language,
  });
}

/**
 * The quote's PDF as the customer gets it, for the back office: any company's, once it has prices
 * (prepared or sent), in `language` (by default the staff member's own).
 */
export async function staffQuotePdf(
  ctx: QuoteContext,
  id: string,
  language = ctx.auth.user.language,
): Promise<{ number: string; pdf: Buffer }> {
  const record = await findQuote(ctx.db, id);
  if (!record) throw missing();
  if (!isPriced(record.quote))
    throw new AppError(409, ERROR_CODES.conflict, "This quote has no prices yet: save its lines first");
  return { number: record.quote.number, pdf: await quotePdf(ctx.db, record, language) };
}

/**
 * The VAT a new quote of a company carries: by rule from its country and VAT ID, or the treatment
 * staff chose; the rate of today.
 */
function quoteTax(company: { country: string; vatId: string | null }, override?: TaxTreatment) {
  return documentTaxFor(siteConfig.tax, company, todayIso(new Date()), override);
}

/** A customer asks for a quote: it starts In Progress; the requester and the operator are told. */
export async function requestQuote(ctx: QuoteContext, input: QuoteRequest): Promise<QuoteDetail> {
  const quote = await ctx.db.transaction(async (tx) => {
    const company = await findCustomerCompany(tx, ctx.tenant);
    if (!company) throw notFound("No such company");
    const created = await insertQuote(tx, {
      companyId: ctx.tenant,
      number: await nextDocumentNumber(tx, "quote"),
      status: QUOTE_INITIAL_STATUS.request,
      title: input.title,
      customerReference: blankToNull(input.customer_reference),
      requestNotes: blankToNull(input.notes),
      requestedByUserId: ctx.auth.user.id,
      currency: siteConfig.legal.defaultCurrency,
      ...quoteTax(company),
    });
    await referencePcbVersions(tx, ctx.tenant, pcbVersionUses(input.lines), { allowArchived: false });
    await referenceAssemblyVersions(tx, ctx.tenant, assemblyVersionUses(input.lines), {
      allowArchived: false,
    });
    await insertQuoteLines(
      tx,
      created.id,
      input.lines.map((line) => ({
        category: line.category,
        description: line.description,
        pcbSpecVersionId: line.pcb_spec_version_id ?? null,
        assemblySpecVersionId: line.assembly_spec_version_id ?? null,
        tiers: [...line.quantities]
          .sort((a, b) => a - b)
          .map((quantity) => ({ quantity, unit_price_minor: 0 })),
        engineeringCostMinor: 0,
        leadTimeDays: REQUEST_LEAD_TIME_DAYS,
      })),
    );
    await recordActivity(tx, {
      action: "quote.requested",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "quote", id: created.id },
      details: { number: created.number, lines: input.lines.length },
      request: ctx.request,
    });
    // In the request's transaction: the operator hears of every request, and of none that failed.
    const record = await findQuote(tx, created.id, ctx.tenant);
    if (!record) throw missing();
    const user = ctx.auth.user;
    await ctx.mailer.writeAll(tx, [
      {
        to: user.email,
        language: user.language,
        template: "quote_requested",
        values: {
          name: user.firstName,
          number: created.number,
          title: created.title,
          url: quoteLink(ctx, created, user.language),
        },
      },
      staffRequestMail(ctx, created, record.companyName),
    ]);
    return created;
  });
  ctx.mailer.deliverSoon();
  return customerDetail(ctx, quote.id);
}

/** An Open quote is declined with a reason. */
export async function declineQuote(ctx: QuoteContext, id: string, reason: string): Promise<QuoteDetail> {
  const now = new Date();
  await expireQuotes(ctx.db, now, ctx.tenant);
  await ctx.db.transaction(async (tx) => {
    const record = await findQuote(tx, id, ctx.tenant);
    if (!record) throw missing();
    const changed = await updateQuoteIf(
      tx,
      { id, companyId: ctx.tenant, statuses: statusesLeadingTo("Declined") },
      { status: "Declined", declineReason: reason, decidedAt: now },
    );
    if (!changed) throw wrongState(record.quote.status, "declined");
    await recordActivity(tx, {
      action: "quote.declined",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "quote", id },
      details: { number: changed.number, reason },
      request: ctx.request,
    });
  });
  return customerDetail(ctx, id, now);
}

/** A declined or expired quote goes back to the operator (In Progress), who is told. */
export async function renewQuote(ctx: QuoteContext, id: string): Promise<QuoteDetail> {
  const now = new Date();
  await expireQuotes(ctx.db, now, ctx.tenant);
  await ctx.db.transaction(async (tx) => {
    const record = await findQuote(tx, id, ctx.tenant);
    if (!record) throw missing();
    const changed = await updateQuoteIf(
      tx,
      { id, companyId: ctx.tenant, statuses: statusesLeadingTo("In Progress") },
      { status: "In Progress", declineReason: null, decidedAt: null },
    );
    if (!changed) throw wrongState(record.quote.status, "requested again");
    await recordActivity(tx, {
      action: "quote.requested",
      companyId: ctx.tenant,
      actor: ctx.actor,
      subject: { type: "quote", id },
      details: { number: changed.number, renewed_from: record.quote.status },
      request: ctx.request,
    });
    await ctx.mailer.write(tx, staffRequestMail(ctx, changed, record.companyName));
  });
  ctx.mailer.deliverSoon();
  return customerDetail(ctx, id, now);
}

// Back office

async function staffDetail(ctx: QuoteContext, id: string, now = new Date()): Promise<StaffQuoteDetail> {
  const record = await findQuote(ctx.db, id);
  if (!record) throw missing();
  const lines = await listQuoteLines(ctx.db, id);
  const { quote } = record;
  const status = statusOn(quote, todayIso(now));
  const priced = isPriced(quote);
  return {
    ...(await detailOf(staffReader(ctx.db), record, lines, priced, null, now)),
    company_id: quote.companyId,
    company_name: record.companyName,
    requested_by_name: record.requestedByName,
    prepared_by_name: record.preparedByName,
    can_edit_lines: (EDITABLE_QUOTE_STATUSES as readonly string[]).includes(status),
    can_send: canTransition(status, "Open") && priced && lines.length > 0,
    can_mark_lost: canTransition(status, "Lost"),
    can_change_tax: (TAX_CHANGEABLE_QUOTE_STATUSES as readonly string[]).includes(status),
  };
}

/** Every company's quotes for the back office. */
export async function staffQuotePage(ctx: QuoteContext, query: StaffQuoteListQuery): Promise<StaffQuotePage> {
  const today = todayIso();
  const { rows, total } = await listQuotes(ctx.db, {
    companyId: query.company_id,
    status: query.status,
    today,
    category: query.category,
    ...searchOf(query),
  });
  const lines = await listLinesOfQuotes(
    ctx.db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      ...summaryOf(
        row,
        lines.filter((line) => line.quoteId === row.id),
        isPriced(row),
        today,
      ),
      company_id: row.companyId,
      company_name: row.companyName,
    })),
    page: query.page,
    page_size: query.page_size,
    total,
  };
}

export async function staffQuote(ctx: QuoteContext, id: string): Promise<StaffQuoteDetail> {
  return staffDetail(ctx, id);
}

/** The lines' references to PCB specification versions, each with its field in the body. */
const pcbVersionUses = (lines: readonly { pcb_spec_version_id?: string | undefined }[]): PcbVersionUse[] =>
  lines.flatMap((line, i) =>
    line.pcb_spec_version_id
      ? [{ versionId: line.pcb_spec_version_id, field: `lines.${i}.pcb_spec_version_id` }]
      : [],
  );

/** The lines' references to assembly specification versions, each with its field in the body. */
const assemblyVersionUses = (
  lines: readonly { assembly_spec_version_id?: string | undefined }[],
): AssemblyVersionUse[] =>
  lines.flatMap((line, i) =>
    line.assembly_spec_version_id
      ? [{ versionId: line.assembly_spec_version_id, field: `lines.${i}.assembly_spec_version_id` }]
      : [],
  );

const staffLineValues = (lines: StaffQuoteLine[]): NewQuoteLine[] =>
  lines.map((line) => ({
    category: line.category,
    description: line.description,
    pcbSpecVersionId: line.pcb_spec_version_id ?? null,
    assemblySpecVersionId: line.assembly_spec_version_id ?? null,
    leadTimeDays: line.lead_time_days,
    engineeringCostMinor: line.engineering_cost_minor,
    tiers: line.tiers.map((tier) => ({ quantity: tier.quantity, unit_price_minor: tier.unit_price_minor })),
  }));

/** Staff prepare a quote for a customer company; it stays a Draft until sent. */
export async function staffCreateQuote(
  ctx: QuoteContext,
  input: StaffQuoteCreate,
): Promise<StaffQuoteDetail> {
  const company = await findCustomerCompany(ctx.db, input.company_id);
  if (!company) throw notFound("No such customer company");
  const quote = await ctx.db.transaction(async (tx) => {
    const created = await insertQuote(tx, {
      companyId: company.id,
      number: await nextDocumentNumber(tx, "quote"),
      status: QUOTE_INITIAL_STATUS.staff,
      title: input.title,
      customerReference: blankToNull(input.customer_reference),
      preparedByUserId: ctx.auth.user.id,
      currency: input.currency,
      ...quoteTax(company, input.tax_override?.tax_treatment),
      validUntil: input.valid_until,
    });
    if (input.tax_override) {
      await recordActivity(tx, {
        action: "quote.tax_overridden",
        companyId: company.id,
        actor: ctx.actor,
        subject: { type: "quote", id: created.id },
        details: {
          number: created.number,
          treatment: input.tax_override.tax_treatment,
          reason: input.tax_override.reason,
        },
        request: ctx.request,
      });
    }
    await referencePcbVersions(tx, company.id, pcbVersionUses(input.lines), { allowArchived: true });
    await referenceAssemblyVersions(tx, company.id, assemblyVersionUses(input.lines), {
      allowArchived: true,
    });
    await insertQuoteLines(tx, created.id, staffLineValues(input.lines));
    await recordActivity(tx, {
      action: "quote.created",
      companyId: company.id,
      actor: ctx.actor,
      subject: { type: "quote", id: created.id },
      details: { number: created.number, lines: input.lines.length },
      request: ctx.request,
    });
    return created;
  });
  return staffDetail(ctx, quote.id);
}

/** Replaces the lines of a Draft or In Progress quote: this prices a customer's request. */
export async function staffReplaceLines(
  ctx: QuoteContext,
  id: string,
  lines: StaffQuoteLine[],
): Promise<StaffQuoteDetail> {
  await expireQuotes(ctx.db);
  await ctx.db.transaction(async (tx) => {
    const record = await findQuote(tx, id);
    if (!record) throw missing();
    const changed = await updateQuoteIf(
      tx,
      { id, statuses: EDITABLE_QUOTE_STATUSES },
      { preparedByUserId: ctx.auth.user.id },
    );
    if (!changed) throw wrongState(record.quote.status, "edited");
    await referencePcbVersions(tx, changed.companyId, pcbVersionUses(lines), { allowArchived: true });
    await referenceAssemblyVersions(tx, changed.companyId, assemblyVersionUses(lines), {
      allowArchived: true,
    });
    await replaceQuoteLines(tx, id, staffLineValues(lines));
    await recordActivity(tx, {
      action: "quote.lines_updated",
      companyId: changed.companyId,
      actor: ctx.actor,
      subject: { type: "quote", id },
      details: { number: changed.number, lines: lines.length },
      request: ctx.request,
    });
  });
  return staffDetail(ctx, id);
}

/** Sends a priced quote to the customer (→ Open) with a validity. */
export async function staffSendQuote(
  ctx: QuoteContext,
  id: string,
  validUntil: string,
): Promise<StaffQuoteDetail> {
  const now = new Date();
  await expireQuotes(ctx.db, now);
  const sent = await ctx.db.transaction(async (tx) => {
    const record = await findQuote(tx, id);
    if (!record) throw missing();
    const lines = await listQuoteLines(tx, id);
    if (lines.length === 0 || !isPriced(record.quote))
      throw new AppError(409, ERROR_CODES.conflict, "Price the quote's lines before sending it");
    const changed = await updateQuoteIf(
      tx,
      { id, statuses: statusesLeadingTo("Open") },
      {
        status: "Open",
        validUntil,
        sentAt: now,
        decidedAt: null,
        declineReason: null,
        preparedByUserId: record.quote.preparedByUserId ?? ctx.auth.user.id,
      },
    );
    if (!changed) throw wrongState(record.quote.status, "sent");
    await recordActivity(tx, {
      action: "quote.sent",
      companyId: changed.companyId,
      actor: ctx.actor,
      subject: { type: "quote", id },
      details: { number: changed.number, valid_until: validUntil },
      request: ctx.request,
    });
    return { record: { ...record, quote: changed }, lines };
  });
  const { quote } = sent.record;
  const recipients = await customerRecipients(ctx.db, quote);
  const total = lowestTotal(sent.lines) ?? 0;
  const pdfs = new Map<string, Promise<Buffer | null>>();
  // The quote is sent already: a PDF that cannot be made leaves the mail without it, not the request failed.
  const pdfIn = (language: string) => {
    const locale = documentTexts(language).locale;
    if (!pdfs.has(locale))
      pdfs.set(
        locale,
        quotePdf(ctx.db, sent.record, locale, sent.lines).catch((error: unknown) => {
          ctx.request.log.error({ err: error, quote: quote.id }, "quote PDF for the mail failed");
          return null;
        }),
      );
    return pdfs.get(locale)!;
  };
  const mails = await Promise.all(
    recipients.map(async (user): Promise<MailRequest> => {
      const texts = documentTexts(user.language);
      const pdf = await pdfIn(user.language);
      return {
        to: user.email,
        language: user.language,
        template: "quote_sent",
        values: {
          name: user.firstName,
          number: quote.number,
          title: quote.title,
          valid_until: texts.date(validUntil),
          total: texts.money(total, quote.currency),
          // One quantity per line: the total is the quote's; several: what the smallest ones cost.
          range: sent.lines.every((line) => line.tiers.length === 1) ? "single" : "tiers",
          attached: pdf ? "yes" : "no",
          url: quoteLink(ctx, quote, user.language),
        },
        ...(pdf
          ? {
              attachments: [
                { filename: `${quote.number}.pdf`, contentType: "application/pdf", content: pdf },
              ],
            }
          : {}),
      };
    }),
  );
  await sendAll(ctx.mailer, ctx.request, mails);
  return staffDetail(ctx, id, now);
}

/**
 * Staff change the VAT treatment of a quote nobody has ordered yet, with a reason for the activity
 * log. The rate is the treatment's on the quote's date (sent, else made), as a new quote would get.
 * Checked under the row lock, so an order or expiry racing it either waits or is seen. Customers who
 * have the quote's prices are mailed the new lowest total; an unpriced quote tells them when sent.
 */
export async function staffChangeQuoteTax(
  ctx: QuoteContext,
  id: string,
  input: TaxOverride,
): Promise<StaffQuoteDetail> {
  const now = new Date();
  await expireQuotes(ctx.db, now);
  const quote = await ctx.db.transaction(async (tx) => {
    const locked = await lockQuote(tx, id);
    if (!locked) throw missing();
    const status = statusOn(locked, todayIso(now));
    if (!(TAX_CHANGEABLE_QUOTE_STATUSES as readonly string[]).includes(status))
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `The VAT treatment of a quote in status "${status}" cannot change: only Draft, In Progress and Open quotes`,
      );
    if (locked.taxTreatment === input.tax_treatment)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        `The quote's VAT treatment is ${input.tax_treatment} already`,
      );
    const changed = await updateQuoteIf(
      tx,
      { id, statuses: TAX_CHANGEABLE_QUOTE_STATUSES },
      {
        taxTreatment: input.tax_treatment,
        taxRateBp: taxRateFor(
          siteConfig.tax,
          input.tax_treatment,
          todayIso(locked.sentAt ?? locked.createdAt),
        ),
      },
    );
    if (!changed) throw wrongState(locked.status, "changed");
    await recordActivity(tx, {
      action: "quote.tax_overridden",
      companyId: changed.companyId,
      actor: ctx.actor,
      subject: { type: "quote", id },
      details: {
        number: changed.number,
        from: locked.taxTreatment,
        to: changed.taxTreatment,
        rate_bp: changed.taxRateBp,
        reason: input.reason,
      },
      request: ctx.request,
    });
    return changed;
  });
  if (customerSeesPrices(quote)) {
    const lines = await listQuoteLines(ctx.db, id);
    const total = grossOf(lowestTotal(lines) ?? 0, quote.taxRateBp);
    await mailEach(
      ctx,
      await customerRecipients(ctx.db, quote),
      "quote_tax_changed",
      { page: "my-quote", params: { quote: quote.id } },
      (texts) => ({
        number: quote.number,
        title: quote.title,
        treatment: quote.taxTreatment,
        rate: formatPercentFigure(quote.taxRateBp, texts.locale),
        total: texts.money(total, quote.currency),
        range: lines.every((line) => line.tiers.length === 1) ? "single" : "tiers",
      }),
    );
  }
  return staffDetail(ctx, id, now);
}

/** Closes a quote as Lost; customers who knew of it (they asked, or it was sent) are told. */
export async function staffMarkLost(
  ctx: QuoteContext,
  id: string,
  reason: string | undefined,
): Promise<StaffQuoteDetail> {
  const now = new Date();
  await expireQuotes(ctx.db, now);
  const quote = await ctx.db.transaction(async (tx) => {
    const record = await findQuote(tx, id);
    if (!record) throw missing();
    const changed = await updateQuoteIf(
      tx,
      { id, statuses: statusesLeadingTo("Lost") },
      { status: "Lost", decidedAt: now },
    );
    if (!changed) throw wrongState(record.quote.status, "marked lost");
    await recordActivity(tx, {
      action: "quote.lost",
      companyId: changed.companyId,
      actor: ctx.actor,
      subject: { type: "quote", id },
      details: { number: changed.number, reason: reason ?? null },
      request: ctx.request,
    });
    return changed;
  });
  if (quote.requestedByUserId !== null || quote.sentAt !== null) {
    const recipients = await customerRecipients(ctx.db, quote);
    await sendAll(
      ctx.mailer,
      ctx.request,
      recipients.map((user) => ({
        to: user.email,
        language: user.language,
        template: "quote_lost",
        values: { name: user.firstName, number: quote.number, title: quote.title },
      })),
    );
  }
  return staffDetail(ctx, id, now);
}

// Ordering a quote. The orders module places the order; the quote's side of it (reading the quote,
// moving it to Ordered) happens here, so only this module writes quotes (ADR 0011).

export type { QuoteLineRow, QuoteRow };

/** The company's quote, or null when it has none with this id. */
export async function companyQuote(db: Database, id: string, companyId: string): Promise<QuoteRow | null> {
  const record = await findQuote(db, id, companyId);
  return record?.quote ?? null;
}

/** The quote's lines by position. */
export function quoteLinesOf(db: Database, quoteId: string): Promise<QuoteLineRow[]> {
  return listQuoteLines(db, quoteId);
}

/**
 * Inside the order's transaction: moves the quote to Ordered or Partially Ordered with a conditional
 * update (Open, this company, still valid on `today`) and records the ordered quantities. False when
 * the condition did not hold, so of concurrent orders of one quote exactly one wins.
 */
export async function markQuoteOrdered(
  tx: Executor,
  quote: { id: string; companyId: string },
  status: "Ordered" | "Partially Ordered",
  at: { now: Date; today: string },
  lines: { lineId: string; quantity: number }[],
): Promise<boolean> {
  const won = await updateQuoteIf(
    tx,
    { id: quote.id, companyId: quote.companyId, statuses: ["Open"], validOn: at.today },
    { status, decidedAt: at.now },
  );
  if (!won) return false;
  await setOrderedQuantities(tx, quote.id, lines);
  return true;
}
