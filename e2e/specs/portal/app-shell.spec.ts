import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { DEMO_ADMIN, registerCompany, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { STAFF } from "../../support/orders.ts";

const VIEWER = { email: "viewer@customer.example", password: "demo-viewer-2026" } as const;

const portalNav = (page: Page) => page.getByRole("navigation", { name: "Customer portal" });

/** The app shell of docs/behaviour/public-site.md#app-shell. */
test.describe("app shell of the signed-in pages", () => {
  test("an administrator's sidebar: every section, keyboard, collapsed over a reload, no marketing frame", async ({
    page,
  }) => {
    await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await gotoHydrated(page, "/my/desk");

    const nav = portalNav(page);
    for (const name of ["Desk", "Quotes", "Invoices", "Company", "Activity log"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Desk" })).toHaveAttribute("aria-current", "page");

    // An application frame: no menu bar, no counter band, no site footer; a line of legal links.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByText("Active bills of materials")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Site" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Imprint" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Hello/ })).toBeVisible();

    // Keyboard: the skip link comes first and lands in the main landmark; a section opens with Enter.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    await nav.getByRole("link", { name: "Quotes" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/my\/quotes$/);
    await expect(nav.getByRole("link", { name: "Quotes" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);

    // Collapse to icons: the links keep their names; the choice survives a reload, rendered by the server.
    const collapse = page.getByRole("button", { name: "Collapse sidebar" });
    await expect(collapse).toHaveAttribute("aria-expanded", "true");
    await collapse.click();
    const expand = page.getByRole("button", { name: "Expand sidebar" });
    await expect(expand).toHaveAttribute("aria-expanded", "false");
    await nav.getByRole("link", { name: "Invoices" }).hover();
    await expect(page.getByRole("tooltip", { name: "Invoices" })).toBeVisible();
    const served = await (await page.request.get("/my/invoices")).text();
    expect(served).toContain('data-collapsed="true"');
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByRole("button", { name: "Expand sidebar" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await expect(nav.getByRole("link", { name: "Invoices" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await expect(page.getByRole("button", { name: "Collapse sidebar" })).toBeVisible();
  });

  test("a viewer's sidebar holds only what a viewer may read", async ({ page }) => {
    await signInByApi(page, VIEWER.email, VIEWER.password);
    await gotoHydrated(page, "/my/invoices");
    const nav = portalNav(page);
    await expect(nav.getByRole("link", { name: "Invoices" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Desk" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Activity log" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("staff get the back-office sections", async ({ page }) => {
    await signInByApi(page, STAFF.email, STAFF.password);
    await gotoHydrated(page, "/staff/quotes");
    const nav = page.getByRole("navigation", { name: "Back office" });
    await expect(nav.getByRole("link", { name: "Quotes" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Invoices and payments" })).toBeVisible();
    await expect(portalNav(page)).toHaveCount(0);
  });

  test("at 375 px the sections open in a drawer that closes on Escape and on a choice", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await gotoHydrated(page, "/my/invoices");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(portalNav(page)).toBeHidden();
    await expectNoAxeViolations(page);

    const menu = page.getByRole("button", { name: "Open menu" });
    await menu.click();
    const drawer = page.getByRole("dialog", { name: "Customer portal" });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Invoices" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await drawer.getByRole("link", { name: "Quotes" }).click();
    await expect(page).toHaveURL(/\/my\/quotes$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test("a new company's empty lists say what to do next and do it", async ({ page }) => {
    test.setTimeout(90_000);
    const owner = { email: `owner.${Date.now()}@varga-shell.example`, password: "varga shell 2026 pass" };
    await registerCompany(page, {
      company: "Varga Sensorik Kft.",
      firstName: "Lili",
      lastName: "Varga",
      ...owner,
    });
    await signInByApi(page, owner.email, owner.password);

    await gotoHydrated(page, "/my/quotes");
    await page.getByRole("button", { name: "Request your first quote" }).click();
    await expect(page.getByRole("dialog", { name: "Request a quote" })).toBeVisible();
    await page.keyboard.press("Escape");

    await gotoHydrated(page, "/my/companies");
    await expect(page.getByText(/No contacts yet\. Add the people we should reach/)).toBeVisible();
    await page.getByRole("button", { name: "Add the first contact" }).click();
    await expect(page.getByRole("dialog", { name: "Add contact" })).toBeVisible();
  });
});
