import { REDIRECT_RULES_PATH } from "@ems/contracts/public-paths";
import type { RedirectRule } from "@ems/contracts/redirects";

import { createApiClient } from "./api-client";

/**
 * The operator's redirect rules for client-side navigations (a server-provided rule is
 * consulted for each path, docs/behaviour/public-site.md#redirect-rules). Full page loads are redirected by the server; in the browser the list is
 * fetched once per page load. If it cannot be loaded, navigation goes on without rules.
 */
let rules: Promise<Map<string, RedirectRule>> | undefined;

export function loadRedirectRules(client = createApiClient()): Promise<Map<string, RedirectRule>> {
  rules ??= client
    // The bare path, not redirectEndpoints: its schemas would put zod into every public page.
    .get<RedirectRule[]>(REDIRECT_RULES_PATH)
    .then((envelope) => new Map(envelope.data.map((rule) => [rule.fromPath, rule])))
    .catch(() => new Map());
  return rules;
}

/** The rule for a path (a trailing slash is ignored), if any. */
export function findRedirectRule(
  list: Map<string, RedirectRule>,
  pathname: string,
): RedirectRule | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return list.get(normalized);
}

/** For tests: forget the fetched list. */
export function resetRedirectRules(): void {
  rules = undefined;
}
