/** Business constants and limits that both apps use (docs/behaviour/data.md#business-constants-and-limits). */

/** API client request timeout. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Breakpoints in px. */
export const BREAKPOINTS = { md: 768, lg: 1024, xl: 1120, "2xl": 1280 } as const;

/** Language cookie. */
export const LANGUAGE_COOKIE = "i18n_redirected";
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Colour-mode cookie. */
export const COLOR_MODE_COOKIE = "color_mode";

/** The app shell's sidebar state on desktop: "collapsed" shows icons only (docs/behaviour/public-site.md#app-shell). */
export const SIDEBAR_COOKIE = "sidebar";

/** Toasts. */
export const TOAST = { durationMs: 5000, visible: 5, gap: 16 } as const;

/** JSON request bodies above this answer 413. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** Session cookie and lifetimes (docs/api.md, ADR 0003). A session ends after 2 h without use, and after 24 h in any case. */
export const SESSION_COOKIE = "session";
export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 24 * 60 * 60 * 1000;
/** Readable hint that a session may exist; never grants anything (see apps/web lib/session-client.ts). */
export const LOGGED_IN_HINT_COOKIE = "logged_in";
