/**
 * Where a redirect may send a visitor (issue 15): the same-origin checks of `/login?redirect=`, the
 * session-expiry return, /redirect?to= and the redirect rules. Kept apart from redirects.ts (zod
 * schemas and endpoints) because public pages run them and would otherwise load zod.
 */

/** Longer targets are refused unread: no page of this site needs one. */
const MAX_TARGET_LENGTH = 2048;

/** The origin a bare path is parsed against when the caller has none at hand; it never leaks out. */
const PATH_ONLY_ORIGIN = "https://same-origin.invalid";

/**
 * Browsers are lenient with URLs: they drop tabs and newlines, read `\` as `/` and `//host` as another
 * site, and a later decode can turn `%2F` into a second slash. A target that needs any of that
 * leniency is refused instead of repaired: control characters, whitespace (Unicode's too),
 * backslashes and stray `%` as typed, and control characters and backslashes once decoded.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_AS_TYPED = /[\s\u0000-\u001f\u007f-\u009f\\]|%(?![0-9a-f]{2})/iu;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_DECODED = /[\u0000-\u001f\u007f\\]/;
const MAX_DECODES = 4;

/**
 * The value and what repeated percent-decoding makes of it (null if it has not settled after a few
 * rounds). Each escape is decoded on its own, as the most lenient decoder would, so an invalid
 * sequence cannot shield the slashes behind it; only ASCII matters to the checks.
 */
function decodedForms(value: string): string[] | null {
  const forms = [value];
  for (let i = 0; i < MAX_DECODES; i++) {
    const last = forms[forms.length - 1]!;
    const next = last.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === last) return forms;
    forms.push(next);
  }
  return null;
}

/**
 * A path stays on its site however often it is decoded: its slashes are the ones it shows (none is
 * percent-encoded), no form of it holds `//` (the start of another host, or an empty segment that
 * dot segments can move to the front) and every form resolves on the origin it is resolved against.
 */
function isCleanPath(pathname: string): boolean {
  const forms = decodedForms(pathname);
  const slashes = pathname.split("/").length;
  return (
    forms !== null &&
    forms.every((form) => {
      if (!form.startsWith("/") || form.includes("//") || form.split("/").length !== slashes) return false;
      try {
        return new URL(form, PATH_ONLY_ORIGIN).origin === PATH_ONLY_ORIGIN;
      } catch {
        return false;
      }
    })
  );
}

/**
 * The one same-origin check (issue 15): the candidate, parsed against `origin`, must land on that
 * origin with a clean path. Only two shapes are considered at all: a path with exactly one leading
 * slash, and an absolute http(s) URL; `//host`, `javascript:`, `https:host` and anything relative
 * are refused, as are credentials (`https://user@host`).
 */
function resolveOnOrigin(candidate: unknown, origin: string): URL | null {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > MAX_TARGET_LENGTH)
    return null;
  if (FORBIDDEN_AS_TYPED.test(candidate)) return null;
  const isPath = candidate.startsWith("/") && !candidate.startsWith("//");
  if (!isPath && !/^https?:\/\/[^/]/i.test(candidate)) return null;
  const forms = decodedForms(candidate);
  if (forms === null || forms.some((form) => FORBIDDEN_DECODED.test(form))) return null;
  let site: string;
  let url: URL;
  try {
    site = new URL(origin).origin;
    url = new URL(candidate, site);
  } catch {
    return null;
  }
  if (url.origin !== site || url.username || url.password) return null;
  return isCleanPath(url.pathname) ? url : null;
}

/**
 * Where a redirect parameter (`/login?redirect=`, the session-expiry return, a page path) may send a
 * visitor: the normalised local path `/path?query#hash` when the candidate is a path on this site
 * (or an absolute URL of `origin`, the site's own origin), else null. The answer stays on whatever
 * origin a browser resolves it against, so callers without the site's origin at hand may omit it.
 */
export function sameOriginPath(candidate: unknown, origin?: string): string | null {
  // Without the site's origin only a path can be known to be local.
  if (origin === undefined && !(typeof candidate === "string" && candidate.startsWith("/"))) return null;
  const url = resolveOnOrigin(candidate, origin ?? PATH_ONLY_ORIGIN);
  return url ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * The target of a redirect rule or of /redirect?to=: a local path as `sameOriginPath`
 * accepts it, or an absolute URL on one of `allowedOrigins` (checked by the same core), else null.
 */
export function safeRedirectTarget(target: unknown, allowedOrigins: readonly string[] = []): string | null {
  if (typeof target === "string" && target.startsWith("/")) return sameOriginPath(target);
  for (const origin of allowedOrigins) {
    const url = resolveOnOrigin(target, origin);
    if (url) return url.href;
  }
  return null;
}
