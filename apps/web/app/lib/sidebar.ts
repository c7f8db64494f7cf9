import { SIDEBAR_COOKIE } from "@ems/config/constants";

import { readCookie } from "./cookies";

/** Whether the cookie (a Cookie header or document.cookie) says the sidebar is collapsed. */
export function sidebarCollapsed(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader, SIDEBAR_COOKIE) === "collapsed";
}

/**
 * Remembers the choice for a year. A cookie rather than web storage: the layout's loader reads it, so
 * the server renders the sidebar in its final width and nothing jumps after hydration.
 */
export function saveSidebarCollapsed(collapsed: boolean): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? "collapsed" : "expanded"}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
