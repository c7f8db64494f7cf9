import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { codeIn, latestMail } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { E2E_BASE_URL, REGISTRATION_TIMEOUT } from "../../support/settings.ts";

/**
 * Issue 20 point 3, a new customer's first hour: the public site's "Request a quote" explains that an
 * account is needed, the way back survives registration, the e-mailed code signs the new user in,
 * and the first desk greets them as new with a checklist that ticks itself from what they do.
 */
test("from the home page's Request a quote to a sent quote request, signed in by the registration code", async ({
  page,
}) => {
  // A proof of work, two mails and a quote request: slower than a plain page check.
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `ines.${stamp}@first-hour.example`;
  const password = "first hour at the portal 2026";

  // A visitor on the home page asks for a quote and is told why an account is needed.
  await gotoHydrated(page, "/");
  await page.getByRole("main").getByRole("link", { name: "Request a quote" }).first().click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/login?redirect=%2Fmy%2Fquotes`);
  const reason = page.getByRole("status").filter({ hasText: "Sign in to request a quote" });
  await expect(reason).toBeVisible();
  await expect(reason).toContainText("a quote request needs an account");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expectNoAxeViolations(page);

  // Registering keeps the way back.
  await reason.getByRole("link", { name: "Register your company" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/register?redirect=%2Fmy%2Fquotes`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Company name").fill(`Erstlicht Elektronik ${stamp} GmbH`);
  await page.getByLabel("Country").selectOption("DE");
  await page.getByLabel("First name").fill("Ines");
  await page.getByLabel("Last name").fill("Vogt");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/register\/auth\?pending=[0-9a-f-]+&redirect=%2Fmy%2Fquotes$/, {
    timeout: REGISTRATION_TIMEOUT,
  });

  // The code confirms the address and signs this browser in.
  await page.getByLabel("6-digit code").fill(codeIn(await latestMail(page.request, email, "verify_email")));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/register/success?redirect=%2Fmy%2Fquotes`);
  await expect(page.getByText("you are signed in")).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "session")).toMatchObject({ httpOnly: true, secure: true });
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/my/quotes`);
  await expect(page.getByRole("button", { name: "Request a quote" })).toBeVisible();

  // The first desk greets a new customer and lists the first steps, none done yet.
  await gotoHydrated(page, "/my/desk");
  await expect(page.getByText("Welcome, Ines", { exact: true })).toBeVisible();
  const steps = page.getByRole("region", { name: "Your first steps" });
  await expect(steps.getByText("0 of 3 done")).toBeVisible();
  await expect(steps.getByRole("listitem")).toHaveCount(3);
  // A year without business reads as words, not as an axis of zeros.
  await expect(page.getByText(/^No orders in the last 12 months yet\./)).toBeVisible();
  await expect(page.getByRole("img", { name: /Bar chart/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The address step leads to the company page; once an address is there, it is ticked.
  await steps.getByRole("link", { name: "Add an address" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/my/companies#addresses`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Add address" }).click();
  const addressDialog = page.getByRole("dialog", { name: "Add address" });
  await addressDialog.getByLabel("Label").fill("Head office");
  await addressDialog.getByLabel("Street and number").fill("Lindenallee 4");
  await addressDialog.getByLabel("Postcode").fill("04109");
  await addressDialog.getByLabel("Town or city").fill("Leipzig");
  await addressDialog.getByRole("button", { name: "Save" }).click();
  await expect(addressDialog).toBeHidden();

  await gotoHydrated(page, "/my/desk");
  await expect(steps.getByText("1 of 3 done")).toBeVisible();
  await expect(steps.getByRole("listitem").first()).toHaveAttribute("data-done", "true");
  await expect(steps.getByRole("listitem").first()).toContainText("(done)");

  // The quote request step: the request is sent and the step ticked.
  await steps.getByRole("link", { name: "Request a quote" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/my/quotes`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Request a quote" }).click();
  const request = page.getByRole("dialog", { name: "Request a quote" });
  await request.getByLabel("Title").fill(`Sensor board SB-1 ${stamp}`);
  await request.getByLabel("Description").fill("Sensor board SB-1, SMT top side");
  await request.getByLabel("Line 1, quantity 1").fill("50");
  await request.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Quote QTN-/ })).toBeVisible();

  await gotoHydrated(page, "/my/desk");
  await expect(steps.getByText("2 of 3 done")).toBeVisible();
  await expect(steps.getByRole("listitem").nth(2)).toHaveAttribute("data-done", "true");
  // The invitation is still open, with its way to the users of the company.
  await expect(steps.getByRole("link", { name: "Invite a colleague" })).toHaveAttribute(
    "href",
    "/my/companies#users",
  );
  await expectNoAxeViolations(page);
});
