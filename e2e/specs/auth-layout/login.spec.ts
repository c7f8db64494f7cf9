import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";

test.describe("sign-in page (auth layout)", () => {
  test("a visitor finds the sign-in page from the header and goes on to register", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Sign in", exact: true }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Sign in to the customer portal" }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/Sign in/);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Register your company" }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("heading", { level: 1, name: "Register your company" })).toBeVisible();
  });

  test("is served in every language under its prefix", async ({ page }) => {
    await page.goto("/fr/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Sign in to the customer portal");
  });
});
