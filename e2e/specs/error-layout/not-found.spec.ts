import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";

test.describe("error pages (error layout)", () => {
  test("an unknown portal page shows Page not found and Go back returns to the previous page", async ({
    page,
  }) => {
    await page.goto("/register");
    await page.goto("/my/no-such-section/deeper");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Go back" }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("answers 404 with the translated page for unknown sections and paths", async ({ page }) => {
    const portal = await page.goto("/my/unknown-section");
    expect(portal?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();

    const german = await page.goto("/de/gibt-es-nicht");
    expect(german?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Page not found");
  });

  test("unknown API routes stay JSON envelopes", async ({ request }) => {
    const response = await request.get("/api/no-such-route");
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, error: "NOT_FOUND", data: null });
  });
});
