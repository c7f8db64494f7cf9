import { siteConfig } from "@ems/config/site";
import {
  DESK_DELIVERY_DAYS,
  DESK_MONTHS,
  DESK_SECTION_SIZE,
  DESK_STAGES,
  type DeskData,
  type DeskStage,
} from "@ems/contracts/desk";
import type { Database } from "@ems/db/client";
import type { SessionWithUser } from "../../lib/caller.ts";
import { oldestOpenQueriesOf } from "../engineering-queries/engineering-queries-service.ts";
import {
  countDesk,
  countUnpaidInvoices,
  listActiveOrders,
  listDeskQuotes,
  listOrderStages,
  listRecentDeliveries,
  listUnpaidInvoices,
  readOnboarding,
  sumInvoicesByMonth,
  sumOrdersByMonth,
  sumUnpaidInvoices,
  type MonthlySum,
} from "./desk-repository.ts";

export interface DeskContext {
  db: Database;
  auth: SessionWithUser;
  /** The clock, so tests can pin "today". */
  now?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Engineers may not see invoices or payments (company roles); everybody else in the company may. */
const seesInvoices = (auth: SessionWithUser) => auth.user.companyRole !== "engineer";

/** The first day (UTC) of the month `offset` months from the month of `at`. */
function monthStart(at: Date, offset: number): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
}

const monthKey = (date: Date) => date.toISOString().slice(0, 7);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A production summary of one order from its stage rows (all lines together): the mean percent, and
 * the earliest stage (in production order) some line has not finished; the last stage when all are done.
 */
export function orderProgress(stages: { stage: string; percent: number }[]): {
  percent: number;
  current: DeskStage | null;
} {
  const known = stages.filter((s): s is { stage: DeskStage; percent: number } =>
    (DESK_STAGES as readonly string[]).includes(s.stage),
  );
  if (known.length === 0) return { percent: 0, current: null };
  const percent = Math.round(known.reduce((sum, s) => sum + s.percent, 0) / known.length);
  const rank = (stage: DeskStage) => DESK_STAGES.indexOf(stage);
  const unfinished = known.filter((s) => s.percent < 100).map((s) => rank(s.stage));
  const pick = unfinished.length > 0 ? Math.min(...unfinished) : Math.max(...known.map((s) => rank(s.stage)));
  return { percent, current: DESK_STAGES[pick] ?? null };
}

/**
 * Complete monthly series: every month of the window for every currency that had business in it
 * (the operator's default currency when none did), zeros where nothing happened.
 */
export function monthlySeries(
  months: string[],
  ordered: MonthlySum[],
  invoiced: MonthlySum[] | null,
): DeskData["monthly"] {
  const currencies = [...new Set([...ordered, ...(invoiced ?? [])].map((row) => row.currency))].sort();
  if (currencies.length === 0) currencies.push(siteConfig.legal.defaultCurrency);
  const lookup = (rows: MonthlySum[], month: string, currency: string) =>
    rows.find((row) => row.month === month && row.currency === currency)?.amountMinor ?? 0;
  return currencies.flatMap((currency) =>
    months.map((month) => ({
      month,
      currency,
      ordered_minor: lookup(ordered, month, currency),
      invoiced_minor: invoiced === null ? null : lookup(invoiced, month, currency),
    })),
  );
}

/**
 * getDeskData (docs/behaviour/billing.md#customer-desk) for the caller's company. An Open quote past
 * its validity is not counted or listed as open, even before the quotes module's expiry sweep records
 * it as Expired.
 */
export async function deskData(ctx: DeskContext): Promise<DeskData> {
  const now = ctx.now ?? new Date();
  const companyId = ctx.auth.user.companyId;
  const invoicesVisible = seesInvoices(ctx.auth);
  const today = isoDay(now);
  const firstMonth = monthStart(now, -(DESK_MONTHS - 1));
  const afterWindow = monthStart(now, 1);
  const months = Array.from({ length: DESK_MONTHS }, (_, i) => monthKey(monthStart(firstMonth, i)));

  const [counts, quoteRows, orderRows, deliveryRows, ordered, invoiceSection, onboarding, queries] =
    await Promise.all([
      countDesk(ctx.db, companyId, today, new Date(now.getTime() - DESK_DELIVERY_DAYS * DAY_MS)),
      listDeskQuotes(ctx.db, companyId, today, DESK_SECTION_SIZE),
      listActiveOrders(ctx.db, companyId, DESK_SECTION_SIZE),
      listRecentDeliveries(ctx.db, companyId, DESK_SECTION_SIZE),
      sumOrdersByMonth(ctx.db, companyId, firstMonth),
      invoicesVisible
        ? Promise.all([
            countUnpaidInvoices(ctx.db, companyId, today),
            listUnpaidInvoices(ctx.db, companyId, DESK_SECTION_SIZE),
            sumUnpaidInvoices(ctx.db, companyId),
            sumInvoicesByMonth(ctx.db, companyId, isoDay(firstMonth), isoDay(afterWindow)),
          ])
        : null,
      readOnboarding(ctx.db, companyId, ctx.auth.user.id, ctx.auth.sessionId),
      oldestOpenQueriesOf(ctx.db, companyId, DESK_SECTION_SIZE),
    ]);
  const stages = await listOrderStages(
    ctx.db,
    orderRows.map((order) => order.id),
  );

  return {
    counts: {
      open_quotes: counts.openQuotes,
      quotes_in_progress: counts.quotesInProgress,
      orders_in_production: counts.ordersInProduction,
      deliveries_last_30_days: counts.deliveriesSince,
      unpaid_invoices: invoiceSection ? invoiceSection[0].unpaid : null,
      overdue_invoices: invoiceSection ? invoiceSection[0].overdue : null,
      open_queries: queries.total,
    },
    open_queries: queries.rows.map((query) => ({
      id: query.id,
      number: query.number,
      title: query.title,
      created_at: query.createdAt.toISOString(),
    })),
    open_quotes: quoteRows.map((quote) => ({
      id: quote.id,
      number: quote.number,
      title: quote.title,
      status: quote.status as "Open" | "In Progress",
      valid_until: quote.validUntil,
    })),
    orders_in_production: orderRows.map((order) => {
      const progress = orderProgress(stages.filter((stage) => stage.orderId === order.id));
      return {
        id: order.id,
        number: order.number,
        po_number: order.poNumber,
        progress_percent: progress.percent,
        current_stage: progress.current,
        delivery_date: order.deliveryDate,
      };
    }),
    recent_deliveries: deliveryRows.map((delivery) => ({
      id: delivery.id,
      number: delivery.number,
      order_number: delivery.orderNumber,
      carrier: delivery.carrier,
      tracking_number: delivery.trackingNumber,
      shipped_at: delivery.shippedAt.toISOString(),
    })),
    unpaid_invoices: invoiceSection
      ? invoiceSection[1].map((invoice) => ({
          id: invoice.id,
          number: invoice.number,
          total_minor: invoice.totalMinor,
          currency: invoice.currency,
          due_on: invoice.dueOn,
          overdue: invoice.dueOn < today,
        }))
      : null,
    unpaid_total: invoiceSection
      ? invoiceSection[2].map((row) => ({ currency: row.currency, amount_minor: row.amountMinor }))
      : null,
    monthly: monthlySeries(months, ordered, invoiceSection ? invoiceSection[3] : null),
    onboarding: {
      first_visit: !onboarding.earlierSession,
      address: onboarding.address,
      colleagues: onboarding.colleagues,
      first_request: onboarding.firstRequest,
    },
  };
}
