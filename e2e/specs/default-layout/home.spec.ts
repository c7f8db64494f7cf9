import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { gotoHydrated } from "../../support/navigation.ts";

test.describe("public home page (default layout)", () => {
  test("is server-rendered in English with the operator's claims", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain("assembled boards in 10 days");
  });

  test("a visitor reads the claims, switches to German and back", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("assembled boards in 10 days");
    // The claim in the facts; the trust section further down names the certificate on its own.
    await expect(page.getByText("Certified to ISO 9001:2015 and IPC-A-610.")).toBeVisible();
    await expect(page.getByText("4,425")).toBeVisible();

    await page.getByLabel("Choose language, current: English").filter({ visible: true }).click();
    await page.getByRole("link", { name: "Deutsch", exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/de$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("10 Tagen");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "i18n_redirected")?.value).toBe("de");

    await page.getByLabel("Sprache wählen, aktuell: Deutsch").filter({ visible: true }).click();
    await page.getByRole("link", { name: "English" }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("the colour mode is chosen by keyboard and survives a reload", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    // A key press before hydration reaches no handler.
    await gotoHydrated(page, "/");
    const toggle = page.getByRole("button", { name: /Colour mode: System/ });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: /Colour mode: Light/ })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: /Colour mode: Dark/ })).toBeVisible();
  });

  test("has no accessibility violations in light and dark mode", async ({ page }) => {
    await page.goto("/");
    await expectNoAxeViolations(page);
    await page.context().addCookies([{ name: "color_mode", value: "dark", url: page.url() }]);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expectNoAxeViolations(page);
  });
});
