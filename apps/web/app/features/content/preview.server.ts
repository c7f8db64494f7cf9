import { isPreviewToken } from "@ems/content/preview";

import { readCookie } from "~/lib/cookies";

/** Preview mode (docs/behaviour/public-site.md#preview-mode): the token from ?preview= is kept in this cookie (and in session storage). */
export const PREVIEW_COOKIE = "preview_token";

export interface PreviewState {
  /** Drafts are shown. */
  active: boolean;
  /** The token as the query string brought it, for the page to keep in session storage. */
  fromQuery: string | null;
  /** A Set-Cookie header value that keeps a token from the query string, or clears a stale cookie. */
  setCookie: string | null;
}

/**
 * Preview mode is on when PREVIEW_TOKEN is configured and the request carries that token, in the
 * query string (which also sets the cookie) or in the cookie. Without PREVIEW_TOKEN there is no
 * preview interface and drafts never show.
 */
export function previewState(request: Request): PreviewState {
  const expected = process.env.PREVIEW_TOKEN;
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("preview");
  const fromCookie = readCookie(request.headers.get("cookie"), PREVIEW_COOKIE);
  if (!expected) return { active: false, fromQuery: null, setCookie: null };
  const secure = url.protocol === "https:" ? "; Secure" : "";
  if (fromQuery !== null) {
    if (!isPreviewToken(fromQuery, expected)) return { active: false, fromQuery: null, setCookie: null };
    return {
      active: true,
      fromQuery,
      setCookie: `${PREVIEW_COOKIE}=${encodeURIComponent(fromQuery)}; Path=/; HttpOnly; SameSite=Lax${secure}`,
    };
  }
  if (fromCookie !== undefined) {
    if (isPreviewToken(fromCookie, expected)) return { active: true, fromQuery: null, setCookie: null };
    return {
      active: false,
      fromQuery: null,
      setCookie: `${PREVIEW_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
    };
  }
  return { active: false, fromQuery: null, setCookie: null };
}
