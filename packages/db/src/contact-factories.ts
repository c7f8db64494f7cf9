import type { Executor } from "./factories.ts";
import { contactMessages } from "./schema.ts";

/**
 * Messages of the public contact form, written directly (no captcha, no mail) for tests of the back
 * office and for the demo data; every call yields a unique reference.
 */

let sequence = 0;
const stamp = Date.now().toString(36).toUpperCase();

export type NewContactMessageRow = typeof contactMessages.$inferInsert;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function createContactMessage(
  db: Executor,
  overrides: Partial<NewContactMessageRow> = {},
): Promise<ContactMessageRow> {
  const n = ++sequence;
  const [row] = await db
    .insert(contactMessages)
    .values({
      // Not the ENQ-YYYY-NNNNN series the form hands out, so no test collides with it.
      reference: `ENQ-T${stamp}-${n}`,
      name: "Maja Lindholm",
      company: "Aurora Marine Oy",
      email: `maja.lindholm+${n}@aurora-marine.example`,
      phone: null,
      message:
        "We need 200 assembled controller boards per quarter. Can you quote for a framework agreement?",
      language: "en",
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("createContactMessage inserted no row");
  return row;
}
