import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { codeIn, latestMail, registerCompany } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";

function totpNow(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

test("edit the profile, turn on two-factor, sign out, sign in with the authenticator", async ({ page }) => {
  test.setTimeout(90_000);
  // Its own account: turning two-factor on for a demo user would change it for other journeys.
  const ENGINEER = { email: `engineer.${Date.now()}@castell.example`, password: "castell engineering 2026" };
  await registerCompany(page, {
    company: "Castell Messtechnik GmbH",
    firstName: "Mira",
    lastName: "Castell",
    ...ENGINEER,
  });

  // Sign in with the e-mailed code.
  await gotoHydrated(page, "/login?redirect=%2Fmy%2Fprofile");
  const started = new Date(Date.now() - 1000);
  await page.getByLabel("E-mail address").fill(ENGINEER.email);
  await page.getByLabel("Password", { exact: true }).fill(ENGINEER.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page
    .getByLabel("6-digit code")
    .fill(codeIn(await latestMail(page.request, ENGINEER.email, "login_code", started)));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/my\/profile$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expectNoAxeViolations(page);

  // Edit the names; the page shows the user fetched again.
  await page.getByLabel("First name").fill("Mira-Lou");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your profile has been saved.")).toBeVisible();
  await expect(page.getByText(/Signed in as Mira-Lou Castell/)).toBeVisible();

  // Two-factor: scan (read the key), confirm with a code, keep the recovery codes.
  await page.getByRole("link", { name: "Set up an authenticator app" }).click();
  await expect(page).toHaveURL(/\/qrcode$/);
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expectNoAxeViolations(page);
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("6-digit code").fill(totpNow(secret));
  await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("link", { name: /I have saved them/ }).click();
  await expect(page.getByText("Two-factor authentication is on.")).toBeVisible();

  // Sign out from the greeting menu.
  // The header re-renders once the profile page has fetched the user again; a click that lands on
  // the trigger while it is replaced opens nothing, so open the menu until its item shows.
  const greeting = page.getByRole("button", { name: /Mira-Lou/ }).first();
  const signOut = page.getByRole("menuitem", { name: "Sign out" });
  await expect(async () => {
    if (!(await signOut.isVisible())) await greeting.click();
    await signOut.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText("You have been signed out.")).toBeVisible();

  // Sign in again: now the authenticator's code is asked for, and no mail is sent.
  await gotoHydrated(page, "/login");
  await page.getByLabel("E-mail address").fill(ENGINEER.email);
  await page.getByLabel("Password", { exact: true }).fill(ENGINEER.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Enter your authenticator code" })).toBeVisible();
  // The enrolment used the current time step; the next one is still inside the accepted window.
  await page.getByLabel("6-digit code").fill(totpNow(secret, 1));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/my\/desk$/);
});
