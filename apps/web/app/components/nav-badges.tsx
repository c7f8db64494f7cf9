import { createContext } from "react";

/**
 * Counts the portal menu shows beside its entries (the signed-in layout reads them once per load):
 * the engineering queries waiting for the company's answer, beside Assemblies.
 */
export interface NavBadges {
  openQueries: number;
}

export const NO_NAV_BADGES: NavBadges = { openQueries: 0 };

export const NavBadgesContext = createContext<NavBadges>(NO_NAV_BADGES);
