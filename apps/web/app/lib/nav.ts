import type { Locale } from "@ems/i18n/locales";
import type { PageKey } from "@ems/i18n/pages";

import { pageHref } from "./route-map";

/** The four collapsible menu groups (docs/behaviour/public-site.md#mobile-menu), in menu order; Contact is a single entry after them. */
export const MENU_GROUPS = [
  {
    id: "em",
    titleKey: "nav.group_em",
    pages: [
      "em-pcba-prototyping",
      "em-pcba-volume-production",
      "em-smt-assembly",
      "em-tht-assembly",
      "em-pcb-rework",
      "em-development",
      "em-bare-printed-circuit-boards",
    ],
  },
  {
    id: "about",
    titleKey: "nav.group_about",
    pages: ["about-company", "about-quality", "about-team", "about-online-pcba", "about-elexess-part-search"],
  },
  {
    id: "resources",
    titleKey: "nav.group_resources",
    pages: [
      "resources-downloads",
      "resources-faq",
      "resources-case-studies",
      "resources-europe-vs-asia",
      "resources-product-vs-traditional-ems",
      "resources-pcb-glossary",
      "knowledge-base",
      "gerber-viewer",
    ],
  },
  {
    id: "industries",
    titleKey: "nav.group_industries",
    pages: [
      "industry-automotive",
      "industry-aviation-aerospace",
      "industry-consumer-electronics",
      "industry-defense-military",
      "industry-electronic-music-instruments",
      "industry-ems-partner",
      "industry-industrial-automation",
      "industry-led-lighting",
      "industry-maritime-naval",
      "industry-medical-devices",
      "industry-oil-mining",
    ],
  },
] as const satisfies readonly { id: string; titleKey: string; pages: readonly PageKey[] }[];

export type MenuGroupId = (typeof MENU_GROUPS)[number]["id"];

export interface MenuLink {
  key: PageKey;
  href: string;
  /** Message id of the menu label (pages.json). */
  labelKey: string;
  /** Opens in a new window (the Gerber viewer). */
  newWindow: boolean;
}

export interface MenuGroup {
  id: MenuGroupId;
  titleKey: string;
  links: MenuLink[];
}

/**
 * The menu groups with their links in one language. A page that does not exist in the language
 * (the glossary outside en and de) is left out rather than linked to a 404.
 */
export function menuGroups(locale: Locale): MenuGroup[] {
  return MENU_GROUPS.map((group) => ({
    id: group.id,
    titleKey: group.titleKey,
    links: group.pages.flatMap((key): MenuLink[] => {
      const path = pageHref(key, locale);
      if (path === null) return [];
      return [{ key, href: path, labelKey: `page.${key}.nav`, newWindow: key === "gerber-viewer" }];
    }),
  }));
}

/** The page key of the first matched group whose links include `pathname`, for highlighting. */
export function activeGroup(groups: readonly MenuGroup[], pathname: string): MenuGroupId | null {
  const normalized = pathname.replace(/\/+$/, "") || "/";
  return groups.find((group) => group.links.some((link) => link.href === normalized))?.id ?? null;
}
