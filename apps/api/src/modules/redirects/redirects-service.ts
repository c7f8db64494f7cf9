import type { Database } from "@ems/db/client";
import type { RedirectRule } from "@ems/contracts/redirects";
import { listRedirectRules } from "./redirects-repository.ts";

/** How long an instance trusts its copy of the rules; edits reach every instance within this. */
export const REDIRECT_RULES_TTL_MS = 30_000;

/**
 * The redirect rules kept in memory and refreshed from the database every 30 s, so that consulting
 * them for every page request costs a map lookup, and several instances converge on the same table.
 */
export class RedirectRuleCache {
  private rules = new Map<string, RedirectRule>();
  private loadedAt = 0;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<RedirectRule[]> {
    await this.refreshIfStale();
    return [...this.rules.values()];
  }

  /** The rule for a path (trailing slash ignored), if any. */
  async resolve(pathname: string): Promise<RedirectRule | null> {
    await this.refreshIfStale();
    const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    return this.rules.get(normalized) ?? null;
  }

  /** Forget the copy, so that the next lookup reads the table (after an edit on this instance). */
  invalidate(): void {
    this.loadedAt = 0;
  }

  private async refreshIfStale(): Promise<void> {
    if (this.loadedAt !== 0 && this.now() - this.loadedAt < REDIRECT_RULES_TTL_MS) return;
    this.loading ??= listRedirectRules(this.db)
      .then((rules) => {
        this.rules = new Map(rules.map((rule) => [rule.fromPath, rule]));
        this.loadedAt = this.now();
      })
      .finally(() => {
        this.loading = null;
      });
    await this.loading;
  }
}
