import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, signInByApi } from "../../support/accounts.ts";
import { shootPages } from "../../support/screenshots.ts";
import { apiData, STAFF } from "../../support/orders.ts";

/**
 * The screenshots of issue 21 (docs/screenshots): the customer's desk with its open questions, an
 * assembly's sheet at a question pinned on the board, its BOM with the pinned line, the file share,
 * and the back office's query queue and a customer's files, at 375 and 1280 px in light and dark
 * mode, for a person to look at. Runs only when SHOTS_DIR names the folder to write them to.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;

test.skip(!SHOTS_DIR, "set SHOTS_DIR to take the engineering-query screenshots");

interface QuerySummary {
  id: string;
  title: string;
  subject: { kind: string; spec_id: string; version: number };
}

test("engineering queries and the file share, customer and back office", async ({ page, browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS_DIR!, { recursive: true });
  await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const queries = await apiData<{ items: QuerySummary[] }>(
    await page.request.get("/api/engineering-queries?status=open"),
  );
  const open = queries.items.find((query) => query.subject.kind === "assembly")!;
  expect(open, "the demo seed has an open query on an assembly").toBeDefined();
  const { spec_id: assembly, version } = open.subject;
  await shootPages(page, SHOTS_DIR!, [
    ["eq-desk", "/my/desk"],
    ["eq-assembly-sheet", `/my/pcbas?pcba=${assembly}&version=${version}&query=${open.id}`],
    ["eq-bom", `/my/pcbas/bom/${assembly}`],
    ["file-share", "/my/file-share"],
  ]);

  const staff = await browser.newPage();
  await signInByApi(staff, STAFF.email, STAFF.password);
  const customers = await apiData<{ items: { id: string; name: string }[] }>(
    await staff.request.get(`/api/staff/customers?q=${encodeURIComponent("Nordwind")}`),
  );
  await shootPages(staff, SHOTS_DIR!, [
    ["staff-engineering-queries", "/staff/engineering-queries"],
    ["staff-customer-files", `/staff/customers/${customers.items[0]!.id}/files`],
  ]);
});
