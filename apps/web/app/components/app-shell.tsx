import { useLingui } from "@lingui/react";
import { Menu, PanelLeftClose, PanelLeftOpen, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useId, useState, type ReactNode } from "react";
import { useLocation } from "react-router";

import { cn } from "~/lib/cn";
import { saveSidebarCollapsed } from "~/lib/sidebar";
import { useSession, type SessionUser } from "~/lib/session-client";
import { useLocale } from "~/lib/use-locale";

import { AccountMenu } from "./account-menu";
import { BrandLink } from "./brand-link";
import { ColorModeToggle } from "./color-mode-toggle";
import { LanguageSelector } from "./language-selector";
import { PortalNav } from "./portal-nav";
import { SkipLink } from "./site-header";
import { CopyrightLine, LegalLinks } from "./site-footer";
import { PortalContainerHeader } from "./ui/portal-container";
import { Tooltip, TooltipProvider } from "./ui/tooltip";

const iconButtonClass =
  "inline-flex size-10 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-neutral-200 dark:hover:bg-neutral-800";

/**
 * The phone and tablet navigation (below 1024 px): the sidebar's list in a drawer from the left. A
 * Radix dialog traps focus, closes on Escape and on a click beside it, and gives focus back to the
 * menu button; choosing a link or any other navigation closes it too.
 */
export function NavDrawer({ staff, companyRole }: { staff: boolean; companyRole: string | null }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openPath, setOpenPath] = useState(pathname);
  if (openPath !== pathname) {
    setOpenPath(pathname);
    setOpen(false);
  }
  const label = i18n._(open ? "nav.menu_close" : "nav.menu_open");
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <button type="button" aria-label={label} className={cn(iconButtonClass, "lg:hidden")}>
          <Menu aria-hidden="true" className="size-6" />
        </button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-neutral-950/50 lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-neutral-200 bg-white shadow-xl lg:hidden dark:border-neutral-800 dark:bg-neutral-950 dark:text-neutral-100"
        >
          <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-b border-neutral-200 pr-2 pl-4 dark:border-neutral-800">
            <DialogPrimitive.Title className="truncate text-base font-semibold">
              {i18n._(staff ? "portal_nav.staff_label" : "portal_nav.label")}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close aria-label={i18n._("nav.menu_close")} className={iconButtonClass}>
              <X aria-hidden="true" className="size-5" />
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto p-3">
            <PortalNav staff={staff} companyRole={companyRole} onNavigate={() => setOpen(false)} />
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * The desktop sidebar (from 1024 px): sticky and as tall as the window below the top bar, with the
 * portal navigation and, at its foot, the button that narrows it to icons. The choice is kept in a
 * cookie the layout's loader reads, so every page, and a reload, renders it at its final width.
 */
export function Sidebar({
  staff,
  companyRole,
  initialCollapsed,
}: {
  staff: boolean;
  companyRole: string | null;
  initialCollapsed: boolean;
}) {
  const { i18n } = useLingui();
  const [collapsed, setCollapsed] = useState(initialCollapsed);
  const id = useId();
  const label = i18n._(collapsed ? "portal_nav.expand" : "portal_nav.collapse");
  const Icon = collapsed ? PanelLeftOpen : PanelLeftClose;
  const toggle = (
    <button
      type="button"
      aria-expanded={!collapsed}
      aria-controls={id}
      aria-label={collapsed ? label : undefined}
      onClick={() => {
        saveSidebarCollapsed(!collapsed);
        setCollapsed(!collapsed);
      }}
      className={cn(
        "flex h-10 w-full items-center gap-3 rounded-md text-sm font-medium text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600 dark:text-neutral-300 dark:hover:bg-neutral-800",
        collapsed ? "justify-center" : "px-3",
      )}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      {collapsed ? null : <span className="truncate">{label}</span>}
    </button>
  );
  return (
    <aside
      id={id}
      data-collapsed={collapsed ? "true" : "false"}
      className={cn(
        "sticky top-14 hidden h-[calc(100dvh-3.5rem)] shrink-0 flex-col border-r border-neutral-200 bg-neutral-50 lg:flex dark:border-neutral-800 dark:bg-neutral-900",
        collapsed ? "w-16" : "w-64",
      )}
    >
      <div className="flex-1 overflow-y-auto p-3">
        <PortalNav staff={staff} companyRole={companyRole} collapsed={collapsed} />
      </div>
      <div className="border-t border-neutral-200 p-3 dark:border-neutral-800">
        {collapsed ? (
          <Tooltip content={label} side="right">
            {toggle}
          </Tooltip>
        ) : (
          toggle
        )}
      </div>
    </aside>
  );
}

/**
 * The frame of every signed-in page (docs/behaviour/public-site.md#app-shell): a compact top bar
 * (menu button below 1024 px, logo, language, colour mode, greeting menu), the sidebar with the
 * sections the role may use, the page in the main landmark and a one-line footer with the legal
 * links. No marketing menu, counter band or site footer: the portal is an application.
 */
export function AppShell({
  user,
  staff,
  companyRole,
  sidebarCollapsed,
  children,
}: {
  /** The user the layout's loader read; the greeting shows it from the first render. */
  user: SessionUser;
  staff: boolean;
  companyRole: string | null;
  sidebarCollapsed: boolean;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const session = useSession();
  // After a profile change the session store holds the newer name.
  const shown = session.status === "signed-in" ? session.user : user;

  return (
    <TooltipProvider delayDuration={300}>
      <div className="flex min-h-dvh flex-col">
        <PortalContainerHeader className="sticky top-0 z-40 border-b border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-950">
          <SkipLink />
          <div className="flex h-14 items-center gap-1 px-2 sm:gap-2 sm:px-4">
            <NavDrawer staff={staff} companyRole={companyRole} />
            <BrandLink fullName />
            <div className="ml-auto flex shrink-0 items-center gap-0.5 sm:gap-1.5">
              <LanguageSelector />
              <ColorModeToggle />
              <AccountMenu user={shown} />
            </div>
          </div>
        </PortalContainerHeader>
        <div className="flex flex-1">
          <Sidebar staff={staff} companyRole={companyRole} initialCollapsed={sidebarCollapsed} />
          <div className="flex min-w-0 flex-1 flex-col">
            <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
              {children}
            </main>
            <footer className="border-t border-neutral-200 px-4 py-4 text-sm text-neutral-700 md:px-6 dark:border-neutral-800 dark:text-neutral-300">
              <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
                <CopyrightLine />
                <ul aria-label={i18n._("footer.legal_label")} className="flex flex-wrap gap-x-4 gap-y-1">
                  <LegalLinks locale={locale} />
                </ul>
              </div>
            </footer>
          </div>
        </div>
      </div>
    </TooltipProvider>
  );
}
