import { redirect, Outlet } from "react-router";

import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { apiFromRequest } from "~/lib/api.server";
import { readCookie } from "~/lib/cookies";
import { localeFromPath, localizePath } from "~/lib/locale";
import { SESSION_COOKIE } from "@ems/config/constants";

import type { Route } from "./+types/dashboard";

function loginRedirect(url: URL): Response {
  const login = localizePath("/login", localeFromPath(url.pathname));
  const query = new URLSearchParams({ redirect: `${url.pathname}${url.search}` });
  return redirect(`${login}?${query.toString()}`);
}

/**
 * The auth guard of every /my page. No session cookie: straight to the sign-in page. With one, the
 * API decides; any answer but 200 (including a network failure) counts as signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!readCookie(request.headers.get("cookie"), SESSION_COOKIE)) throw loginRedirect(url);
  try {
    const session = await apiFromRequest(request, context).get<unknown>("/api/auth/session");
    if (session.status !== 200) throw loginRedirect(url);
  } catch (error) {
    if (error instanceof Response) throw error;
    throw loginRedirect(url);
  }
  return null;
}

/** Signed-in pages are personal: never stored by shared caches. */
export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function DashboardLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader accountLinks={false} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
