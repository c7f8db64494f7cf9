import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { DEMO_ADMIN, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";

test.describe("activity log", () => {
  test("an administrator sees sign-ins, filters them, and switches to the user log", async ({ page }) => {
    await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await gotoHydrated(page, "/my/desk");

    // The portal navigation leads there, by keyboard too.
    const nav = page.getByRole("navigation", { name: "Customer portal" });
    await nav.getByRole("link", { name: "Activity log" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/my\/system-logs$/);
    await expect(nav.getByRole("link", { name: "Activity log" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 1, name: "Activity log" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Signed in" }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("Event").selectOption({ label: "Failed sign-in" });
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/action=auth.login_failed/);
    await expect(page.getByRole("cell", { name: "Signed in" })).toHaveCount(0);

    await page.getByRole("link", { name: "User log" }).click();
    await expect(page).toHaveURL(/log=user/);
    await expect(page.getByText("Changes people made")).toBeVisible();
  });

  test("other roles are told the log is for administrators", async ({ page }) => {
    await signInByApi(page, "viewer@customer.example", "demo-viewer-2026");
    await gotoHydrated(page, "/my/system-logs");
    await expect(
      page.getByText("Only your company’s administrators can see the activity log."),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
