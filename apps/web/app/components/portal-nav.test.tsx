import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { messages } from "~/locales/en/messages";

import { NavBadgesContext } from "./nav-badges";
import { PortalNav } from "./portal-nav";
import { TooltipProvider } from "./ui/tooltip";

const i18n = setupI18n({ locale: "en", messages: { en: messages } });

afterEach(cleanup);

function renderNav(openQueries: number, { staff = false, collapsed = false } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <NavBadgesContext value={{ openQueries }}>
            <PortalNav staff={staff} companyRole={staff ? null : "engineer"} collapsed={collapsed} />
          </NavBadgesContext>
        ),
      },
    ],
    { initialEntries: ["/my/desk"] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <TooltipProvider>
        <RouterProvider router={router} />
      </TooltipProvider>
    </I18nProvider>,
  );
}

describe("the portal menu's badge of open engineering questions", () => {
  it("names the count with the Assemblies entry, in words for screen readers", () => {
    renderNav(3);
    const link = screen.getByRole("link", { name: /Assemblies/ });
    expect(link.textContent).toContain("3 open engineering questions");
    expect(link.querySelector("[data-nav-badge]")?.textContent).toBe("3");
  });

  it("says one question in the singular, also when the sidebar shows icons only", () => {
    renderNav(1, { collapsed: true });
    const link = screen.getByRole("link", { name: /Assemblies/ });
    expect(link.textContent).toContain("1 open engineering question");
    expect(link.textContent).not.toContain("questions");
  });

  it("shows no badge when nothing waits", () => {
    renderNav(0);
    expect(document.querySelector("[data-nav-badge]")).toBeNull();
    expect(screen.getByRole("link", { name: /Assemblies/ }).textContent).not.toContain("engineering");
  });
});
