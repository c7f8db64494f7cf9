import { useLingui } from "@lingui/react";
import { useCallback, useId, useMemo, useState } from "react";
import { LogIn } from "lucide-react";
import { Link, useLocation, useMatches } from "react-router";

import { cn } from "~/lib/cn";
import { headerScrollThreshold, useScrolledPast } from "~/lib/header-scroll";
import { localeFromPath, localizePath, stripLocalePrefix } from "~/lib/locale";
import { menuGroups } from "~/lib/nav";
import { currentPage } from "~/lib/route-map";
import { hasLoggedInHint, useSession } from "~/lib/session-client";

import { AccountMenu, AccountSkeleton } from "./account-menu";
import { BrandLink } from "./brand-link";
import { ColorModeToggle } from "./color-mode-toggle";
import { LanguageSelector } from "./language-selector";
import { MainNav } from "./main-nav";
import { MobileMenuButton, MobileMenuPanel } from "./mobile-menu";
import { PortalContainerHeader } from "./ui/portal-container";
import { Tooltip, TooltipProvider } from "./ui/tooltip";

export function SkipLink() {
  const { i18n } = useLingui();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary-700 px-4 py-2 text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
    >
      {i18n._("nav.skip_to_content")}
    </a>
  );
}

/** Whether the page is a home page (any language): its header changes style later. */
function useIsHome(): boolean {
  const page = currentPage(useMatches());
  const { pathname } = useLocation();
  return page ? page.key === "home" : stripLocalePrefix(pathname) === "/";
}

/**
 * The site header (docs/behaviour/public-site.md#header). `accountLinks={false}` (sign-in and registration pages) leaves out the
 * sign-in and register buttons; the greeting menu shows whenever someone is signed in. Desktop (≥ 1024 px): logo, menu bar, colour-mode toggle and either the
 * visitor's sign-in, register and language selector or the greeting menu. Below 1024 px the menu and
 * account actions move into a panel behind the menu button. The header sticks to the top and gets a
 * solid background and a shadow once scrolled past 350 px on home pages, 100 px elsewhere; its
 * height never changes, so nothing below it moves.
 */
export function SiteHeader({ accountLinks = true }: { accountLinks?: boolean }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const groups = useMemo(() => menuGroups(locale), [locale]);
  const scrolled = useScrolledPast(headerScrollThreshold(useIsHome()));
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();

  const closeMenu = useCallback((focusButton = false) => {
    setMenuOpen(false);
    if (focusButton) document.querySelector<HTMLElement>("[data-mobile-menu-button]")?.focus();
  }, []);

  // Any navigation closes the panel (links inside close it themselves; this covers back/forward).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  // The server and the hydrating browser render the signed-out header ("signed-out" is the session's
  // server snapshot), so a hint-less visitor's header renders once; only "loading" in the browser
  // reads the cookie.
  const showSkeleton = session.status === "loading" && hasLoggedInHint();
  const signedOut = session.status === "signed-out" || (session.status === "loading" && !showSkeleton);
  const linkBase = "inline-flex h-10 items-center rounded-md px-3 text-sm font-semibold whitespace-nowrap";

  return (
    <TooltipProvider delayDuration={300}>
      <PortalContainerHeader
        data-scrolled={scrolled ? "true" : "false"}
        className={cn(
          "sticky top-0 z-40 border-b transition-[background-color,box-shadow,border-color] duration-200 motion-reduce:transition-none",
          scrolled || menuOpen
            ? "border-neutral-200 bg-white shadow-md dark:border-neutral-800 dark:bg-neutral-950 dark:shadow-black/40"
            : "border-transparent bg-white/90 backdrop-blur dark:bg-neutral-950/90",
        )}
      >
        <SkipLink />
        <div className="relative mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-4 md:px-6">
          <BrandLink />
          <MainNav groups={groups} />
          <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1.5">
            <ColorModeToggle />
            {showSkeleton ? <AccountSkeleton /> : null}
            {session.status === "signed-in" ? <AccountMenu user={session.user} /> : null}
            {signedOut ? (
              <div className="hidden items-center gap-1 lg:flex 2xl:gap-1.5">
                <LanguageSelector />
                {accountLinks ? (
                  <>
                    {/* Below 1280 px the menu bar needs the room: an icon with a tooltip. */}
                    <Tooltip content={i18n._("nav.login")}>
                      <Link
                        to={localizePath("/login", locale)}
                        className={cn(
                          linkBase,
                          "px-2.5 text-neutral-800 hover:bg-neutral-100 2xl:px-3 dark:text-neutral-100 dark:hover:bg-neutral-800",
                        )}
                      >
                        <LogIn aria-hidden="true" className="size-5 2xl:hidden" />
                        <span className="max-2xl:sr-only">{i18n._("nav.login")}</span>
                      </Link>
                    </Tooltip>
                    <Link
                      to={localizePath("/register", locale)}
                      className={cn(
                        linkBase,
                        "bg-primary-700 text-white hover:bg-primary-800 dark:bg-primary-600 dark:hover:bg-primary-700",
                      )}
                    >
                      {i18n._("nav.register")}
                    </Link>
                  </>
                ) : null}
              </div>
            ) : null}
            <MobileMenuButton
              open={menuOpen}
              onToggle={() => setMenuOpen((open) => !open)}
              controls={panelId}
            />
          </div>
          <MobileMenuPanel
            id={panelId}
            open={menuOpen}
            onClose={closeMenu}
            groups={groups}
            session={session}
            accountLinks={accountLinks}
          />
        </div>
      </PortalContainerHeader>
    </TooltipProvider>
  );
}
