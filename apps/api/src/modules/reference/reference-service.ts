import { ERROR_CODES } from "@ems/contracts/errors";
import {
  addCalendarDays,
  addWorkingDays,
  isWeekend,
  todayIso,
  type DeliveryDate,
  type Holiday,
  type HolidayCreate,
  type ParcelService,
  type ParcelServiceInput,
} from "@ems/contracts/reference";
import type { Database } from "@ems/db/client";
import type { Executor } from "@ems/db/factories";
import { AppError, notFound } from "../../lib/app-error.ts";
import { recordActivity } from "../activity/activity-service.ts";
import {
  deleteHoliday,
  findParcelService,
  insertHoliday,
  insertParcelService,
  listHolidaysBetween,
  listParcelServices,
  updateParcelService,
  type HolidayRow,
  type ParcelServiceRow,
} from "./reference-repository.ts";
import type { RequestContext } from "../../plugins/request-context.ts";

/** A staff member changing reference data; entries have no company (the data is the operator's). */
export type ReferenceContext = Pick<RequestContext, "db" | "auth" | "actor" | "request">;

const holidayDto = (row: HolidayRow): Holiday => ({ id: row.id, date: row.date, name: row.name });

function parcelServiceDto(row: ParcelServiceRow): ParcelService {
  return {
    id: row.id,
    name: row.name,
    carrier: row.carrier,
    price_minor: row.priceMinor,
    currency: row.currency,
    transit_days: row.transitDays,
    active: row.active,
  };
}

// Holidays

/** getHolidayList: the holidays of one year (the current one by default). */
export async function holidaysOfYear(db: Database, year = new Date().getUTCFullYear()): Promise<Holiday[]> {
  return (await listHolidaysBetween(db, `${year}-01-01`, `${year}-12-31`)).map(holidayDto);
}

export async function createHoliday(ctx: ReferenceContext, input: HolidayCreate): Promise<Holiday> {
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertHoliday(tx, { date: input.date, name: input.name });
    if (!created)
      throw new AppError(409, ERROR_CODES.conflict, "This day is a holiday already", { field: "date" });
    await recordActivity(tx, {
      action: "reference.holiday_saved",
      companyId: null,
      actor: ctx.actor,
      subject: { type: "holiday", id: created.id },
      details: { date: created.date, name: created.name },
      request: ctx.request,
    });
    return created;
  });
  return holidayDto(row);
}

export async function removeHoliday(ctx: ReferenceContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await deleteHoliday(tx, id);
    if (!removed) throw notFound("No such holiday");
    await recordActivity(tx, {
      action: "reference.holiday_deleted",
      companyId: null,
      actor: ctx.actor,
      subject: { type: "holiday", id },
      details: { date: removed.date, name: removed.name },
      request: ctx.request,
    });
  });
}

/**
 * The holidays that can matter when counting up to `days` working days after `from`. A window
 * generous for any real calendar is read first; should the date land beyond it (a calendar full of
 * holidays), the window doubles, so the answer is exact without reading the whole table.
 */
export async function holidaysAhead(db: Executor, from: string, days: number): Promise<HolidayRow[]> {
  let span = days * 2 + 30;
  for (;;) {
    const to = addCalendarDays(from, span);
    const rows = await listHolidaysBetween(db, addCalendarDays(from, 1), to);
    if (addWorkingDays(from, days, new Set(rows.map((row) => row.date))) <= to) return rows;
    span *= 2;
  }
}

/** Delivery dates for several lead times from one day, with one read of the holidays. */
export async function deliveryDatesFrom(
  db: Executor,
  from: string,
  leadTimes: readonly number[],
): Promise<(days: number) => string> {
  const longest = Math.max(0, ...leadTimes);
  const holidays = new Set((await holidaysAhead(db, from, longest)).map((row) => row.date));
  return (days) => addWorkingDays(from, days, holidays);
}

/** getDeliveryDate: the shipping date `lead_time_days` working days after `from` (today). */
export async function deliveryDate(
  db: Database,
  query: { lead_time_days: number; from?: string | undefined },
  now = new Date(),
): Promise<DeliveryDate> {
  const from = query.from ?? todayIso(now);
  const rows = await holidaysAhead(db, from, query.lead_time_days);
  const date = addWorkingDays(from, query.lead_time_days, new Set(rows.map((row) => row.date)));
  return {
    from,
    date,
    working_days: query.lead_time_days,
    skipped_holidays: rows
      .filter((row) => row.date <= date && !isWeekend(row.date))
      .map((row) => ({ date: row.date, name: row.name })),
  };
}

// Parcel services

/** getParcelServices: customers see the active ones, staff all of them. */
export async function parcelServices(db: Database, activeOnly: boolean): Promise<ParcelService[]> {
  return (await listParcelServices(db, activeOnly)).map(parcelServiceDto);
}

const parcelValues = (input: ParcelServiceInput) => ({
  name: input.name,
  carrier: input.carrier,
  priceMinor: input.price_minor,
  currency: input.currency,
  transitDays: input.transit_days,
  active: input.active,
});

export async function createParcelService(
  ctx: ReferenceContext,
  input: ParcelServiceInput,
): Promise<ParcelService> {
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertParcelService(tx, parcelValues(input));
    await recordActivity(tx, {
      action: "reference.parcel_service_saved",
      companyId: null,
      actor: ctx.actor,
      subject: { type: "parcel_service", id: created.id },
      details: { name: created.name, price_minor: created.priceMinor, active: created.active, created: true },
      request: ctx.request,
    });
    return created;
  });
  return parcelServiceDto(row);
}

export async function editParcelService(
  ctx: ReferenceContext,
  id: string,
  input: ParcelServiceInput,
): Promise<ParcelService> {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await updateParcelService(tx, id, parcelValues(input));
    if (!updated) throw notFound("No such parcel service");
    await recordActivity(tx, {
      action: "reference.parcel_service_saved",
      companyId: null,
      actor: ctx.actor,
      subject: { type: "parcel_service", id },
      details: {
        name: updated.name,
        price_minor: updated.priceMinor,
        active: updated.active,
        created: false,
      },
      request: ctx.request,
    });
    return updated;
  });
  return parcelServiceDto(row);
}

/** One parcel service as stored, active or not, or null. */
export function parcelService(db: Executor, id: string): Promise<ParcelServiceRow | null> {
  return findParcelService(db, id);
}
