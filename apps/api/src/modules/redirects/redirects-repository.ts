import { asc, eq } from "drizzle-orm";
import type { Database } from "@ems/db/client";
import { redirectRules } from "@ems/db/schema";
import type { CreateRedirectRule, RedirectRule } from "@ems/contracts/redirects";

const columns = {
  fromPath: redirectRules.fromPath,
  target: redirectRules.target,
  statusCode: redirectRules.statusCode,
};

export async function listRedirectRules(db: Database): Promise<RedirectRule[]> {
  const rows = await db.select(columns).from(redirectRules).orderBy(asc(redirectRules.fromPath));
  return rows.map((row) => ({ ...row, statusCode: row.statusCode === 302 ? 302 : 301 }));
}

/** Creates or replaces the rule for a path. */
export async function upsertRedirectRule(db: Database, rule: CreateRedirectRule): Promise<void> {
  await db
    .insert(redirectRules)
    .values(rule)
    .onConflictDoUpdate({
      target: redirectRules.fromPath,
      set: { target: rule.target, statusCode: rule.statusCode, updatedAt: new Date() },
    });
}

export async function deleteRedirectRule(db: Database, fromPath: string): Promise<boolean> {
  const rows = await db
    .delete(redirectRules)
    .where(eq(redirectRules.fromPath, fromPath))
    .returning({ id: redirectRules.id });
  return rows.length > 0;
}
