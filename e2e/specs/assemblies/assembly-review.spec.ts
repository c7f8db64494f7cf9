import { expect, test, type Page } from "@playwright/test";
import { signInByApi } from "../../support/accounts.ts";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { gotoHydrated } from "../../support/navigation.ts";

/** The demo company's engineer and the operator's staff member (packages/db/src/seed.ts). */
const ENGINEER = { email: "engineer@customer.example", password: "demo-engineer-2026" } as const;
const STAFF = { email: "staff@lindqvar.example", password: "demo-staff-2026" } as const;

async function dataOf<T>(response: { json: () => Promise<unknown> }): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}

/** A file uploaded as the browser does (tus), with the page's signed-in cookie. */
async function upload(page: Page, name: string, bytes: Buffer, purpose: "bom"): Promise<string> {
  const b64 = (text: string) => Buffer.from(text).toString("base64");
  const tus = { "Tus-Resumable": "1.0.0" };
  const created = await page.request.post("/api/uploads", {
    headers: {
      ...tus,
      "Upload-Length": String(bytes.length),
      "Upload-Metadata": `filename ${b64(name)},purpose ${b64(purpose)}`,
    },
  });
  expect(created.status()).toBe(201);
  const sent = await page.request.patch(created.headers()["location"]!, {
    headers: { ...tus, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    data: bytes,
  });
  expect(sent.status()).toBe(204);
  return sent.headers()["upload-file-id"]!;
}

/**
 * Done-when journey of issue 18 beside the BOM journey (which imports the real EasyEDA export and
 * works the board): an engineer's assembly on a PCB specification gets a BOM; a line without a part
 * becomes a part and matches; a quote is requested from the specification; staff review the BOM and
 * propose a substitute, the customer accepts it, staff release the production BOM, and the customer
 * reads it with the substitute marked.
 */
test("an assembly from BOM to production BOM: create part, rematch, quote, substitute, accept, release", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const mpn = `TPS7A${stamp}DRVR`;
  await signInByApi(page, ENGINEER.email, ENGINEER.password);

  // On the company's PCB specification (the seeded NW-420), with a BOM of two lines.
  const pcbs = await dataOf<{ items: { latest_version_id: string; name: string }[] }>(
    await page.request.get("/api/pcbs?q=NW-420"),
  );
  const pcb = pcbs.items[0]!;
  const name = `Sensor node ${stamp}`;
  const created = await page.request.post("/api/pcbas", {
    data: {
      pcb_spec_version_id: pcb.latest_version_id,
      fields: {
        name,
        top_smt: true,
        top_tht: false,
        bottom_smt: false,
        bottom_tht: false,
        parts_sourcing: "turnkey",
        stencil: "framed",
        conformal_coating: "none",
        aoi: true,
        xray: false,
        electrical_test: "none",
        functional_test: false,
        programming: false,
        packaging: "esd_bags",
        quantity_tiers: [50, 250],
      },
    },
  });
  expect(created.status()).toBe(201);
  const assembly = await dataOf<{ id: string; number: string }>(created);
  const csv = [
    "Reference,Value,Footprint,Qty,Manufacturer,MPN",
    `U1,LDO 3.3V,SOT-23-5,1,Texas Instruments,${mpn}`,
    `"C1,C2",100nF,0402,2,Murata,GRM155R71C104KA88D`,
  ].join("\r\n");
  const file = await upload(page, "sensor-bom.csv", Buffer.from(csv), "bom");
  expect(
    (await page.request.post(`/api/pcbas/${assembly.id}/bom`, { data: { file_id: file } })).status(),
  ).toBe(201);

  // The LDO is not among the company's parts: create it from its line, then match the BOM again.
  await gotoHydrated(page, `/my/pcbas/bom/${assembly.id}`);
  const ldo = page.getByRole("row", { name: /: U1$/ });
  await ldo.getByRole("link", { name: "Create part" }).click();
  const create = page.getByRole("dialog", { name: "New part" });
  await expect(create.getByLabel("MPN 1", { exact: true })).toHaveValue(mpn);
  await create.getByLabel("Type").selectOption("ic");
  await create.getByRole("button", { name: "Create part" }).click();
  await expect(create).toBeHidden({ timeout: 15_000 });
  await gotoHydrated(page, `/my/pcbas/bom/${assembly.id}`);
  await page.getByRole("button", { name: "Match with my parts again" }).click();
  await expect(page.getByText("Matched against your parts again.", { exact: false })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByLabel("BOM version")).toHaveValue("2");
  await expect(page.getByRole("row", { name: /: U1$/ }).getByRole("link", { name: /^NW-/ })).toBeVisible();

  // A quote for the assembly, from its specification's sheet.
  await gotoHydrated(page, `/my/pcbas?pcba=${assembly.id}`);
  await page.getByRole("link", { name: "Request a quote" }).click();
  const request = page.getByRole("dialog", { name: "Request a quote" });
  await expect(request.getByLabel("Assembly specification").locator("option:checked")).toContainText(
    assembly.number,
  );
  await request.getByLabel("Title").fill(`Sensor nodes ${stamp}`);
  await request.getByLabel("Line 1, quantity 1").fill("50");
  await request.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Quote QTN-/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(`${assembly.number}: ${name}`)).toBeVisible();

  // Staff review the BOM and propose a substitute for the capacitors.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInByApi(staff, STAFF.email, STAFF.password);
  await gotoHydrated(staff, `/staff/pcbas?pcba=${assembly.id}`);
  await expect(staff.getByRole("heading", { name: `${assembly.number} · ${name}` })).toBeVisible();
  const capacitors = staff.getByRole("row").filter({ hasText: "C1, C2" });
  await capacitors.getByRole("button", { name: "Propose substitute" }).click();
  const propose = staff.getByRole("dialog", { name: /^Propose a substitute for line/ });
  await propose.getByLabel("Manufacturer", { exact: true }).fill("Samsung Electro-Mechanics");
  await propose.getByLabel("Manufacturer part number (MPN)").fill("CL05B104KO5NNNC");
  await propose
    .getByLabel("Why")
    .fill("GRM155R71C104KA88D is on allocation; the Samsung part is the same X7R 0402.");
  await propose.getByRole("button", { name: "Propose to the customer" }).click();
  await expect(capacitors.getByText("Waiting for the customer", { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(staff.getByRole("button", { name: /^Release BOM version 2/ })).toBeDisabled();
  await expectNoAxeViolations(staff);

  // The customer accepts it on the BOM.
  await gotoHydrated(page, `/my/pcbas/bom/${assembly.id}`);
  const proposals = page.getByRole("region", { name: "Substitutes proposed by our engineering" });
  await expect(proposals).toContainText("GRM155R71C104KA88D → Samsung Electro-Mechanics CL05B104KO5NNNC");
  await proposals.getByRole("button", { name: "Accept substitute" }).click();
  await expect(proposals.getByText("Accepted", { exact: true })).toBeVisible({ timeout: 15_000 });

  // Staff mark every line reviewed and release the production BOM.
  await gotoHydrated(staff, `/staff/pcbas?pcba=${assembly.id}`);
  for (const line of ["U1", "C1, C2"]) {
    await staff
      .getByRole("row")
      .filter({ hasText: line })
      .getByRole("button", { name: /^Mark line \d+ reviewed$/ })
      .click();
    await expect(
      staff
        .getByRole("row")
        .filter({ hasText: line })
        .getByRole("button", { name: /is reviewed/ }),
    ).toBeVisible({ timeout: 15_000 });
  }
  await staff.getByRole("button", { name: "Release BOM version 2 for production" }).click();
  await expect(staff.getByRole("heading", { name: "Production BOM" })).toBeVisible({ timeout: 15_000 });
  await staffContext.close();

  // The customer reads the production BOM: the substitute marked with the MPN it replaces.
  await gotoHydrated(page, `/my/pcbas/bom/${assembly.id}`);
  const production = page.getByRole("region", { name: "Production BOM" });
  await expect(production).toContainText("Samsung Electro-Mechanics CL05B104KO5NNNC");
  await expect(production).toContainText("replaces GRM155R71C104KA88D");
  const pdf = await page.request.get(
    (await production.getByRole("link", { name: "Production BOM as PDF" }).getAttribute("href"))!,
  );
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  await expectNoAxeViolations(page);
});
