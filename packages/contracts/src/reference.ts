import { z } from "zod";
import { singleLine } from "./text.ts";
import { currencySchema, minorSchema } from "./money.ts";
import { companyMembersWith, defineEndpoints, STAFF } from "./endpoints.ts";

/**
 * The operator's reference data behind quotes and orders: holidays (docs/behaviour/quotes.md#holidays-and-delivery-dates), parcel
 * services (getParcelServices) and the delivery date a lead time gives (getDeliveryDate). Customers
 * read them; staff maintain them in the back office.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Today's calendar day in UTC (YYYY-MM-DD): plain dates of documents are UTC days. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function parseIsoDate(value: string): number {
  const match = ISO_DATE.exec(value);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value)
    throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${value}`);
  return time;
}

/** The calendar day `days` after `from` (negative goes back), both YYYY-MM-DD. */
export function addCalendarDays(from: string, days: number): string {
  return new Date(parseIsoDate(from) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether a YYYY-MM-DD day is a Saturday or a Sunday. */
export function isWeekend(day: string): boolean {
  const weekday = new Date(parseIsoDate(day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * The day `days` working days after `from`: Saturdays, Sundays and the given holidays do not count,
 * and `from` itself is day zero (an order placed on a Friday with one working day ships on Monday).
 * Zero days answers `from` unchanged. Pure, so the web app shows the same date the API stores.
 */
export function addWorkingDays(from: string, days: number, holidays: ReadonlySet<string>): string {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Not a number of working days: ${days}`);
  let time = parseIsoDate(from);
  let left = days;
  while (left > 0) {
    time += DAY_MS;
    const weekday = new Date(time).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    if (holidays.has(new Date(time).toISOString().slice(0, 10))) continue;
    left -= 1;
  }
  return new Date(time).toISOString().slice(0, 10);
}

export const isoDateSchema = z.iso.date();

// Holidays

export const holidaySchema = z
  .object({ id: z.uuid(), date: z.string(), name: z.string() })
  .meta({ id: "Holiday" });

export const holidayCreateSchema = z
  .strictObject({ date: isoDateSchema, name: singleLine().min(1).max(100) })
  .meta({ id: "HolidayCreate" });

/** GET /api/holidays?year=: one calendar year, the current one when omitted. */
export const holidayQuerySchema = z.strictObject({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});

// Parcel services

export const parcelServiceSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    carrier: z.string(),
    price_minor: z.number().int(),
    currency: z.string(),
    transit_days: z.number().int(),
    active: z.boolean(),
  })
  .meta({ id: "ParcelService" });

/** Create and (full) update of a parcel service. */
export const parcelServiceInputSchema = z
  .strictObject({
    name: singleLine().min(1).max(100),
    carrier: singleLine().min(1).max(100),
    price_minor: minorSchema,
    currency: currencySchema,
    transit_days: z.number().int().min(0).max(60),
    active: z.boolean(),
  })
  .meta({ id: "ParcelServiceSave" });

// Delivery date

/**
 * How a parcel service is named on an order: "DHL Paket", but "DHL Express" rather than
 * "DHL DHL Express" when the service's name already starts with its carrier.
 */
export function parcelServiceLabel(service: { carrier: string; name: string }): string {
  const carrier = service.carrier.trim();
  const name = service.name.trim();
  if (!carrier) return name;
  return name.toLocaleLowerCase().startsWith(carrier.toLocaleLowerCase()) ? name : `${carrier} ${name}`;
}

export const MAX_LEAD_TIME_DAYS = 365;

export const deliveryDateQuerySchema = z.strictObject({
  lead_time_days: z.coerce.number().int().min(1).max(MAX_LEAD_TIME_DAYS),
  /** The day the working days count from; today when omitted. */
  from: isoDateSchema.optional(),
});

export const deliveryDateSchema = z
  .object({
    from: z.string(),
    date: z.string(),
    working_days: z.number().int(),
    /** Holidays on working days between `from` and `date`, which moved the date. */
    skipped_holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  })
  .meta({ id: "DeliveryDate" });

export const referenceIdParamSchema = z.strictObject({ id: z.uuid() });

export type Holiday = z.infer<typeof holidaySchema>;
export type HolidayCreate = z.infer<typeof holidayCreateSchema>;
export type HolidayQuery = z.infer<typeof holidayQuerySchema>;
export type ParcelService = z.infer<typeof parcelServiceSchema>;
export type ParcelServiceInput = z.infer<typeof parcelServiceInputSchema>;
export type DeliveryDateQuery = z.infer<typeof deliveryDateQuerySchema>;
export type DeliveryDate = z.infer<typeof deliveryDateSchema>;

export const referenceEndpoints = defineEndpoints("reference", {
  holidays: {
    method: "GET",
    path: "/api/holidays",
    summary: "The operator's holidays of a year",
    access: companyMembersWith("company.read"),
    query: holidayQuerySchema,
    response: z.array(holidaySchema),
    caching: { private: 300 },
  },
  deliveryDate: {
    method: "GET",
    path: "/api/delivery-date",
    summary: "The shipping date a lead time in working days gives",
    description: "Weekends and the operator's holidays are skipped; `from` defaults to today (UTC).",
    access: companyMembersWith("company.read"),
    query: deliveryDateQuerySchema,
    response: deliveryDateSchema,
    caching: "private",
  },
  parcelServices: {
    method: "GET",
    path: "/api/parcel-services",
    summary: "The parcel services an order may ship with, with prices",
    access: companyMembersWith("company.read"),
    query: z.strictObject({}),
    response: z.array(parcelServiceSchema),
    caching: "private",
  },
});

export const staffReferenceEndpoints = defineEndpoints("staff", {
  holidays: {
    method: "GET",
    path: "/api/staff/holidays",
    summary: "The holidays of a year",
    access: STAFF,
    query: holidayQuerySchema,
    response: z.array(holidaySchema),
    errors: [404, 409],
    caching: "private",
  },
  createHoliday: {
    method: "POST",
    path: "/api/staff/holidays",
    summary: "Adds a holiday",
    description: "A day that is a holiday already answers 409 CONFLICT.",
    access: STAFF,
    body: holidayCreateSchema,
    response: holidaySchema,
    created: true,
    errors: [404],
    caching: "private",
    idempotent: true,
  },
  removeHoliday: {
    method: "DELETE",
    path: "/api/staff/holidays/:id",
    summary: "Removes a holiday",
    access: STAFF,
    params: referenceIdParamSchema,
    response: z.null(),
    errors: [404, 409],
    caching: "private",
  },
  parcelServices: {
    method: "GET",
    path: "/api/staff/parcel-services",
    summary: "Every parcel service, inactive ones included",
    access: STAFF,
    query: z.strictObject({}),
    response: z.array(parcelServiceSchema),
    errors: [404, 409],
    caching: "private",
  },
  createParcelService: {
    method: "POST",
    path: "/api/staff/parcel-services",
    summary: "Adds a parcel service",
    access: STAFF,
    body: parcelServiceInputSchema,
    response: parcelServiceSchema,
    created: true,
    errors: [404],
    caching: "private",
    idempotent: true,
  },
  updateParcelService: {
    method: "PUT",
    path: "/api/staff/parcel-services/:id",
    summary: "Replaces a parcel service's name, carrier, price, transit days and active flag",
    access: STAFF,
    params: referenceIdParamSchema,
    body: parcelServiceInputSchema,
    response: parcelServiceSchema,
    errors: [404, 409],
    caching: "private",
  },
});
