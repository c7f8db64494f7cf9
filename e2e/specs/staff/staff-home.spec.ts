import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { codeIn, DEMO_ADMIN, latestMail, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { STAFF } from "../../support/orders.ts";

/** The home's queues (docs/behaviour/back-office.md#home); the demo data puts something in each. */
const QUEUES = [
  "Quotes to price",
  "Orders in production",
  "Deliveries due",
  "Announced transfers",
  "New contact messages",
];

/**
 * Signs staff in through the form. Other journeys sign in as the same staff user in parallel and a
 * new attempt closes an older one, so an attempt that expired meanwhile starts again (three at most);
 * a code that is not this attempt's is followed by the next newest.
 */
async function signInThroughForm(page: Page): Promise<void> {
  for (let round = 1; ; round++) {
    await gotoHydrated(page, "/login");
    const started = new Date(Date.now() - 1000);
    await page.getByLabel("E-mail address").fill(STAFF.email);
    await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
    const code = codeIn(await latestMail(page.request, STAFF.email, "login_code", started));
    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Sign in" }).click();
    const outcome = await Promise.race([
      page.waitForURL(/\/de\/staff$/, { timeout: 20_000 }).then(
        () => "home",
        () => "none",
      ),
      page
        .getByRole("alert")
        .waitFor({ timeout: 20_000 })
        .then(
          () => "refused",
          () => "none",
        ),
    ]);
    if (outcome === "home" || round >= 3) return;
  }
}

test("staff land on the back-office home, follow a queue and mark a contact message handled", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughForm(page);
  // The home opens in the staff member's own language (the demo's staff reads German).
  await expect(page).toHaveURL(/\/de\/staff$/);
  await expect(page.getByRole("heading", { level: 1, name: "Backoffice" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Zu kalkulierende Anfragen" })).toBeVisible();

  await gotoHydrated(page, "/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Back office" })).toBeVisible();
  for (const name of QUEUES) await expect(page.getByRole("region", { name })).toBeVisible();
  await expect(page.getByRole("region", { name: "Open engineering queries" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Back office" });
  await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");
  await expectNoAxeViolations(page);

  // A member of staff who opens the customer desk is sent home.
  await page.goto("/my/desk");
  await expect(page).toHaveURL(/\/staff$/);

  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // The greeting menu leads staff to the back office; they have no customer desk.
  await page
    .getByRole("button", { name: /^Hello/ })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page.getByRole("menuitem", { name: "Back office" })).toHaveAttribute("href", "/staff");
  await expect(page.getByRole("menuitem", { name: "Customer desk" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  // The oldest quote request leads to its quote page.
  const quotes = page.getByRole("region", { name: "Quotes to price" });
  const firstQuote = quotes.getByRole("listitem").first().getByRole("link");
  const quoteLabel = (await firstQuote.textContent()) ?? "";
  await firstQuote.click();
  await expect(page).toHaveURL(/\/staff\/quotes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(quoteLabel.split(" · ")[0]!);

  // The demo's open engineering query (the LED's polarity; the journeys leave it open) is the oldest
  // on its card and opens in the queue's dialog.
  await gotoHydrated(page, "/staff");
  const queries = page.getByRole("region", { name: "Open engineering queries" });
  const seed = "D1 polarity: silkscreen and footprint disagree";
  const link = queries.getByRole("link", { name: new RegExp(`^EQ-\\d{4}-\\d+ · ${seed}$`) });
  await expect(link).toBeVisible();
  await expect(queries.getByText(/Nordwind Sensorik GmbH · waiting \d+ days/).first()).toBeVisible();
  const number = ((await link.textContent()) ?? "").split(" · ")[0]!;
  await link.click();
  await expect(page).toHaveURL(/\/staff\/engineering-queries\?query=[0-9a-f-]{36}$/);
  const dialog = page.getByRole("dialog", { name: `${number} · ${seed}` });
  await expect(dialog.getByRole("list", { name: "Designators" }).getByText("D1")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/staff\/engineering-queries$/);
  await gotoHydrated(page, "/staff");
  await queries.getByRole("link", { name: "All open engineering queries" }).click();
  await expect(page).toHaveURL(/\/staff\/engineering-queries\?status=open$/);
  await expect(page.getByRole("heading", { level: 1, name: "Engineering queries" })).toBeVisible();
  await expect(page.locator('select[name="status"]')).toHaveValue("open");

  // The full list of announced transfers is the billing page, filtered.
  await gotoHydrated(page, "/staff");
  await page
    .getByRole("region", { name: "Announced transfers" })
    .getByRole("link", { name: "All invoices with an announced transfer" })
    .click();
  await expect(page).toHaveURL(/\/staff\/billing\?payment=transfer_announced$/);
  await expect(page.locator('select[name="payment"]')).toHaveValue("transfer_announced");

  // Read the oldest new contact message and mark it handled: it leaves the queue.
  await gotoHydrated(page, "/staff");
  const section = page.getByRole("region", { name: "Contact messages to handle" });
  const message = section.getByRole("article").first();
  await expect(message).toBeVisible();
  const title = (await message.getByRole("heading", { level: 3 }).textContent()) ?? "";
  const reference = title.split(" · ")[0]!;
  expect(reference).toMatch(/^ENQ-/);
  const card = page.getByRole("region", { name: "New contact messages" });
  await card.getByRole("link", { name: new RegExp(`^${reference} · `) }).click();
  await expect(page).toHaveURL(new RegExp(`#message-[0-9a-f-]{36}$`));
  await message.getByRole("button", { name: `Mark handled: ${reference}` }).click();
  await expect(page.getByText(`Message ${reference} marked handled.`)).toBeVisible();
  await expect(section.getByRole("heading", { name: new RegExp(`^${reference} · `) })).toHaveCount(0);
  await expect(card.getByRole("link", { name: new RegExp(`^${reference} · `) })).toHaveCount(0);
});

test("a customer who opens the staff home is sent to their desk", async ({ page }) => {
  await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/my\/desk$/);
  await page.goto("/de/staff");
  await expect(page).toHaveURL(/\/de\/my\/desk$/);
});
