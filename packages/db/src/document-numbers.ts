import { sql } from "drizzle-orm";
import type { Executor } from "./factories.ts";
import { documentSequences } from "./schema.ts";

/** Prefixes of the human document numbers (e.g. QTN-2026-00042; ADR 0004). */
export const DOCUMENT_PREFIXES = {
  quote: "QTN",
  order: "SO",
  delivery: "DN",
  invoice: "INV",
  credit_note: "CN",
  material: "MR",
  contract: "CTR",
  contact: "ENQ",
  pcb: "PCB",
  assembly: "PCBA",
  engineering_query: "EQ",
} as const;

export type DocumentKind = keyof typeof DOCUMENT_PREFIXES;

/**
 * Hands out the next number of a kind for the year of `at`. The upsert locks the sequence row, so
 * concurrent transactions get distinct numbers; call it inside the transaction that creates the
 * document, so a rollback gives the number back and the series has no gaps. The API, the factories
 * and the demo seed all number documents here, so they never collide.
 */
export async function nextDocumentNumber(tx: Executor, kind: DocumentKind, at = new Date()): Promise<string> {
  const prefix = DOCUMENT_PREFIXES[kind];
  const year = at.getUTCFullYear();
  const [row] = await tx
    .insert(documentSequences)
    .values({ kind: prefix, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentSequences.kind, documentSequences.year],
      set: { last: sql`${documentSequences.last} + 1` },
    })
    .returning({ last: documentSequences.last });
  if (!row) throw new Error(`No ${prefix} number was handed out`);
  return `${prefix}-${year}-${String(row.last).padStart(5, "0")}`;
}
