import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";

test.describe("registration page (register layout)", () => {
  test("explains what an account gives and links back to sign-in", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1, name: "Register your company" })).toBeVisible();
    await expect(page.getByText("What your company gets")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Sign in", exact: true }).last().click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("works at 375 px without horizontal scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/ro/register");
    await expect(page.locator("html")).toHaveAttribute("lang", "ro");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
