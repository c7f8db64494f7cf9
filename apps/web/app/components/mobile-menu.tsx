import { useLingui } from "@lingui/react";
import { ChevronDown, LayoutDashboard, LogOut, Menu, X } from "lucide-react";
import { memo, type ReactNode, useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";

import { localeFromPath, localizePath } from "~/lib/locale";
import type { MenuGroup } from "~/lib/nav";
import { href } from "~/lib/route-map";
import type { SessionState } from "~/lib/session-client";

import { homeEntry, useLogoutAction } from "./account-menu";
import { ContactEntryLink } from "./contact-entry-link";
import { LanguageSelector } from "./language-selector";
import { MenuLink } from "./menu-link";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "./ui/collapsible";
import { Tooltip } from "./ui/tooltip";

const entryClass =
  "flex min-h-11 items-center gap-2 rounded-md px-3 py-2 text-sm text-neutral-800 hover:bg-primary-50 hover:text-primary-900 aria-[current=page]:font-semibold aria-[current=page]:text-primary-800 dark:text-neutral-100 dark:hover:bg-neutral-800 dark:hover:text-white dark:aria-[current=page]:text-primary-300";

/** The menu button of small screens (below 1024 px). */
export function MobileMenuButton({
  open,
  onToggle,
  controls,
}: {
  open: boolean;
  onToggle: () => void;
  controls: string;
}) {
  const { i18n } = useLingui();
  const label = i18n._(open ? "nav.menu_close" : "nav.menu_open");
  const Icon = open ? X : Menu;
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={controls}
        aria-label={label}
        onClick={onToggle}
        data-mobile-menu-button=""
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-neutral-800 hover:bg-neutral-100 lg:hidden dark:text-neutral-100 dark:hover:bg-neutral-800"
      >
        <Icon aria-hidden="true" className="size-6" />
      </button>
    </Tooltip>
  );
}

function Group({ group, onChosen }: { group: MenuGroup; onChosen: () => void }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  return (
    <Collapsible asChild>
      <li className="border-b border-neutral-200 md:border-none dark:border-neutral-800">
        <CollapsibleTrigger className="group flex min-h-12 w-full items-center justify-between gap-2 rounded-md px-3 text-left text-base font-semibold text-neutral-900 hover:bg-neutral-100 dark:text-white dark:hover:bg-neutral-800">
          {i18n._(group.titleKey)}
          <ChevronDown
            aria-hidden="true"
            className="size-5 shrink-0 transition-transform duration-100 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
          />
        </CollapsibleTrigger>
        <CollapsibleContent>
          <ul className="pb-3 pl-2">
            {group.links.map((link) => (
              <li key={link.key}>
                <MenuLink
                  link={link}
                  onChosen={onChosen}
                  aria-current={link.href === pathname ? "page" : undefined}
                  className={entryClass}
                />
              </li>
            ))}
          </ul>
        </CollapsibleContent>
      </li>
    </Collapsible>
  );
}

/**
 * The panel of small screens: four independently collapsible groups and the contact
 * entry, then the account actions. Choosing a link closes it; so do Escape and any navigation.
 * From 768 px the groups stand in two columns; below that they are stacked (vertical navigation).
 * Memoised like MainNav: the closed panel's links need not re-render when the header scrolls.
 */
export const MobileMenuPanel = memo(function MobileMenuPanel({
  id,
  open,
  onClose,
  groups,
  session,
  accountLinks = true,
}: {
  id: string;
  accountLinks?: boolean;
  open: boolean;
  onClose: (focusButton?: boolean) => void;
  groups: MenuGroup[];
  session: SessionState;
}) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const panelRef = useRef<HTMLDivElement>(null);
  const { logout, pending } = useLogoutAction();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented) onClose(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onClose]);

  let account: ReactNode;
  if (session.status === "signed-in") {
    const home = homeEntry(session.user);
    account = (
      <div className="flex flex-col gap-1">
        <Link to={href(home.page, locale)} onClick={() => onClose()} className={entryClass}>
          <LayoutDashboard aria-hidden="true" className="size-4" />
          {i18n._(home.label)}
        </Link>
        <button
          type="button"
          disabled={pending}
          onClick={() => {
            onClose();
            void logout();
          }}
          className={`${entryClass} w-full text-left disabled:opacity-60`}
        >
          <LogOut aria-hidden="true" className="size-4" />
          {i18n._("nav.logout")}
        </button>
      </div>
    );
  } else if (session.status === "signed-out") {
    account = (
      <div className="flex flex-wrap items-center gap-2">
        {accountLinks ? (
          <>
            <Link
              to={localizePath("/login", locale)}
              onClick={() => onClose()}
              className="inline-flex h-11 items-center rounded-md border border-neutral-300 px-4 text-sm font-semibold text-neutral-900 hover:bg-neutral-100 dark:border-neutral-600 dark:text-neutral-100 dark:hover:bg-neutral-800"
            >
              {i18n._("nav.login")}
            </Link>
            <Link
              to={localizePath("/register", locale)}
              onClick={() => onClose()}
              className="inline-flex h-11 items-center rounded-md bg-primary-700 px-4 text-sm font-semibold text-white hover:bg-primary-800 dark:bg-primary-600 dark:hover:bg-primary-700"
            >
              {i18n._("nav.register")}
            </Link>
          </>
        ) : null}
        <LanguageSelector className="ml-auto" />
      </div>
    );
  }

  return (
    <div
      id={id}
      ref={panelRef}
      hidden={!open}
      className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-b border-neutral-200 bg-white shadow-lg lg:hidden dark:border-neutral-800 dark:bg-neutral-950"
    >
      {/* Rendered only while open: the closed panel's links (the whole menu again) and its groups
          would otherwise be hydrated on every page load for nothing (issue 20). */}
      {open ? (
        <>
          <nav aria-label={i18n._("nav.main_label")} className="mx-auto max-w-7xl px-3 py-3 sm:px-4 md:px-6">
            <ul className="flex flex-col md:grid md:grid-cols-2 md:items-start md:gap-x-6">
              {groups.map((group) => (
                <Group key={group.id} group={group} onChosen={() => onClose()} />
              ))}
              <li className="border-b border-neutral-200 md:col-span-2 md:border-none dark:border-neutral-800">
                <ContactEntryLink
                  closeMenu={() => onClose()}
                  className="flex min-h-12 items-center rounded-md px-3 text-base font-semibold text-neutral-900 hover:bg-neutral-100 dark:text-white dark:hover:bg-neutral-800"
                />
              </li>
            </ul>
          </nav>
          {account ? (
            <div className="mx-auto max-w-7xl border-t border-neutral-200 px-3 py-4 sm:px-4 md:px-6 dark:border-neutral-800">
              {account}
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
});
