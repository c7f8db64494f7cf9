import { AUTH_PATHS } from "@ems/contracts/public-paths";
import { sameOriginPath } from "@ems/contracts/safe-paths";

import { ApiError, createApiClient, resolvePath, type ApiClient, type ApiClientOptions } from "./api-client";
import { localeFromPath, localizePath } from "./locale";

/**
 * What the browser does when a call fails because the session is gone: while
 * signed in, a 401 on any call but sign-in and verification — or a 500 whose text speaks of tokens,
 * signatures or authorisation — shows the 'Session Expired' notice and goes to the sign-in page
 * after 3 s. A 403, a CORS text or 'Failed to fetch' marks a cross-origin error instead.
 */

export const EXPIRY_REDIRECT_DELAY_MS = 3000;
export const EXPIRY_TOAST_MS = 6000;

/** Calls whose 401 means wrong credentials, not an expired session. */
const AUTH_CALLS = [AUTH_PATHS.login, AUTH_PATHS.verify];

const EXPIRY_TEXT = /token|jwt|unauthori[sz]ed|unauthorised|forbidden|expired|signature|authorization/i;

export function isAuthCall(path: string): boolean {
  const resolved = resolvePath(path).split("?")[0]!;
  return AUTH_CALLS.some((call) => resolved === call || resolved.endsWith(call));
}

export function isSessionExpiry(error: ApiError, path: string): boolean {
  if (isAuthCall(path)) return false;
  if (error.status === 401) return true;
  return error.status === 500 && EXPIRY_TEXT.test(`${error.message} ${error.code}`);
}

export function isCrossOriginFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError && error.status === 403) return true;
  return /cors/i.test(message) || message.includes("Failed to fetch");
}

/**
 * The sign-in page in the language of `pathname`, asking to come back to `pathname` + `search`
 * afterwards (issue 15): the way back goes through the same check the sign-in page applies, and is
 * left out when it is no clean path of this site.
 */
export function signInUrl(pathname: string, search = ""): string {
  const login = localizePath("/login", localeFromPath(pathname));
  const back = sameOriginPath(`${pathname}${search}`);
  return back ? `${login}?${new URLSearchParams({ redirect: back }).toString()}` : login;
}

let crossOriginError = false;

/** Set once a call failed in a way that points at a cross-origin problem. */
export function hasCrossOriginError(): boolean {
  return crossOriginError;
}

export interface ExpiryHandlers {
  /** Whether the browser believes it is signed in (the logged_in hint). */
  isSignedIn: () => boolean;
  /** Clears the local session state and shows the notice; called at most once per expiry. */
  onExpired: () => void;
  /** Goes to the sign-in page. */
  redirect: () => void;
  schedule?: (fn: () => void, ms: number) => unknown;
}

let expiring = false;

/** Inspects a failed call; answers whether it was handled as an expiry. */
export function handleApiFailure(error: unknown, path: string, handlers: ExpiryHandlers): boolean {
  if (isCrossOriginFailure(error)) crossOriginError = true;
  if (!(error instanceof ApiError) || !handlers.isSignedIn() || !isSessionExpiry(error, path)) return false;
  if (expiring) return true;
  expiring = true;
  handlers.onExpired();
  (handlers.schedule ?? setTimeout)(() => {
    expiring = false;
    handlers.redirect();
  }, EXPIRY_REDIRECT_DELAY_MS);
  return true;
}

/** Tests only. */
export function resetExpiryStateForTests() {
  crossOriginError = false;
  expiring = false;
}

/** An API client whose failures pass through handleApiFailure before they reach the caller. */
export function createExpiryAwareClient(handlers: ExpiryHandlers, options: ApiClientOptions = {}): ApiClient {
  const inner = createApiClient(options);
  const guard = async <T>(path: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      handleApiFailure(error, path, handlers);
      throw error;
    }
  };
  return {
    request: (method, path, opts) => guard(path, () => inner.request(method, path, opts)),
    get: (path, params, opts) => guard(path, () => inner.get(path, params, opts)),
    post: (path, body, opts) => guard(path, () => inner.post(path, body, opts)),
    put: (path, body, opts) => guard(path, () => inner.put(path, body, opts)),
    delete: (path, params, opts) => guard(path, () => inner.delete(path, params, opts)),
  };
}
