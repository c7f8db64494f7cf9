import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { latestMail, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { apiData, placeSensorBoardOrder, registerCustomer, STAFF } from "../../support/orders.ts";
import { pdfText } from "../../support/pdf.ts";

const LINE = "Line 1: SB-7 sensor board, SMT both sides";

interface InvoiceLine {
  position: number;
  quantity: number;
}

/**
 * A partial delivery, invoiced for what shipped: staff ship 40 of 100 boards, the customer is told
 * what shipped and what follows, the invoice dialog offers the 40 shipped (and refuses more without
 * advance billing), and the customer sees an invoice for 40.
 */
test("a partial delivery is invoiced for the shipped quantity; the customer is told what follows", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const started = new Date();
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInByApi(staff, STAFF.email, STAFF.password);
  // A company of its own, so the figures it checks are not moved by journeys running beside it.
  const stamp = Date.now();
  const company = `Elbe Robotics ${stamp} GmbH`;
  const email = await registerCustomer(page, stamp, {
    company,
    country: "DE",
    street: "Holstenstraße 8",
    postcode: "22767",
    city: "Hamburg",
  });
  const order = await placeSensorBoardOrder(staff, page, "Sensor board SB-7, partial delivery", company);

  // Staff ship 40 of the 100 boards.
  await gotoHydrated(staff, `/staff/orders/${order.order_id}`);
  await staff.getByRole("button", { name: "Create delivery note" }).click();
  const delivery = staff.getByRole("dialog", { name: "Create delivery note" });
  await delivery.getByLabel(LINE).fill("40");
  await delivery.getByRole("button", { name: "Create delivery note" }).click();
  await expect(staff.getByText("Delivery note created")).toBeVisible();

  // The invoice dialog shows ordered, shipped and invoiced, and offers the 40 shipped.
  await staff.getByRole("button", { name: "Create invoice" }).click();
  const dialog = staff.getByRole("dialog", { name: "Create invoice" });
  const line = dialog.getByRole("group", { name: LINE });
  await expect(line.getByText("Ordered 100 · shipped 40 · invoiced so far 0")).toBeVisible();
  const quantity = line.getByLabel("Quantity to invoice");
  await expect(quantity).toHaveValue("40");
  await quantity.fill("41");
  await dialog.getByRole("button", { name: "Create invoice" }).click();
  await expect(
    line.getByText("Only 40 shipped and not yet invoiced. Tick advance billing to invoice more."),
  ).toBeVisible();
  // Advance billing asks for a reason before it allows more.
  await dialog.getByLabel("Advance billing (invoice before shipping)").check();
  await expect(dialog.getByLabel("Reason for advance billing")).toBeVisible();
  await expectNoAxeViolations(staff);
  await dialog.getByLabel("Advance billing (invoice before shipping)").uncheck();
  await expect(dialog.getByLabel("Reason for advance billing")).toHaveCount(0);
  await quantity.fill("40");
  await dialog.getByRole("button", { name: "Create invoice" }).click();
  await expect(staff.getByText("Invoice created")).toBeVisible();
  await expect(dialog).toBeHidden();
  const lines = staff.getByRole("region", { name: "Order lines" });
  await expect(lines.getByText("40 of 100 invoiced")).toBeVisible();
  const invoiceNumber = (await staff
    .getByRole("region", { name: "Invoices", exact: true })
    .getByRole("link", { name: /^INV-/ })
    .textContent())!.trim();

  // The customer's mail says part of the order shipped, and what follows.
  const mail = await latestMail(page.request, email, "delivery_partly_shipped", started);
  expect(mail.subject).toBe(`Part of your order ${order.order_number} has shipped`);
  expect(mail.text).toContain("40 × SB-7 sensor board, SMT both sides");
  expect(mail.text).toContain("Still to follow in a later delivery:");
  expect(mail.text).toContain("60 × SB-7 sensor board, SMT both sides");

  // The customer sees the invoice for the 40 shipped, on its own and on the order.
  const invoices = await apiData<{ items: { id: string; number: string; lines: InvoiceLine[] }[] }>(
    await page.request.get(`/api/invoices?q=${invoiceNumber}`),
  );
  const invoice = invoices.items.find((i) => i.number === invoiceNumber)!;
  expect(invoice.lines.filter((l) => l.position > 0)).toEqual([expect.objectContaining({ quantity: 40 })]);
  await gotoHydrated(page, `/my/invoices?q=${invoiceNumber}`);
  await expect(page.getByRole("row", { name: new RegExp(invoiceNumber) })).toBeVisible();
  const invoicePdf = await pdfText(page.request, `/api/invoices/${invoice.id}/pdf`);
  expect(invoicePdf).toContain(invoiceNumber);
  expect(invoicePdf).toMatch(/SB-7 sensor board, SMT both sides\s+40\b/);

  await gotoHydrated(page, `/my/orders/${order.order_id}`);
  await expect(page.getByText(/40 delivered · 40 invoiced/)).toBeVisible();
  await expectNoAxeViolations(page);

  // The delivery note lists what is still to follow.
  const notes = await apiData<{ items: { id: string }[] }>(
    await page.request.get(`/api/deliveries?order_id=${order.order_id}`),
  );
  const notePdf = await pdfText(page.request, `/api/deliveries/${notes.items[0]!.id}/pdf`);
  expect(notePdf).toContain("To follow");
  expect(notePdf).toContain("Pos. 1 · SB-7 sensor board, SMT both sides: 60");
  await staffContext.close();
});
