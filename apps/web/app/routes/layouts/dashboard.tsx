import { redirect, Outlet } from "react-router";

import { AppShell } from "~/components/app-shell";
import { NavBadgesContext, NO_NAV_BADGES } from "~/components/nav-badges";
import { apiFromRequest } from "~/lib/api.server";
import { readCookie } from "~/lib/cookies";
import { homePath, isDeskPath } from "~/lib/home-path";
import { localeFromPath, localizePath } from "~/lib/locale";
import { signInUrl } from "~/lib/session-expiry";
import { sidebarCollapsed } from "~/lib/sidebar";
import { SESSION_COOKIE } from "@ems/config/constants";
import type { SessionUser } from "@ems/contracts/auth";
import { isStaffRole } from "@ems/contracts/roles";
import { mayCall } from "@ems/contracts/endpoints";
import { engineeringQueryEndpoints } from "@ems/contracts/engineering-queries";

import type { Route } from "./+types/dashboard";
import { call, type ApiClient } from "~/lib/api-client";
import { authEndpoints } from "@ems/contracts/auth";

function loginRedirect(url: URL): Response {
  return redirect(signInUrl(url.pathname, url.search));
}

/**
 * The auth guard of every /my page. No session cookie: straight to the sign-in page. With one, the
 * API decides; any answer but 200 (including a network failure) counts as signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!readCookie(request.headers.get("cookie"), SESSION_COOKIE)) throw loginRedirect(url);
  let session: { user: SessionUser };
  try {
    const answer = await call(apiFromRequest(request, context), authEndpoints.session);
    if (answer.status !== 200) throw loginRedirect(url);
    session = answer.data;
  } catch (error) {
    if (error instanceof Response) throw error;
    throw loginRedirect(url);
  }
  const staff = isStaffRole(session.user.role);
  // The back office is for the operator's staff; customers who type its address see their desk.
  if (!staff && /^(\/[a-z]{2})?\/staff(\/|$)/.test(url.pathname)) {
    throw redirect(localizePath("/my/desk", localeFromPath(url.pathname)));
  }
  // Staff belong to no customer company: their start page is the back-office home, not the desk.
  if (staff && isDeskPath(url.pathname))
    throw redirect(homePath(session.user.role, localeFromPath(url.pathname)));
  return {
    staff,
    navBadges: await navBadges(apiFromRequest(request, context), session.user),
    companyRole: session.user.company_role,
    // The greeting's name, from the first server render on (the API already answered who it is).
    user: {
      first_name: session.user.first_name,
      last_name: session.user.last_name,
      full_name: session.user.full_name,
      email: session.user.email,
      staff,
    },
    sidebarCollapsed: sidebarCollapsed(request.headers.get("cookie")),
  };
}

/**
 * The menu's counts: one request for the engineering queries waiting for the company's answer, only
 * for members who may read them; a failure shows no badge rather than no page.
 */
async function navBadges(api: ApiClient, user: SessionUser) {
  if (!mayCall(user, engineeringQueryEndpoints.counts)) return NO_NAV_BADGES;
  try {
    const { data } = await call(api, engineeringQueryEndpoints.counts);
    return { openQueries: data.open };
  } catch {
    return NO_NAV_BADGES;
  }
}

/** Signed-in pages are personal: never stored by shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <NavBadgesContext value={loaderData.navBadges}>
      <AppShell
        user={loaderData.user}
        staff={loaderData.staff}
        companyRole={loaderData.companyRole}
        sidebarCollapsed={loaderData.sidebarCollapsed}
      >
        <Outlet />
      </AppShell>
    </NavBadgesContext>
  );
}
