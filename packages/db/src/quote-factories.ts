import { nextDocumentNumber } from "./document-numbers.ts";
import type { Executor } from "./factories.ts";
import { holidays, parcelServices, quoteLines, quotes, type QuoteTier } from "./schema.ts";

/**
 * Factories of quotes and the reference data behind them, with overrides:
 * `createQuote(db, { companyId, status: "Open", lines: [{ tiers: [...] }] })`.
 */

let sequence = 0;
const next = () => ++sequence;

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOffset = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type HolidayRow = typeof holidays.$inferSelect;
export type ParcelServiceRow = typeof parcelServices.$inferSelect;

export type NewQuoteLine = Partial<Omit<typeof quoteLines.$inferInsert, "quoteId" | "position">>;
export type NewQuote = Partial<Omit<typeof quotes.$inferInsert, "companyId">> & {
  companyId: string;
  /** Defaults to one priced assembly line with two tiers. */
  lines?: NewQuoteLine[];
};

/** Statuses a quote only reaches after staff sent it (it has prices, a validity and sent_at). */
const SENT_STATUSES = new Set(["Open", "Ordered", "Partially Ordered", "Declined", "Expired"]);

export function buildQuoteLine(
  overrides: NewQuoteLine = {},
): Omit<typeof quoteLines.$inferInsert, "quoteId" | "position"> {
  const n = next();
  const tiers: QuoteTier[] = [
    { quantity: 10, unit_price_minor: 4_250 },
    { quantity: 100, unit_price_minor: 3_100 },
  ];
  return {
    category: "assemblies",
    description: `Controller assembly ${n}`,
    tiers,
    engineeringCostMinor: 15_000,
    leadTimeDays: 10,
    ...overrides,
  };
}

/**
 * A quote with its lines (positions 1…n). Sent statuses get sent_at and, when not given, a validity
 * 30 days ahead (Expired: yesterday).
 */
export async function createQuote(
  db: Executor,
  overrides: NewQuote,
): Promise<{ quote: QuoteRow; lines: QuoteLineRow[] }> {
  const n = next();
  const { lines = [{}], ...values } = overrides;
  const status = values.status ?? "Open";
  const sent = SENT_STATUSES.has(status);
  const [quote] = await db
    .insert(quotes)
    .values({
      number: await nextDocumentNumber(db, "quote"),
      title: `Quote ${n}`,
      currency: "EUR",
      taxRateBp: 1900,
      validUntil: sent ? dayOffset(status === "Expired" ? -1 : 30) : null,
      sentAt: sent ? new Date() : null,
      ...values,
      status,
    })
    .returning();
  if (!quote) throw new Error("createQuote inserted no quote");
  const rows =
    lines.length === 0
      ? []
      : await db
          .insert(quoteLines)
          .values(lines.map((line, i) => ({ ...buildQuoteLine(line), quoteId: quote.id, position: i + 1 })))
          .returning();
  rows.sort((a, b) => a.position - b.position);
  return { quote, lines: rows };
}

export async function createHoliday(
  db: Executor,
  overrides: Partial<typeof holidays.$inferInsert> = {},
): Promise<HolidayRow> {
  const n = next();
  const [row] = await db
    .insert(holidays)
    .values({ date: dayOffset(400 + n), name: `Holiday ${n}`, ...overrides })
    .returning();
  if (!row) throw new Error("createHoliday inserted no row");
  return row;
}

export async function createParcelService(
  db: Executor,
  overrides: Partial<typeof parcelServices.$inferInsert> = {},
): Promise<ParcelServiceRow> {
  const n = next();
  const [row] = await db
    .insert(parcelServices)
    .values({
      name: `Express ${n}`,
      carrier: "DHL",
      priceMinor: 2_490,
      currency: "EUR",
      transitDays: 1,
      active: true,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createParcelService inserted no row");
  return row;
}
