import { lt, sql } from "drizzle-orm";
import type { Database } from "@ems/db/client";
import { captchaRedemptions } from "@ems/db/schema";

/**
 * Records a solved challenge; returns false when it was already redeemed.
 * Expired records are pruned on the way, so the table stays as small as the challenges still valid.
 */
export async function redeemChallenge(db: Database, signature: string, expiresAt: Date): Promise<boolean> {
  await db.delete(captchaRedemptions).where(lt(captchaRedemptions.expiresAt, sql`now()`));
  const rows = await db
    .insert(captchaRedemptions)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: captchaRedemptions.signature });
  return rows.length === 1;
}

export async function countRedemptions(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(captchaRedemptions);
  return row?.n ?? 0;
}
