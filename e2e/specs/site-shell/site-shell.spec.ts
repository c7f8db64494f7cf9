import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { failOnMissingMessages } from "../../support/catalog.ts";
import { gotoHydrated } from "../../support/navigation.ts";

// A text missing from the loaded catalog parts (public or portal) fails the journey.
failOnMissingMessages(test);

const WIDTHS = [375, 800, 1100, 1280] as const;
const isDesktop = (width: number) => width >= 1024;

/** The main navigation that is on screen: the menu bar on desktop, the menu panel below 1024 px. */
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" }).filter({ visible: true });

async function openGroup(page: Page, width: number, group: string) {
  if (!isDesktop(width)) await page.getByRole("button", { name: "Open menu" }).click();
  await mainNav(page).getByRole("button", { name: group }).click();
}

const chooseLink = (page: Page, width: number, name: string) =>
  isDesktop(width) ? page.getByRole("menuitem", { name }) : mainNav(page).getByRole("link", { name });

for (const width of WIDTHS) {
  test.describe(`site shell at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the menus lead to a page of every group", async ({ page }) => {
      await gotoHydrated(page, "/");
      await openGroup(page, width, "Electronics manufacturing");
      await chooseLink(page, width, "SMT assembly").click();
      await expect(page).toHaveURL(/\/electronics-manufacturing\/smt-assembly$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("SMT assembly");
      if (!isDesktop(width))
        await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute(
          "aria-expanded",
          "false",
        );

      await openGroup(page, width, "Industries");
      await chooseLink(page, width, "Medical devices").click();
      await expect(page).toHaveURL(/\/industries\/medical-devices$/);
      await expectNoAxeViolations(page);
    });

    test("switching language on home, the knowledge-base index and an inner page", async ({ page }) => {
      const choose = async (current: string, target: string) => {
        if (!isDesktop(width)) await page.getByRole("button", { name: /menu/i }).first().click();
        await page.getByLabel(new RegExp(current)).filter({ visible: true }).click();
        await page.getByRole("link", { name: target, exact: true }).filter({ visible: true }).click();
      };
      await gotoHydrated(page, "/");
      await choose("English", "Deutsch");
      await expect(page).toHaveURL(/\/de$/);

      await gotoHydrated(page, "/knowledge-base");
      await choose("English", "Italiano");
      await expect(page.locator("html")).toHaveAttribute("lang", "it");
      await expect(page).not.toHaveURL(/knowledge-base/);

      await gotoHydrated(page, "/electronics-manufacturing/tht-assembly");
      await choose("English", "Deutsch");
      await expect(page).toHaveURL(/\/de\/elektronikfertigung\/tht-montage$/);
    });

    test("the error page's Go back returns to the previous page", async ({ page }) => {
      await gotoHydrated(page, "/contact");
      await gotoHydrated(page, "/this-page-does-not-exist");
      await expect(page).toHaveTitle(/Page Not Found/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await page.getByRole("button", { name: "Go back" }).click();
      await expect(page).toHaveURL(/\/contact$/);
    });
  });
}

test.describe("shell behaviour", () => {
  test("the mobile panel's groups open independently and the panel closes on a choice", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, "/");
    const menuButton = page.getByRole("button", { name: "Open menu" });
    const panel = page.locator(`#${await menuButton.getAttribute("aria-controls")}`);
    await menuButton.click();
    const about = mainNav(page).getByRole("button", { name: "About" });
    const resources = mainNav(page).getByRole("button", { name: "Resources" });
    await about.click();
    await resources.click();
    await expect(about).toHaveAttribute("aria-expanded", "true");
    await expect(resources).toHaveAttribute("aria-expanded", "true");
    await about.click();
    await expect(about).toHaveAttribute("aria-expanded", "false");
    await expect(resources).toHaveAttribute("aria-expanded", "true");
    await expect(panel.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(panel.getByRole("link", { name: "Register" })).toBeVisible();
    await mainNav(page).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/resources\/faq$/);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("the desktop menus work with the keyboard alone", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/");
    const about = page.getByRole("button", { name: "About" });
    await about.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(page.locator('[role="menuitem"]:focus')).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(about).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(page.locator('[role="menuitem"]:focus')).toHaveCount(1);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about\//);
  });

  test("the colour mode survives reloads without a flash", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await gotoHydrated(page, "/contact");
    await page.context().addCookies([{ name: "color_mode", value: "dark", url: page.url() }]);
    // Record the html class at the first paint of the next load, before any React code runs.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        (window as unknown as { firstDark: boolean }).firstDark =
          document.documentElement.classList.contains("dark");
      });
    });
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { firstDark: boolean }).firstDark)).toBe(true);
    await gotoHydrated(page, "/de/kontakt");
    await expect(page.locator("html")).toHaveClass(/dark/);
  });

  test("the counter band ticks and uses comma separators", async ({ page }) => {
    await gotoHydrated(page, "/");
    const band = page.getByText("Components placed this year").locator("..");
    const read = async () =>
      Number((await band.locator("dd, p, span, div").first().innerText()).replace(/,/g, ""));
    await expect(page.getByText("4,425")).toBeVisible();
    await expect(page.getByText("300+")).toBeVisible();
    const first = await read();
    await page.waitForTimeout(2100);
    expect(await read()).toBeGreaterThan(first);
    expect(await band.innerText()).toMatch(/\d{1,3}(,\d{3})+/);
  });

  test("the footer links the sitemap index and the legal pages", async ({ page, request }) => {
    await gotoHydrated(page, "/de");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: /Sitemap/ })).toHaveAttribute("href", "/sitemap.xml");
    for (const link of await footer.getByRole("link").all()) {
      const href = await link.getAttribute("href");
      if (!href || href.startsWith("mailto:") || href.startsWith("http")) continue;
      expect((await request.get(href)).status(), href).toBe(200);
    }
    await expect(footer).toContainText(String(new Date().getFullYear()));
  });
});
