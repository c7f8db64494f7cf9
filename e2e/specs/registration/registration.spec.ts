import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { DEMO_ADMIN, codeIn, latestMail } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { REGISTRATION_TIMEOUT } from "../../support/settings.ts";

test.describe("registration", () => {
  // Each journey solves a proof of work and waits for mail: slower than a plain page check.
  test.describe.configure({ timeout: 60_000 });
  test("register a company, confirm the e-mailed code (which signs in), then sign in again", async ({
    page,
  }) => {
    const email = `buyer.${Date.now()}@newco.example`;
    await gotoHydrated(page, "/register");
    await expectNoAxeViolations(page);
    await page.getByLabel("Company name").fill("Silbermond Messtechnik GmbH");
    await page.getByLabel("Country").selectOption("AT");
    await page.getByLabel("First name").fill("Klara");
    await page.getByLabel("Last name").fill("Huber");
    await page.getByLabel("E-mail address").fill(email);
    await expect(page.getByText("This address can be used.")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill("silver moon measures 2026");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Register" }).click();

    await expect(page).toHaveURL(/\/register\/auth\?pending=/, { timeout: REGISTRATION_TIMEOUT });
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
    await expectNoAxeViolations(page);
    const mail = await latestMail(page.request, email, "verify_email");
    await page.getByLabel("6-digit code").fill(codeIn(mail));
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/register\/success$/);
    await expect(page.getByRole("heading", { name: "Your company is registered" })).toBeVisible();

    // The code signed the new administrator in: on to the desk, greeted as new.
    await page.getByRole("link", { name: "Go to your overview" }).click();
    await expect(page).toHaveURL(/\/my\/desk$/);
    await expect(page.getByText("Welcome, Klara", { exact: true })).toBeVisible();

    // Signed out, the administrator signs in again with the e-mailed code.
    expect((await page.request.post("/api/auth/logout")).status()).toBe(200);
    await gotoHydrated(page, "/login");
    const started = new Date(Date.now() - 1000);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("silver moon measures 2026");
    await page.getByRole("button", { name: "Continue" }).click();
    await page
      .getByLabel("6-digit code")
      .fill(codeIn(await latestMail(page.request, email, "login_code", started)));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/my\/desk$/);
  });

  test("the e-mail link confirms the address with one click", async ({ page, browser }) => {
    const email = `link.${Date.now()}@newco.example`;
    await gotoHydrated(page, "/register");
    await page.getByLabel("Company name").fill("Linkverk AB");
    await page.getByLabel("Country").selectOption("SE");
    await page.getByLabel("First name").fill("Nils");
    await page.getByLabel("Last name").fill("Berg");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("northern lights over kiruna");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL(/\/register\/auth/);
    const mail = await latestMail(page.request, email, "verify_email");
    const link = /(http\S+\/register\/verified\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

    const other = await browser.newPage();
    await other.goto(link.replace(/^https?:\/\/[^/]+/, ""));
    await other.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await other.getByRole("button", { name: "Confirm my e-mail address" }).click();
    await expect(other.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
    await other.close();
  });

  test("an address that has an account is pointed out while typing", async ({ page }) => {
    await gotoHydrated(page, "/register");
    await page.getByLabel("E-mail address").fill(DEMO_ADMIN.email);
    await expect(page.getByText("This address already has an account.")).toBeVisible();
  });

  test("a forgotten password is reset through the e-mailed link", async ({ page }) => {
    const account = { email: "finance@customer.example", password: "demo-finance-2026" };
    await gotoHydrated(page, "/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const started = new Date(Date.now() - 1000);
    await page.getByLabel("E-mail address").fill(account.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByText(`If ${account.email} belongs to an account`)).toBeVisible();
    await expectNoAxeViolations(page);

    const mail = await latestMail(page.request, account.email, "password_reset", started);
    // The link is in the account's language (Romanian here); the token works on every language's page.
    expect(mail.text).toContain("/ro/update-password?token=");
    const path = `/update-password?token=${/update-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!}`;
    await gotoHydrated(page, path);
    await expect(page.getByText(/Choose a new password for f•+@customer\.example/)).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("a fresh ledger for finance 26");
    await page.getByLabel("Repeat the new password").fill("a fresh ledger for finance 26");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page.getByText("Your new password is saved.")).toBeVisible();

    // The link works once.
    await gotoHydrated(page, path);
    await expect(page.getByText("This link does not work any more")).toBeVisible();
  });

  test("a forgotten password is reset, from asking for the link to the new password, with JavaScript disabled", async ({
    browser,
  }) => {
    const email = "buyer@customer.example";
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const started = new Date(Date.now() - 1000);
      // Asking for the link is a plain form post to the page's action too.
      await page.goto("/reset-password");
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      await page.getByLabel("E-mail address").fill(email);
      await page.getByRole("button", { name: "Send the link" }).click();
      await expect(page.getByText(`If ${email} belongs to an account`)).toBeVisible();
      const mail = await latestMail(page.request, email, "password_reset", started);
      const token = /update-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

      await page.goto(`/update-password?token=${token}`);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      await page.getByLabel("New password", { exact: true }).fill("engineers keep the gerbers 27");
      await page.getByLabel("Repeat the new password").fill("a different phrase entirely 27");
      await page.getByRole("button", { name: "Save the new password" }).click();
      // The route action checks the repeat with the form's own schema and answers beside the field.
      await expect(page.getByText("The two passwords do not match.")).toBeVisible();
      await page.getByLabel("New password", { exact: true }).fill("engineers keep the gerbers 27");
      await page.getByLabel("Repeat the new password").fill("engineers keep the gerbers 27");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await expect(page.getByText("Your new password is saved.")).toBeVisible();

      const login = await page.request.post("/api/auth/login", {
        data: { usr: email, pwd: "engineers keep the gerbers 27" },
      });
      expect(login.status()).toBe(200);
    } finally {
      await context.close();
    }
  });
});
