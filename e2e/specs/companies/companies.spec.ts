import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { DEMO_ADMIN, latestMail, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";

test("invite a colleague, who accepts and signs in; change their role; add and edit an address and a contact", async ({
  page,
  browser,
}) => {
  // A long journey across two browser contexts; on a loaded two-core runner it needs more than 30 s.
  test.setTimeout(180_000);
  await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await gotoHydrated(page, "/my/companies");
  await expect(page.getByRole("heading", { level: 1, name: "Your company" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Company details" })).toBeVisible();
  await expectNoAxeViolations(page);

  // A bare domain is taken as the website's https:// address.
  const details = page.getByRole("region", { name: "Company details" });
  await details.getByLabel("Website").fill("nordwind-sensorik.example");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(details.getByLabel("Website")).toHaveValue("https://nordwind-sensorik.example");

  // Add an address and make it the shipping address.
  const label = `Lab ${Date.now()}`;
  await page.getByRole("button", { name: "Add address" }).click();
  const addressDialog = page.getByRole("dialog", { name: "Add address" });
  await addressDialog.getByLabel("Label").fill(label);
  await addressDialog.getByLabel("Street and number").fill("Deichstraße 3");
  await addressDialog.getByLabel("Postcode").fill("28203");
  await addressDialog.getByLabel("Town or city").fill("Bremen");
  await addressDialog.getByRole("button", { name: "Save" }).click();
  await expect(addressDialog).toBeHidden();
  const card = page.getByRole("listitem", { name: label });
  await card.getByRole("button", { name: "Use as shipping address" }).click();
  await expect(card.getByText("Shipping", { exact: true })).toBeVisible();

  // Edit it: the same dialog, filled in. Text pasted beyond a field's limit is not cut off: it stays,
  // counted and explained, and the form will not save it.
  await card.getByRole("button", { name: `Edit ${label}` }).click();
  const editAddress = page.getByRole("dialog", { name: "Edit address" });
  await expect(editAddress.getByLabel("Label")).toHaveValue(label);
  const street = editAddress.getByLabel("Street and number");
  await expect(street).toHaveValue("Deichstraße 3");
  const pasted = "Deichstraße 3, Hinterhaus, ".padEnd(250, "x");
  await street.selectText();
  await page.keyboard.insertText(pasted);
  await expect(street).toHaveValue(pasted);
  await expect(editAddress.getByText("250 / 200")).toBeVisible();
  await expect(editAddress.getByText("The text is 50 characters too long")).toBeVisible();
  await expect(street).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await editAddress.getByLabel("Town or city").fill("Bremen-Walle");
  await editAddress.getByRole("button", { name: "Save" }).click();
  // Refused before sending: the first invalid field is focused.
  await expect(street).toBeFocused();
  await expect(editAddress).toBeVisible();
  await street.fill("Deichstraße 5");
  await expect(editAddress.getByText("13 / 200")).toBeVisible();
  await editAddress.getByRole("button", { name: "Save" }).click();
  await expect(editAddress).toBeHidden();
  await expect(card.getByText("Deichstraße 5")).toBeVisible();
  await expect(card.getByText("28203 Bremen-Walle")).toBeVisible();
  // Editing keeps the address's role.
  await expect(card.getByText("Shipping", { exact: true })).toBeVisible();

  // Add a contact, then edit it.
  const lastName = `Lager ${Date.now()}`;
  await page.getByRole("button", { name: "Add contact" }).click();
  const addContact = page.getByRole("dialog", { name: "Add contact" });
  await addContact.getByLabel("First name").fill("Greta");
  await addContact.getByLabel("Last name").fill(lastName);
  await addContact.getByLabel("Position (optional)").fill("Goods receiving");
  await addContact.getByRole("button", { name: "Save" }).click();
  await expect(addContact).toBeHidden();
  const contact = page.getByRole("listitem", { name: `Greta ${lastName}` });
  await contact.getByRole("button", { name: `Edit Greta ${lastName}` }).click();
  const editContact = page.getByRole("dialog", { name: "Edit contact" });
  await expect(editContact.getByLabel("Position (optional)")).toHaveValue("Goods receiving");
  await editContact.getByLabel("Position (optional)").fill("Incoming goods lead");
  await editContact.getByLabel("Phone (optional)").fill("+49 421 555 10");
  await editContact.getByRole("button", { name: "Save" }).click();
  await expect(editContact).toBeHidden();
  await expect(contact.getByText("Incoming goods lead")).toBeVisible();
  await expect(contact.getByText("+49 421 555 10")).toBeVisible();

  // Invite a colleague.
  const email = `colleague.${Date.now()}@nordwind.example`;
  const started = new Date(Date.now() - 1000);
  await page.getByRole("button", { name: "Invite a colleague" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a colleague" });
  await dialog.getByLabel("First name").fill("Elif");
  await dialog.getByLabel("Last name").fill("Aydin");
  await dialog.getByLabel("E-mail address").fill(email);
  await dialog.getByLabel("Role").selectOption("engineer");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) });
  await expect(row.getByText("Invited")).toBeVisible();

  // The invitation mail carries the link; the colleague opens it in a browser of their own.
  const mail = await latestMail(page.request, email, "invitation", started);
  const link = /https?:\/\/\S*invitation=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  const url = new URL(link!);
  await gotoHydrated(colleague, `${url.pathname}${url.search}`);
  await expect(colleague.getByRole("heading", { name: "Join Nordwind Sensorik GmbH" })).toBeVisible();
  await expect(colleague.getByLabel("First name")).toHaveValue("Elif");
  await expectNoAxeViolations(colleague);
  const password = "a quiet harbour at dawn 2026";
  await colleague.getByLabel("Password", { exact: true }).fill(password);
  await colleague.getByRole("button", { name: "Accept and create my account" }).click();
  await expect(colleague).toHaveURL(/\/login\?email=/);
  await expect(colleague.getByText("Welcome aboard. Sign in with your new password.")).toBeVisible();

  // The colleague signs in.
  await signInByApi(colleague, email, password);
  const me = await colleague.request.get("/api/profile");
  expect(((await me.json()) as { data: { user: { company_role: string } } }).data.user.company_role).toBe(
    "engineer",
  );
  await colleagueContext.close();

  // Back as the administrator: the colleague is active; change their role.
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(row.getByText("Active")).toBeVisible();
  await row.getByLabel("Role of Elif Aydin").selectOption("finance");
  await expect(page.getByText("The role of Elif Aydin is now Finance")).toBeVisible();
  await page.reload();
  await expect(row.getByLabel("Role of Elif Aydin")).toHaveValue("finance");
  const roleMail = await latestMail(page.request, email, "role_changed", started);
  expect(roleMail.subject).toContain("role");

  await expectNoAxeViolations(page);
});
