import { LOGGED_IN_HINT_COOKIE } from "@ems/config/constants";
import { useSyncExternalStore } from "react";

import { createApiClient, type ApiClient } from "./api-client";
import { readCookie } from "./cookies";
import { AUTH_PATHS } from "@ems/contracts/public-paths";
import { isStaffRole } from "@ems/contracts/roles";

/**
 * The visitor's sign-in state in the browser (for the header). Pages are prerendered, so the server
 * and the hydration render always show the signed-out header; the browser then asks the API once per
 * page load, but only when the readable hint cookie `logged_in=1` says a session may exist (the
 * HttpOnly session cookie itself is invisible to scripts). Visitors who never signed in cost no
 * request, and see no failed request in their console. The hint never grants anything: the API's
 * answer decides.
 */

export interface SessionUser {
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  /** One of the operator's staff: their home is the back office, not the customer desk. */
  staff: boolean;
}

export type SessionState =
  | { status: "loading"; user?: undefined }
  | { status: "signed-out"; user?: undefined }
  | { status: "signed-in"; user: SessionUser };

// The header on every public page checks the session: the paths come without auth.ts's schemas.
export const SESSION_PATH = AUTH_PATHS.session;
export const LOGOUT_PATH = AUTH_PATHS.logout;

const SIGNED_OUT: SessionState = { status: "signed-out" };
const LOADING: SessionState = { status: "loading" };

let state: SessionState = LOADING;
let started = false;
let client: ApiClient = createApiClient();
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/** Reads the user from the session answer (`data.user` or `data` itself); null when it has none. */
export function parseSessionUser(data: unknown): SessionUser | null {
  if (typeof data !== "object" || data === null) return null;
  const record = data as Record<string, unknown>;
  const source =
    typeof record.user === "object" && record.user !== null
      ? (record.user as Record<string, unknown>)
      : record;
  const user = {
    first_name: text(source.first_name),
    last_name: text(source.last_name),
    full_name: text(source.full_name),
    email: text(source.email),
    staff: isStaffRole(text(source.role)),
  };
  if (!user.full_name) user.full_name = `${user.first_name} ${user.last_name}`.trim();
  return user.full_name || user.email ? user : null;
}

/** Asks the API who is signed in. Any answer but a 200 with a user, or a failure, is signed out. */
export async function fetchSession(api: ApiClient = client): Promise<SessionState> {
  try {
    const answer = await api.get<unknown>(SESSION_PATH);
    if (answer.status !== 200) return SIGNED_OUT;
    const user = parseSessionUser(answer.data);
    return user ? { status: "signed-in", user } : SIGNED_OUT;
  } catch {
    return SIGNED_OUT;
  }
}

function start() {
  if (started) return;
  started = true;
  if (readCookie(document.cookie, LOGGED_IN_HINT_COOKIE) !== "1") {
    setState(SIGNED_OUT);
    return;
  }
  void fetchSession().then(setState);
}

/**
 * After profile changes the user is fetched again (docs/behaviour/accounts.md#profile): asks the API again and updates every
 * component showing the user (the header greeting among them).
 */
export async function refreshSession(api: ApiClient = client): Promise<void> {
  setState(await fetchSession(api));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  start();
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => state;
const getServerSnapshot = () => SIGNED_OUT;

/** `{ status, user }`: "signed-out" on the server and while hydrating, then the API's answer. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** Whether the hint cookie says a session probably exists (only meaningful in the browser). */
export function hasLoggedInHint(
  cookieHeader: string = typeof document === "undefined" ? "" : document.cookie,
): boolean {
  return readCookie(cookieHeader, LOGGED_IN_HINT_COOKIE) === "1";
}

function clearHintCookie() {
  if (typeof document === "undefined") return;
  // With the attributes the API sets it with (Secure above all), or the browser may keep the original.
  document.cookie = `${LOGGED_IN_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; Secure`;
}

/** Keys this app keeps in web storage; all of them belong to the signed-in user. */
export const STORAGE_PREFIX = "ems:";
/** The analytics user id (reset on sign-out). */
export const ANALYTICS_USER_KEY = `${STORAGE_PREFIX}analytics_user_id`;
/** The user's language as last stored (userLanguage). */
export const USER_LANGUAGE_KEY = `${STORAGE_PREFIX}userLanguage`;

function clearStorage(storage: Storage | undefined) {
  if (!storage) return;
  for (const key of Object.keys(storage)) if (key.startsWith(STORAGE_PREFIX)) storage.removeItem(key);
}

/** Forgets the analytics user id, so later events are not tied to the person who signed out. */
export function resetAnalyticsUser() {
  if (typeof window === "undefined") return;
  window.localStorage.removeItem(ANALYTICS_USER_KEY);
}

/**
 * Sign-out (docs/behaviour/accounts.md#sign-out): clears token, expiry, user and language state, resets all stored state and the analytics
 * user id. The token and expiry live only in the HttpOnly cookie the server clears; here the hint
 * cookie, the stored user and language, and everything else the app stored go.
 */
export function clearLocalSessionState() {
  clearHintCookie();
  if (typeof window !== "undefined") {
    resetAnalyticsUser();
    clearStorage(window.localStorage);
    clearStorage(window.sessionStorage);
  }
  setState(SIGNED_OUT);
}

/**
 * Signs out (POST /api/auth/logout). On success the state becomes signed out at once; a failure is
 * rethrown for the caller's error notice and leaves the state unchanged.
 */
export async function logout(api: ApiClient = client): Promise<void> {
  await api.post<unknown>(LOGOUT_PATH, {});
  clearLocalSessionState();
}

/** The browser entry hands over the expiry-aware client (lib/browser-api.ts) before anything renders. */
export function setSessionApiClient(api: ApiClient) {
  client = api;
}

/** Tests only: a fresh store, optionally with another API client. */
export function resetSessionForTests(api?: ApiClient, initial: SessionState = LOADING) {
  client = api ?? createApiClient();
  started = false;
  state = initial;
  listeners.clear();
}

/** The name variants of the greeting menu: full name on desktop, first name on small screens. */
export function displayName(user: SessionUser, variant: "full" | "short"): string {
  const full = user.full_name || `${user.first_name} ${user.last_name}`.trim() || user.email;
  if (variant === "full") return full;
  return user.first_name || full.split(/\s+/)[0] || user.email;
}
