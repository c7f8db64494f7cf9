import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, signInByApi } from "../../support/accounts.ts";
import { failOnMissingMessages, watchPortalPart } from "../../support/catalog.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { STAFF } from "../../support/orders.ts";

/**
 * Each language's texts ship as a public and a portal part (issue 20, apps/web/app/lib/i18n.ts):
 * public pages download only the public part, and the way into the portal, by full load or by
 * client-side navigation, brings the portal part before the page renders. A text missing from the
 * loaded parts fails the journey (failOnMissingMessages).
 */
failOnMissingMessages(test);

test.use({ viewport: { width: 1280, height: 900 } });

const PUBLIC_PAGES = [
  "/",
  "/electronics-manufacturing/smt-assembly",
  "/knowledge-base",
  "/knowledge-base/pcb-design/fiducial-marks",
  "/resources/pcb-glossary",
  "/about/team",
  "/contact",
  "/this-page-does-not-exist",
  "/de",
  "/de/elektronikfertigung/tht-montage",
  "/de/wissensdatenbank/leiterplattendesign/passermarken",
  "/de/kontakt",
];

test("public pages render from the public part alone", async ({ page }) => {
  // Twelve full page loads on a loaded CI machine.
  test.setTimeout(120_000);
  const portal = watchPortalPart(page);
  for (const path of PUBLIC_PAGES) {
    await gotoHydrated(page, path);
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  }
  expect(portal).toEqual([]);
});

test("client-side navigation through the menu, the colour mode and the language stays on the public part", async ({
  page,
}) => {
  const portal = watchPortalPart(page);
  await gotoHydrated(page, "/");
  await page
    .getByRole("navigation", { name: "Main" })
    .filter({ visible: true })
    .getByRole("button", { name: "Industries" })
    .click();
  await page.getByRole("menuitem", { name: "Medical devices" }).click();
  await expect(page).toHaveURL(/\/industries\/medical-devices$/);
  await page.getByRole("button", { name: /Colour mode:/ }).click();
  await page
    .getByLabel(/Choose language/)
    .filter({ visible: true })
    .click();
  await page.getByRole("link", { name: "Deutsch", exact: true }).filter({ visible: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(portal).toEqual([]);
});

test("the header's sign-in link brings the portal part before the sign-in page renders", async ({ page }) => {
  const portal = watchPortalPart(page);
  await gotoHydrated(page, "/de");
  expect(portal).toEqual([]);
  await page.getByRole("banner").getByRole("link", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/de\/login$/);
  await expect(page.getByLabel("E-Mail-Adresse")).toBeVisible();
  expect(portal).toHaveLength(1);
});

test("signed in, a customer goes from a public page to the desk and a staff member to the back office", async ({
  page,
}) => {
  for (const { user, item, url } of [
    { user: DEMO_ADMIN, item: "Customer desk", url: /\/my\/desk$/ },
    { user: STAFF, item: "Back office", url: /\/staff$/ },
  ]) {
    await page.context().clearCookies();
    await signInByApi(page, user.email, user.password);
    const portal = watchPortalPart(page);
    await gotoHydrated(page, "/electronics-manufacturing/smt-assembly");
    await page.getByRole("button", { name: /^Hello,/ }).click();
    await page.getByRole("menuitem", { name: item }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    expect(portal).toHaveLength(1);
  }
});
