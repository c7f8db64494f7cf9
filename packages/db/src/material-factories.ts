import type { Executor } from "./factories.ts";
import { contracts, materialRequests } from "./schema.ts";

/**
 * Factories with overrides for material requests and contracts; every call yields a valid row with a
 * unique number. Quotes, orders, deliveries and invoices come from quote-factories and order-factories.
 */

let sequence = 0;
const stamp = Date.now().toString(36).toUpperCase();
/** A number no document sequence hands out (those are PREFIX-YYYY-NNNNN). */
const testNumber = (prefix: string) => `${prefix}-T${stamp}-${++sequence}`;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const daysFromNow = (days: number) => isoDay(new Date(Date.now() + days * 24 * 60 * 60 * 1000));

type WithRequired<T, K extends keyof T> = Partial<T> & Pick<T, K>;

export type NewMaterialRequest = typeof materialRequests.$inferInsert;
export type MaterialRequestRow = typeof materialRequests.$inferSelect;

export async function createMaterialRequest(
  db: Executor,
  overrides: WithRequired<NewMaterialRequest, "companyId">,
): Promise<MaterialRequestRow> {
  const [row] = await db
    .insert(materialRequests)
    .values({
      number: testNumber("MR"),
      expectedOn: daysFromNow(7),
      lines: [
        {
          mpn: "STM32F103C8T6",
          manufacturer: "STMicroelectronics",
          description: null,
          quantity: 100,
          packaging: "reel",
        },
      ],
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createMaterialRequest inserted no row");
  return row;
}

export type NewContract = typeof contracts.$inferInsert;
export type ContractRow = typeof contracts.$inferSelect;

export async function createContract(
  db: Executor,
  overrides: WithRequired<NewContract, "companyId">,
): Promise<ContractRow> {
  const [row] = await db
    .insert(contracts)
    .values({
      number: testNumber("CTR"),
      kind: "nda",
      title: "Mutual non-disclosure agreement",
      startsOn: daysFromNow(0),
      terms: "Both parties keep each other's drawings and prices confidential.",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createContract inserted no row");
  return row;
}
