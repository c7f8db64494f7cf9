import { useLingui } from "@lingui/react";
import { activityEndpoints } from "@ems/contracts/activity";
import { assemblyEndpoints } from "@ems/contracts/assemblies";
import { contractEndpoints } from "@ems/contracts/contracts";
import { deliveryEndpoints, invoiceEndpoints } from "@ems/contracts/billing";
import { companyEndpoints } from "@ems/contracts/companies";
import { deskEndpoints } from "@ems/contracts/desk";
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
  History,
  LayoutDashboard,
  PackageCheck,
  PackageOpen,
  Receipt,
  Settings,
  ShoppingCart,
  Truck,
  UserRound,
  Users,
} from "lucide-react";
import { NavLink } from "react-router";

import { href } from "~/lib/route-map";
import { useLocale } from "~/lib/use-locale";

interface NavItem {
  page: PageKey;
  label: string;
  icon: typeof LayoutDashboard;
  /** The section's main read: the section is shown to whoever may call it (the API's own rule). */
  endpoint: Endpoint;
}

/** The portal sections that exist so far; later capabilities add theirs here (no dead links). */
const CUSTOMER_ITEMS: readonly NavItem[] = [
  { page: "my-desk", label: "portal_nav.desk", icon: LayoutDashboard, endpoint: deskEndpoints.get },
  { page: "my-pcbs", label: "portal_nav.pcbs", icon: CircuitBoard, endpoint: pcbEndpoints.list },
  { page: "my-pcbas", label: "portal_nav.pcbas", icon: Cpu, endpoint: assemblyEndpoints.list },
  { page: "my-parts", label: "portal_nav.parts", icon: Boxes, endpoint: partEndpoints.list },
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

/** The operator's back office (staff roles only). */
const STAFF_ITEMS: readonly Omit<NavItem, "endpoint">[] = [
  { page: "staff", label: "portal_nav.staff_customers", icon: Users },
  { page: "staff-quotes", label: "portal_nav.staff_quotes", icon: FileText },
  { page: "staff-pcbs", label: "portal_nav.staff_pcbs", icon: CircuitBoard },
  { page: "staff-pcbas", label: "portal_nav.staff_pcbas", icon: Cpu },
  { page: "staff-parts", label: "portal_nav.staff_parts", icon: Boxes },
  { page: "staff-orders", label: "portal_nav.staff_orders", icon: Factory },
  { page: "staff-billing", label: "portal_nav.staff_billing", icon: Receipt },
  { page: "staff-supply", label: "portal_nav.staff_supply", icon: PackageCheck },
  { page: "staff-settings", label: "portal_nav.staff_settings", icon: Settings },
  { page: "my-profile", label: "portal_nav.profile", icon: UserRound },
];

/**
 * Navigation between portal pages: a side column from 1024 px, a tab bar that scrolls sideways below
 * it. Links are in the page's language; the current page carries aria-current="page".
 */
export function PortalNav({ staff, companyRole }: { staff: boolean; companyRole: string | null }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const items = staff
    ? STAFF_ITEMS
    : CUSTOMER_ITEMS.filter((item) =>
        mayCall({ role: "customer", company_role: companyRole }, item.endpoint),
      );
  return (
    <nav
      aria-label={i18n._(staff ? "portal_nav.staff_label" : "portal_nav.label")}
      className="border-b border-neutral-200 bg-white lg:w-56 lg:shrink-0 lg:border-b-0 lg:bg-transparent lg:py-10 dark:border-neutral-800 dark:bg-neutral-950 lg:dark:bg-transparent"
    >
      <ul className="flex gap-1 overflow-x-auto px-4 md:px-6 lg:sticky lg:top-20 lg:flex-col lg:overflow-visible lg:px-0">
        {items.map(({ page, label, icon: Icon }) => (
          <li key={page} className="shrink-0">
            <NavLink
              to={href(page, locale)}
              end={page === "staff"}
              className={({ isActive }) =>
                `flex h-12 items-center gap-2 border-b-2 px-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600 lg:h-10 lg:rounded-md lg:border-b-0 ${
                  isActive
                    ? "border-primary-700 text-primary-800 lg:bg-primary-50 dark:border-primary-400 dark:text-primary-300 lg:dark:bg-primary-950"
                    : "border-transparent text-neutral-700 hover:text-neutral-950 lg:hover:bg-neutral-100 dark:text-neutral-300 dark:hover:text-white lg:dark:hover:bg-neutral-900"
                }`
              }
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {i18n._(label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
