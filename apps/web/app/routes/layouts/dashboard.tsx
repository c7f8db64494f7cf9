import { redirect, Outlet } from "react-router";

import { PortalNav } from "~/components/portal-nav";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { apiFromRequest } from "~/lib/api.server";
import { readCookie } from "~/lib/cookies";
import { localeFromPath, localizePath } from "~/lib/locale";
import { signInUrl } from "~/lib/session-expiry";
import { SESSION_COOKIE } from "@ems/config/constants";
import type { SessionUser } from "@ems/contracts/auth";
import { isStaffRole } from "@ems/contracts/roles";

import type { Route } from "./+types/dashboard";
import { call } from "~/lib/api-client";
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
  return { staff, companyRole: session.user.company_role };
}

/** Signed-in pages are personal: never stored by shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader accountLinks={false} />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col lg:flex-row lg:gap-6 lg:px-6">
        <PortalNav staff={loaderData.staff} companyRole={loaderData.companyRole} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          <Outlet />
        </main>
      </div>
      <SiteFooter />
    </div>
  );
}
