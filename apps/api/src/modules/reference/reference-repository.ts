import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { Executor } from "@ems/db/factories";
import { holidays, parcelServices } from "@ems/db/schema";

/** The only drizzle code of the reference data: holidays and parcel services (no tenant: the operator's). */

export type HolidayRow = typeof holidays.$inferSelect;
export type ParcelServiceRow = typeof parcelServices.$inferSelect;
export type ParcelServiceValues = Pick<
  typeof parcelServices.$inferInsert,
  "name" | "carrier" | "priceMinor" | "currency" | "transitDays" | "active"
>;

/** Holidays from `from` to `to` (inclusive, YYYY-MM-DD), by date; the unique date index serves the range. */
export async function listHolidaysBetween(db: Executor, from: string, to: string): Promise<HolidayRow[]> {
  return db
    .select()
    .from(holidays)
    .where(and(gte(holidays.date, from), lte(holidays.date, to)))
    .orderBy(asc(holidays.date))
    .limit(2000);
}

/** Inserts a holiday; null when the date already has one. */
export async function insertHoliday(
  db: Executor,
  values: { date: string; name: string },
): Promise<HolidayRow | null> {
  const [row] = await db.insert(holidays).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deleteHoliday(db: Executor, id: string): Promise<HolidayRow | null> {
  const [row] = await db.delete(holidays).where(eq(holidays.id, id)).returning();
  return row ?? null;
}

/** Parcel services by carrier and name; `activeOnly` for what customers may choose. */
export async function listParcelServices(db: Executor, activeOnly: boolean): Promise<ParcelServiceRow[]> {
  return db
    .select()
    .from(parcelServices)
    .where(activeOnly ? eq(parcelServices.active, true) : undefined)
    .orderBy(asc(parcelServices.carrier), asc(parcelServices.name), asc(parcelServices.id))
    .limit(500);
}

export async function findParcelService(db: Executor, id: string): Promise<ParcelServiceRow | null> {
  const [row] = await db.select().from(parcelServices).where(eq(parcelServices.id, id)).limit(1);
  return row ?? null;
}

export async function insertParcelService(
  db: Executor,
  values: ParcelServiceValues,
): Promise<ParcelServiceRow> {
  const [row] = await db.insert(parcelServices).values(values).returning();
  if (!row) throw new Error("insertParcelService inserted no row");
  return row;
}

export async function updateParcelService(
  db: Executor,
  id: string,
  values: ParcelServiceValues,
): Promise<ParcelServiceRow | null> {
  const [row] = await db
    .update(parcelServices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(parcelServices.id, id))
    .returning();
  return row ?? null;
}
