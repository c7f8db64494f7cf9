import { sameOriginPath } from "@ems/contracts/safe-paths";

import { pageAtPath } from "~/lib/route-map";

/**
 * The way back of a visitor whom a protected page sent to sign in: the `redirect` parameter that
 * signInUrl (lib/session-expiry.ts) sets, carried from the sign-in page through registration and
 * confirmation, so a new customer ends up where they wanted to go.
 */
export const RETURN_PARAM = "redirect";

/** The way back in `search`, when it is a clean path of this site (the sign-in page's own check). */
export function returnPathOf(search: string | URLSearchParams, origin?: string): string | null {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return sameOriginPath(params.get(RETURN_PARAM), origin);
}

/** `path` asking to come back to `back` afterwards; `path` itself without one. */
export function withReturnPath(path: string, back: string | null): string {
  if (!back) return path;
  const [base = path, hash] = path.split("#");
  const query = new URLSearchParams(base.includes("?") ? base.slice(base.indexOf("?") + 1) : "");
  query.set(RETURN_PARAM, back);
  const pathname = base.includes("?") ? base.slice(0, base.indexOf("?")) : base;
  return `${pathname}?${query.toString()}${hash === undefined ? "" : `#${hash}`}`;
}

/**
 * Why the sign-in page was opened with a way back: to request a quote (the public site's main call
 * to action leads to the quote list), or to open some other page that needs an account.
 */
export function signInReason(back: string | null): "quote" | "page" | null {
  if (!back) return null;
  const pathname = new URL(back, "https://site.invalid").pathname;
  return pageAtPath(pathname)?.key === "my-quotes" ? "quote" : "page";
}
