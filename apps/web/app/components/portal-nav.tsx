import { useLingui } from "@lingui/react";
import { activityEndpoints } from "@ems/contracts/activity";
import { assemblyEndpoints } from "@ems/contracts/assemblies";
import { contractEndpoints } from "@ems/contracts/contracts";
import { deliveryEndpoints, invoiceEndpoints } from "@ems/contracts/billing";
import { companyEndpoints } from "@ems/contracts/companies";
import { deskEndpoints } from "@ems/contracts/desk";
import { fileShareEndpoints } from "@ems/contracts/files";
import { mayCall, type Endpoint } from "@ems/contracts/endpoints";
import { materialRequestEndpoints } from "@ems/contracts/material-requests";
import { orderEndpoints } from "@ems/contracts/orders";
import { profileEndpoints } from "@ems/contracts/profile";
import { partEndpoints } from "@ems/contracts/parts";
import { pcbEndpoints } from "@ems/contracts/pcbs";
import { quoteEndpoints } from "@ems/contracts/quotes";
import type { PageKey } from "@ems/i18n/pages";
import {
  Boxes,
  Cpu,
  Building2,
  FileSignature,
  CircuitBoard,
  FileText,
  Factory,
  FolderOpen,
  History,
  LayoutDashboard,
  MessageCircleQuestionMark,
  PackageCheck,
  PackageOpen,
  Receipt,
  Settings,
  ShoppingCart,
  Truck,
  UserRound,
  Users,
} from "lucide-react";
import { useContext } from "react";
import { NavLink } from "react-router";

import { NavBadgesContext } from "~/components/nav-badges";
import { Tooltip } from "~/components/ui/tooltip";
import { cn } from "~/lib/cn";
import { href } from "~/lib/route-map";
import { useLocale } from "~/lib/use-locale";

export interface PortalNavItem {
  page: PageKey;
  label: string;
  icon: typeof LayoutDashboard;
}

interface CustomerNavItem extends PortalNavItem {
  /** The section's main read: the section is shown to whoever may call it (the API's own rule). */
  endpoint: Endpoint;
}

/** The portal sections that exist so far; later capabilities add theirs here (no dead links). */
const CUSTOMER_ITEMS: readonly CustomerNavItem[] = [
  { page: "my-desk", label: "portal_nav.desk", icon: LayoutDashboard, endpoint: deskEndpoints.get },
  { page: "my-pcbs", label: "portal_nav.pcbs", icon: CircuitBoard, endpoint: pcbEndpoints.list },
  { page: "my-pcbas", label: "portal_nav.pcbas", icon: Cpu, endpoint: assemblyEndpoints.list },
  { page: "my-parts", label: "portal_nav.parts", icon: Boxes, endpoint: partEndpoints.list },
  {
    page: "my-file-share",
    label: "portal_nav.file_share",
    icon: FolderOpen,
    endpoint: fileShareEndpoints.content,
  },
  { page: "my-quotes", label: "portal_nav.quotes", icon: FileText, endpoint: quoteEndpoints.list },
  { page: "my-orders", label: "portal_nav.orders", icon: ShoppingCart, endpoint: orderEndpoints.list },
  { page: "my-deliveries", label: "portal_nav.deliveries", icon: Truck, endpoint: deliveryEndpoints.list },
  { page: "my-invoices", label: "portal_nav.invoices", icon: Receipt, endpoint: invoiceEndpoints.list },
  {
    page: "my-material-request",
    label: "portal_nav.material_request",
    icon: PackageOpen,
    endpoint: materialRequestEndpoints.list,
  },
  {
    page: "my-contracts",
    label: "portal_nav.contracts",
    icon: FileSignature,
    endpoint: contractEndpoints.list,
  },
  { page: "my-profile", label: "portal_nav.profile", icon: UserRound, endpoint: profileEndpoints.get },
  { page: "my-companies", label: "portal_nav.companies", icon: Building2, endpoint: companyEndpoints.get },
  {
    page: "my-system-logs",
    label: "portal_nav.system_logs",
    icon: History,
    endpoint: activityEndpoints.systemLog,
  },
];

/** The operator's back office (staff roles only): every staff role sees every entry. */
const STAFF_ITEMS: readonly PortalNavItem[] = [
  { page: "staff", label: "portal_nav.staff_home", icon: LayoutDashboard },
  { page: "staff-customers", label: "portal_nav.staff_customers", icon: Users },
  { page: "staff-quotes", label: "portal_nav.staff_quotes", icon: FileText },
  { page: "staff-pcbs", label: "portal_nav.staff_pcbs", icon: CircuitBoard },
  { page: "staff-pcbas", label: "portal_nav.staff_pcbas", icon: Cpu },
  {
    page: "staff-engineering-queries",
    label: "portal_nav.staff_engineering_queries",
    icon: MessageCircleQuestionMark,
  },
  { page: "staff-parts", label: "portal_nav.staff_parts", icon: Boxes },
  { page: "staff-orders", label: "portal_nav.staff_orders", icon: Factory },
  { page: "staff-billing", label: "portal_nav.staff_billing", icon: Receipt },
  { page: "staff-supply", label: "portal_nav.staff_supply", icon: PackageCheck },
  { page: "staff-settings", label: "portal_nav.staff_settings", icon: Settings },
  { page: "my-profile", label: "portal_nav.profile", icon: UserRound },
];

/** The sections the signed-in user's role may use, in menu order. */
export function portalNavItems(staff: boolean, companyRole: string | null): readonly PortalNavItem[] {
  if (staff) return STAFF_ITEMS;
  return CUSTOMER_ITEMS.filter((item) =>
    mayCall({ role: "customer", company_role: companyRole }, item.endpoint),
  );
}

/**
 * The app shell's sidebar navigation (docs/behaviour/public-site.md#app-shell): one vertical list of
 * the sections the role may use. Collapsed, only the icons show; each link keeps its name as
 * screen-reader text and shows it as a tooltip. Links are in the page's language; the current page
 * carries aria-current="page". `onNavigate` lets the phone drawer close on a choice.
 */
export function PortalNav({
  staff,
  companyRole,
  collapsed = false,
  onNavigate,
}: {
  staff: boolean;
  companyRole: string | null;
  collapsed?: boolean;
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const items = portalNavItems(staff, companyRole);
  const badges = useContext(NavBadgesContext);
  // What waits for the customer, beside the section where it is answered.
  const counts: Partial<Record<PageKey, number>> = staff ? {} : { "my-pcbas": badges.openQueries };
  return (
    <nav aria-label={i18n._(staff ? "portal_nav.staff_label" : "portal_nav.label")}>
      <ul className="flex flex-col gap-0.5">
        {items.map(({ page, label, icon: Icon }) => {
          const name = i18n._(label);
          const count = counts[page] ?? 0;
          const badgeText = count > 0 ? i18n._("eq.nav_badge", { count }) : null;
          const link = (
            <NavLink
              to={href(page, locale)}
              end={page === "staff"}
              onClick={onNavigate}
              // A string, styled by aria-current: the tooltip's trigger merges class names as strings.
              className={cn(
                "flex min-h-10 items-center gap-3 rounded-md py-2 text-sm leading-tight font-semibold text-neutral-700 hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600 aria-[current=page]:bg-primary-50 aria-[current=page]:text-primary-800 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white dark:aria-[current=page]:bg-primary-950 dark:aria-[current=page]:text-primary-300",
                collapsed ? "justify-center px-0" : "px-3",
              )}
            >
              <span className="relative shrink-0">
                <Icon aria-hidden="true" className="size-5" />
                {count > 0 && collapsed ? (
                  <span
                    aria-hidden="true"
                    data-nav-badge={count}
                    className="absolute -top-1.5 -right-2 min-w-4 rounded-full bg-amber-600 px-1 text-center text-[10px] leading-4 font-bold text-white dark:bg-amber-400 dark:text-neutral-950"
                  >
                    {count}
                  </span>
                ) : null}
              </span>
              <span className={collapsed ? "sr-only" : "min-w-0 flex-1 break-words"}>{name}</span>
              {count > 0 && !collapsed ? (
                <span
                  aria-hidden="true"
                  data-nav-badge={count}
                  className="ml-auto shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900 tabular-nums dark:bg-amber-900 dark:text-amber-50"
                >
                  {count}
                </span>
              ) : null}
              {badgeText ? <span className="sr-only">, {badgeText}</span> : null}
            </NavLink>
          );
          return (
            <li key={page}>
              {collapsed ? (
                <Tooltip content={badgeText ? `${name} (${badgeText})` : name} side="right">
                  {link}
                </Tooltip>
              ) : (
                link
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
