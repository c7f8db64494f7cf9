import { useLingui } from "@lingui/react";
import { ChevronDown, LayoutDashboard, LogOut, UserRound } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, useNavigate } from "react-router";

import { href } from "~/lib/route-map";
import { displayName, logout, type SessionUser } from "~/lib/session-client";
import { notifyGlobalError, showToast } from "~/lib/toast";

import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./ui/dropdown-menu";
import { Skeleton } from "./ui/skeleton";
import { useLocale } from "~/lib/use-locale";

/**
 * Signs out: on success the notice my_profile.logout_success and home, on failure the
 * notice global.error. Returns the action and whether it is running.
 */
export function useLogoutAction() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const locale = useLocale();
  const [pending, setPending] = useState(false);

  const run = useCallback(async () => {
    setPending(true);
    try {
      await logout();
      showToast({ title: i18n._("my_profile.logout_success"), color: "success" });
      await navigate(href("home", locale));
    } catch (error) {
      console.error("Sign-out failed", error);
      notifyGlobalError(i18n);
    } finally {
      setPending(false);
    }
  }, [i18n, locale, navigate]);

  return { logout: run, pending };
}

/** The greeting text of the account menu: the full name on desktop, the first name on small screens. */
export function Greeting({ user }: { user: SessionUser }) {
  const { i18n } = useLingui();
  return (
    <>
      <span className="hidden max-w-56 truncate lg:inline">
        {i18n._("nav.greeting", { name: displayName(user, "full") })}
      </span>
      <span className="max-w-28 truncate lg:hidden">{displayName(user, "short")}</span>
    </>
  );
}

/** Shown where the greeting goes while the session is loading and the hint cookie says signed in. */
export function AccountSkeleton() {
  const { i18n } = useLingui();
  return (
    <span role="status" className="inline-flex h-10 items-center">
      <Skeleton className="h-6 w-20 lg:w-36" />
      <span className="sr-only">{i18n._("nav.account_loading")}</span>
    </span>
  );
}

/**
 * Where the account menus lead a signed-in user: customers to their desk, the operator's staff
 * (who belong to no customer company) to the back office.
 */
export function homeEntry(user: SessionUser): { page: "my-desk" | "staff"; label: string } {
  return user.staff
    ? { page: "staff", label: "portal_nav.staff_label" }
    : { page: "my-desk", label: "nav.customer_desk" };
}

/** The signed-in header (docs/behaviour/public-site.md#signed-in-header): the greeting menu with the customer desk (staff: the back office) and sign-out. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { logout: signOut, pending } = useLogoutAction();
  const home = homeEntry(user);

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="inline-flex h-10 max-w-full min-w-0 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-neutral-800 hover:bg-neutral-100 data-[state=open]:bg-neutral-100 dark:text-neutral-100 dark:hover:bg-neutral-800 dark:data-[state=open]:bg-neutral-800">
        <UserRound aria-hidden="true" className="size-5 shrink-0" />
        <Greeting user={user} />
        <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="truncate">
          <span className="block truncate text-sm text-neutral-900 dark:text-neutral-100">
            {displayName(user, "full")}
          </span>
          {user.email ? <span className="block truncate font-normal">{user.email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={href(home.page, locale)}>
            <LayoutDashboard aria-hidden="true" className="size-4" />
            {i18n._(home.label)}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={pending} onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" className="size-4" />
          {i18n._("nav.logout")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
