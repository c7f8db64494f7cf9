import { expect, test } from "@playwright/test";

test.describe("customer desk (dashboard layout)", () => {
  test("a visitor without a session is sent to sign in and comes back to the desk afterwards", async ({
    page,
  }) => {
    await page.goto("/my/desk");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fmy%2Fdesk$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Sign in to the customer portal" }),
    ).toBeVisible();
  });

  test("a forged session cookie does not open the desk", async ({ page, context }) => {
    await context.addCookies([{ name: "session", value: "forged-token", url: "http://127.0.0.1" }]);
    await page.goto("/de/my/desk");
    await expect(page).toHaveURL(/\/de\/login\?redirect=%2Fde%2Fmy%2Fdesk$/);
  });
});
