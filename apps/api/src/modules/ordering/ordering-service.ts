import type { FastifyRequest } from "fastify";
import { ERROR_CODES } from "@ems/contracts/errors";
import { MAX_MINOR } from "@ems/contracts/money";
import { orderTotals, type OrderPlaced, type PlaceOrder, type Terms } from "@ems/contracts/ordering";
import { WORK_ORDER_STAGES } from "@ems/contracts/orders";
import { quoteLineAmountMinor } from "@ems/contracts/quotes";
import { parcelServiceLabel, todayIso } from "@ems/contracts/reference";
import type { Database } from "@ems/db/client";
import type { AddressSnapshot } from "@ems/db/schema";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import { publicLink } from "../../lib/public-url.ts";
import { recordActivity } from "../activity/activity-service.ts";
import type { SessionWithUser } from "../auth/session-repository.ts";
import { findAddress, type AddressRow } from "../companies/companies-repository.ts";
import { TERMS_VERSION, documentTexts } from "../documents/document-texts.ts";
import { nextDocumentNumber } from "../documents/document-number-repository.ts";
import type { Mailer } from "../mail/mail-service.ts";
import { findQuote, listQuoteLines, updateQuoteIf } from "../quotes/quotes-repository.ts";
import { expireQuotes } from "../quotes/quotes-service.ts";
import { findParcelService } from "../reference/reference-repository.ts";
import { deliveryDatesFrom } from "../reference/reference-service.ts";
import {
  insertSalesOrder,
  insertSalesOrderLines,
  insertWorkOrderStages,
  setOrderedQuantities,
} from "./ordering-repository.ts";

export interface OrderingContext {
  db: Database;
  mailer: Mailer;
  auth: SessionWithUser;
  publicUrl: string;
  request: FastifyRequest;
}

const tenant = (ctx: OrderingContext) => ctx.auth.user.companyId;
const actorOf = (auth: SessionWithUser) => ({
  id: auth.user.id,
  name: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
});

/** SPEC getSalesOrderTerms: the current terms of sale in the caller's language. */
export function salesOrderTerms(language: string): Terms {
  const { t } = documentTexts(language);
  return { version: TERMS_VERSION, title: t("terms.title"), text: t("terms.text") };
}

/** The address as the order keeps it: later edits of the company's addresses do not change orders. */
const snapshotOf = (address: AddressRow): AddressSnapshot => ({
  recipient: address.recipient,
  street: address.street,
  street2: address.street2,
  postal_code: address.postalCode,
  city: address.city,
  region: address.region,
  country: address.country,
});

const validation = (message: string, field: string) => badRequest(ERROR_CODES.validation, message, field);

/**
 * SPEC placeOrder. The input is checked first (tenancy 404, lines and quantities 400); then one
 * transaction moves the quote to Ordered or Partially Ordered with a conditional update (Open, this
 * company, still valid), the only status check, so of several concurrent orders of the same quote
 * exactly one wins and the others answer 409. The same transaction writes the sales order, its
 * lines, their production stages and the log entries. The placer gets a confirmation afterwards.
 */
export async function placeOrder(ctx: OrderingContext, input: PlaceOrder): Promise<OrderPlaced> {
  if (input.terms_version !== TERMS_VERSION)
    throw validation(
      `The terms of sale have changed: read and accept version ${TERMS_VERSION}`,
      "terms_version",
    );
  const now = new Date();
  const today = todayIso(now);
  await expireQuotes(ctx.db, now, tenant(ctx));

  const record = await findQuote(ctx.db, input.quote_id, tenant(ctx));
  if (!record) throw notFound("No such quote");
  const { quote } = record;
  const [billing, shipping, parcel] = await Promise.all([
    findAddress(ctx.db, tenant(ctx), input.billing_address_id),
    findAddress(ctx.db, tenant(ctx), input.shipping_address_id),
    findParcelService(ctx.db, input.parcel_service_id),
  ]);
  if (!billing) throw notFound("No such billing address");
  if (!shipping) throw notFound("No such shipping address");
  if (!parcel?.active) throw notFound("No such parcel service");
  if (parcel.currency !== quote.currency)
    throw validation(
      `This parcel service is charged in ${parcel.currency}, the quote is in ${quote.currency}`,
      "parcel_service_id",
    );

  const quoteLines = await listQuoteLines(ctx.db, quote.id);
  const chosen = input.lines
    .map((wanted, i) => {
      const line = quoteLines.find((candidate) => candidate.id === wanted.line_id);
      if (!line) throw validation("This is not a line of the quote", `lines.${i}.line_id`);
      const tier = line.tiers.find((candidate) => candidate.quantity === wanted.quantity);
      if (!tier)
        throw validation(
          `Choose one of the quoted quantities: ${line.tiers.map((t) => t.quantity).join(", ")}`,
          `lines.${i}.quantity`,
        );
      return { line, tier };
    })
    .sort((a, b) => a.line.position - b.line.position);

  const totals = orderTotals(
    chosen.map(({ line, tier }) => ({
      quantity: tier.quantity,
      unit_price_minor: tier.unit_price_minor,
      engineering_cost_minor: line.engineeringCostMinor,
    })),
    parcel.priceMinor,
    quote.taxRateBp,
  );
  if (totals.total_minor > MAX_MINOR)
    throw validation("The order is too large for one order: split it into several", "lines");
  const dateAfter = await deliveryDatesFrom(
    ctx.db,
    today,
    chosen.map(({ line }) => line.leadTimeDays),
  );
  const lineDates = chosen.map(({ line }) => dateAfter(line.leadTimeDays));
  const deliveryDate = lineDates.reduce((latest, date) => (date > latest ? date : latest));
  const quoteStatus = chosen.length === quoteLines.length ? "Ordered" : "Partially Ordered";

  const order = await ctx.db.transaction(async (tx) => {
    const won = await updateQuoteIf(
      tx,
      { id: quote.id, companyId: tenant(ctx), statuses: ["Open"], validOn: today },
      { status: quoteStatus, decidedAt: now },
    );
    if (!won)
      throw new AppError(
        409,
        ERROR_CODES.conflict,
        quote.status === "Open"
          ? "This quote has been ordered or changed meanwhile"
          : `A quote in status "${quote.status}" cannot be ordered`,
      );
    await setOrderedQuantities(
      tx,
      quote.id,
      chosen.map(({ line, tier }) => ({ lineId: line.id, quantity: tier.quantity })),
    );
    const created = await insertSalesOrder(tx, {
      companyId: tenant(ctx),
      quoteId: quote.id,
      number: await nextDocumentNumber(tx, "order", now),
      poNumber: input.po_number,
      placedByUserId: ctx.auth.user.id,
      billingAddress: snapshotOf(billing),
      shippingAddress: snapshotOf(shipping),
      parcelServiceId: parcel.id,
      parcelServiceName: parcelServiceLabel(parcel),
      shippingMinor: parcel.priceMinor,
      currency: quote.currency,
      taxRateBp: quote.taxRateBp,
      subtotalMinor: totals.subtotal_minor,
      taxMinor: totals.tax_minor,
      totalMinor: totals.total_minor,
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: now,
      deliveryDate,
    });
    const orderLines = await insertSalesOrderLines(
      tx,
      chosen.map(({ line, tier }, i) => ({
        orderId: created.id,
        quoteLineId: line.id,
        position: i + 1,
        category: line.category,
        description: line.description,
        quantity: tier.quantity,
        unitPriceMinor: tier.unit_price_minor,
        engineeringCostMinor: line.engineeringCostMinor,
        amountMinor: quoteLineAmountMinor(tier.quantity, tier.unit_price_minor, line.engineeringCostMinor),
        leadTimeDays: line.leadTimeDays,
        deliveryDate: lineDates[i]!,
      })),
    );
    await insertWorkOrderStages(
      tx,
      orderLines.flatMap((orderLine) =>
        WORK_ORDER_STAGES.map((stage, i) => ({
          orderLineId: orderLine.id,
          stage,
          position: i + 1,
          percent: 0,
          plannedDate: stage === "shipped" ? orderLine.deliveryDate : null,
        })),
      ),
    );
    await recordActivity(tx, {
      action: "quote.ordered",
      companyId: tenant(ctx),
      actor: actorOf(ctx.auth),
      subject: { type: "quote", id: quote.id },
      details: { number: quote.number, status: quoteStatus, order_number: created.number },
      request: ctx.request,
    });
    await recordActivity(tx, {
      action: "order.placed",
      companyId: tenant(ctx),
      actor: actorOf(ctx.auth),
      subject: { type: "sales_order", id: created.id },
      details: {
        number: created.number,
        quote_number: quote.number,
        po_number: created.poNumber,
        total_minor: created.totalMinor,
        currency: created.currency,
      },
      request: ctx.request,
    });
    // The confirmation is written with the order: the customer gets it exactly when the order stands.
    const user = ctx.auth.user;
    const texts = documentTexts(user.language);
    await ctx.mailer.write(tx, {
      to: user.email,
      language: user.language,
      template: "order_confirmed",
      values: {
        name: user.firstName,
        number: created.number,
        po_number: created.poNumber,
        total: texts.money(created.totalMinor, created.currency),
        delivery_date: texts.date(created.deliveryDate),
        url: publicLink(ctx.publicUrl, `/my/orders/${created.id}`, texts.locale),
      },
    });
    return created;
  });
  ctx.mailer.deliverSoon();
  return { order_id: order.id, order_number: order.number, quote_status: quoteStatus };
}
