import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { SIDEBAR_COOKIE } from "@ems/config/constants";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { NavDrawer, Sidebar } from "./app-shell";
import { portalNavItems } from "./portal-nav";
import { TooltipProvider } from "./ui/tooltip";
import { sidebarCollapsed } from "~/lib/sidebar";

const i18n = setupI18n({
  locale: "en",
  messages: {
    en: {
      "portal_nav.label": ["Customer portal"],
      "portal_nav.staff_label": ["Back office"],
      "portal_nav.desk": ["Desk"],
      "portal_nav.quotes": ["Quotes"],
      "portal_nav.system_logs": ["Activity log"],
      "portal_nav.collapse": ["Collapse sidebar"],
      "portal_nav.expand": ["Expand sidebar"],
      "nav.menu_open": ["Open menu"],
      "nav.menu_close": ["Close menu"],
    },
  },
});

function renderAt(path: string, element: ReactNode) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: [path] });
  render(
    <I18nProvider i18n={i18n}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </I18nProvider>,
  );
  return router;
}

function clearCookie() {
  document.cookie = `${SIDEBAR_COOKIE}=; Path=/; Max-Age=0`;
}

beforeEach(clearCookie);
afterEach(() => {
  cleanup();
  clearCookie();
});

describe("portalNavItems", () => {
  it("gives each company role the sections the API lets it read", () => {
    const admin = portalNavItems(false, "admin").map((item) => item.page);
    const viewer = portalNavItems(false, "viewer").map((item) => item.page);
    expect(admin).toContain("my-system-logs");
    expect(admin).toContain("my-invoices");
    expect(viewer).not.toContain("my-system-logs");
    expect(viewer).toContain("my-invoices");
    expect(viewer[0]).toBe("my-desk");
  });

  it("gives staff the back office, not the customer sections", () => {
    const staff = portalNavItems(true, null).map((item) => item.page);
    expect(staff).toContain("staff-quotes");
    expect(staff).not.toContain("my-desk");
  });
});

describe("Sidebar", () => {
  it("marks the current section and collapses to icons that keep their names", () => {
    renderAt("/my/quotes", <Sidebar staff={false} companyRole="admin" initialCollapsed={false} />);
    const nav = screen.getByRole("navigation", { name: "Customer portal" });
    expect(within(nav).getByRole("link", { name: "Quotes" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Desk" }).getAttribute("aria-current")).toBeNull();

    const toggle = screen.getByRole("button", { name: "Collapse sidebar" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(toggle);

    const expand = screen.getByRole("button", { name: "Expand sidebar" });
    expect(expand.getAttribute("aria-expanded")).toBe("false");
    // Icons only: the names stay for screen readers (and show as tooltips).
    const quotes = within(nav).getByRole("link", { name: "Quotes" });
    expect(within(quotes).getByText("Quotes").className).toContain("sr-only");
    // Remembered for the next page and reload, where the layout's loader reads it.
    expect(sidebarCollapsed(document.cookie)).toBe(true);

    fireEvent.click(expand);
    expect(sidebarCollapsed(document.cookie)).toBe(false);
    expect(
      within(within(nav).getByRole("link", { name: "Quotes" })).getByText("Quotes").className,
    ).not.toContain("sr-only");
  });

  it("renders collapsed from the start when the cookie said so", () => {
    renderAt("/my/desk", <Sidebar staff={false} companyRole="viewer" initialCollapsed />);
    expect(screen.getByRole("button", { name: "Expand sidebar" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
    expect(screen.queryByRole("link", { name: "Activity log" })).toBeNull();
  });
});

describe("NavDrawer", () => {
  it("opens the navigation as a dialog and closes it when a section is chosen", async () => {
    const router = renderAt("/my/desk", <NavDrawer staff={false} companyRole="admin" />);
    const button = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Customer portal" });
    const quotes = within(dialog).getByRole("link", { name: "Quotes" });
    await act(async () => {
      fireEvent.click(quotes);
      await Promise.resolve();
    });
    expect(router.state.location.pathname).toBe("/my/quotes");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on Escape", async () => {
    renderAt("/my/desk", <NavDrawer staff={false} companyRole="admin" />);
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog", { name: "Customer portal" });
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("collapsed sidebar links", () => {
  it("stay full-size targets with their own classes under the tooltip", () => {
    renderAt("/my/quotes", <Sidebar staff={false} companyRole="admin" initialCollapsed />);
    const quotes = screen.getByRole("link", { name: "Quotes" });
    expect(quotes.className).toContain("min-h-10");
    expect(quotes.className).toContain("aria-[current=page]:bg-primary-50");
    expect(quotes.getAttribute("aria-current")).toBe("page");
  });
});
