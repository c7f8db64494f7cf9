import { LOGGED_IN_HINT_COOKIE } from "@ems/config/constants";

import type { ApiClient } from "./api-client";
import { readCookie } from "./cookies";
import { latestI18n } from "./i18n";
import { clearLocalSessionState } from "./session-client";
import { createExpiryAwareClient, signInUrl } from "./session-expiry";
import { notifySessionExpired } from "./toast";

let client: ApiClient | undefined;

/**
 * The API client for browser code: same-origin, cookies sent by the browser, and session expiry
 * handled as docs/behaviour/accounts.md#session-expiry says. Server code uses apiFromRequest() instead.
 */
export function browserApi(): ApiClient {
  client ??= createExpiryAwareClient({
    isSignedIn: () => readCookie(document.cookie, LOGGED_IN_HINT_COOKIE) === "1",
    onExpired: () => {
      clearLocalSessionState();
      const i18n = latestI18n();
      if (i18n) notifySessionExpired(i18n);
    },
    redirect: () => window.location.assign(signInUrl(window.location.pathname, window.location.search)),
  });
  return client;
}
