import { addCalendarDays, todayIso } from "@ems/contracts/reference";
import { DELIVERY_DUE_DAYS, STAFF_HOME_TOP, type StaffHome } from "@ems/contracts/staff-home";
import type { Database } from "@ems/db/client";
import { waitingContactMessages } from "../contact/contact-service.ts";
import { oldestOpenQueriesOf } from "../engineering-queries/engineering-queries-service.ts";
import {
  announcedTransfers,
  deliveriesDue,
  ordersInProduction,
  quotesToPrice,
} from "./staff-home-repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole UTC calendar days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

/** How many calendar days an item has waited (0 on the day it arrived). */
const ageOf = (since: Date, today: string) => Math.max(0, daysBetween(todayIso(since), today));

/**
 * What waits for staff (docs/behaviour/back-office.md#home): each queue's size and its oldest
 * items with their age.
 */
export async function staffHome(db: Database, now: Date = new Date()): Promise<StaffHome> {
  const today = todayIso(now);
  const horizon = addCalendarDays(today, DELIVERY_DUE_DAYS);
  const [quotes, orders, deliveries, transfers, messages, queries] = await Promise.all([
    quotesToPrice(db, STAFF_HOME_TOP),
    ordersInProduction(db, STAFF_HOME_TOP),
    deliveriesDue(db, today, horizon, STAFF_HOME_TOP),
    announcedTransfers(db, STAFF_HOME_TOP),
    waitingContactMessages(db, STAFF_HOME_TOP),
    oldestOpenQueriesOf(db, undefined, STAFF_HOME_TOP),
  ]);
  return {
    quotes_to_price: {
      count: quotes.total,
      items: quotes.rows.map((row) => ({
        id: row.id,
        number: row.number,
        title: row.title,
        company_name: row.companyName,
        requested_at: row.createdAt.toISOString(),
        age_days: ageOf(row.createdAt, today),
      })),
    },
    orders_in_production: {
      count: orders.total,
      on_hold: orders.held,
      items: orders.rows.map((row) => ({
        id: row.id,
        number: row.number,
        company_name: row.companyName,
        placed_at: row.createdAt.toISOString(),
        age_days: ageOf(row.createdAt, today),
        delivery_date: row.deliveryDate,
        on_hold: row.heldAt !== null,
      })),
    },
    deliveries_due: {
      count: deliveries.total,
      overdue: deliveries.overdue,
      window_days: DELIVERY_DUE_DAYS,
      items: deliveries.rows.map((row) => ({
        order_id: row.orderId,
        order_number: row.orderNumber,
        company_name: row.companyName,
        position: row.position,
        description: row.description,
        open_quantity: row.quantity - row.shipped,
        delivery_date: row.deliveryDate,
        due_in_days: daysBetween(today, row.deliveryDate),
      })),
    },
    announced_transfers: {
      count: transfers.total,
      items: transfers.rows.map((row) => ({
        invoice_id: row.invoiceId,
        invoice_number: row.invoiceNumber,
        company_name: row.companyName,
        amount_minor: row.amountMinor,
        currency: row.currency,
        announced_at: row.announcedAt.toISOString(),
        age_days: ageOf(row.announcedAt, today),
      })),
    },
    contact_messages: {
      count: messages.total,
      items: messages.rows.map((row) => ({
        id: row.id,
        reference: row.reference,
        name: row.name,
        company: row.company,
        received_at: row.createdAt.toISOString(),
        age_days: ageOf(row.createdAt, today),
      })),
    },
    engineering_queries: {
      count: queries.total,
      items: queries.rows.map((row) => ({
        id: row.id,
        number: row.number,
        title: row.title,
        company_name: row.companyName,
        raised_at: row.createdAt.toISOString(),
        age_days: ageOf(row.createdAt, today),
      })),
    },
  };
}
