import { expect, test, type Locator } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { DEMO_ADMIN, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { apiData, STAFF } from "../../support/orders.ts";

interface PcbRow {
  id: string;
  name: string;
  company_name: string;
  width_mm: number;
  height_mm: number;
  latest_version: number;
}

interface QueryRow {
  id: string;
  number: string;
  version: number;
  location: { points: { side: string; x_mm: number; y_mm: number }[] };
}

/**
 * Where a point of the board (mm, top side) is in the drawing's box: the SVG shows the board and a
 * margin of 3 % of its longer edge, scaled to fit its box and centred (preserveAspectRatio meet).
 */
async function spotOf(board: Locator, size: { w: number; h: number }, mm: { x: number; y: number }) {
  const box = (await board.boundingBox())!;
  const pad = Math.max(size.w, size.h) * 0.03;
  const view = { w: size.w + 2 * pad, h: size.h + 2 * pad };
  const scale = Math.min(box.width / view.w, box.height / view.h);
  return {
    x: (box.width - view.w * scale) / 2 + (mm.x + pad) * scale,
    y: (box.height - view.h * scale) / 2 + (size.h - mm.y + pad) * scale,
  };
}

/**
 * Issue 21: a PCB version has no designators, so staff pin a query to points on its board. On the
 * demo customer's NW-420 bare board, staff type one point's position and click the board for another;
 * the form lists both; the customer's sheet shows pins 1 and 2 on the board. The query is withdrawn at
 * the end, so no order built to the version is held by it.
 */
test("staff pin a query on a PCB to points typed and clicked, and the customer sees the pins", async ({
  page: staff,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInByApi(staff, STAFF.email, STAFF.password);
  const pcb = (
    await apiData<{ items: PcbRow[] }>(await staff.request.get("/api/staff/pcbs?q=NW-420&page_size=50"))
  ).items.find(
    (row) => row.name === "NW-420 humidity sensor" && row.company_name === "Nordwind Sensorik GmbH",
  );
  expect(pcb, "the seeded NW-420 bare board").toBeTruthy();
  const size = { w: pcb!.width_mm, h: pcb!.height_mm };

  await gotoHydrated(staff, `/staff/pcbs?pcb=${pcb!.id}`);
  const queries = staff.getByRole("region", {
    name: `Engineering queries on version ${pcb!.latest_version}`,
  });
  await queries.getByRole("button", { name: "Raise engineering query" }).click();
  const raise = staff.getByRole("dialog", { name: "Raise an engineering query" });
  const title = `Fiducials ${Date.now()}: none near the QFN`;
  await raise.getByLabel("Title", { exact: true }).fill(title);
  await raise
    .getByLabel("Question", { exact: true })
    .fill("There is no fiducial near U1. May we add two local fiducials at the marked spots?");
  const points = raise.getByRole("group", { name: "Points on the board" });

  // 1. By keyboard: side, X and Y, Enter adds it (the query is not raised half-written).
  await points.getByLabel("Side of the board").selectOption("top");
  await points.getByLabel("X position in mm").fill("40");
  await points.getByLabel("X position in mm").press("Tab");
  await expect(points.getByLabel("Y position in mm")).toBeFocused();
  await staff.keyboard.type("99");
  await staff.keyboard.press("Enter");
  await expect(points.getByText(/^This point is off the board: X runs from 0 to 48\.5 mm/)).toBeVisible();
  await points.getByLabel("Y position in mm").fill("8");
  await points.getByLabel("Y position in mm").press("Enter");
  const pins = points.getByRole("list", { name: "Pinned points" });
  await expect(pins.getByRole("listitem")).toHaveText(["Pin 1: top side, x 40 mm, y 8 mm"]);
  await expect(raise).toBeVisible();

  // 2. By pointer: a click on the board near its upper left corner.
  const board = points.getByRole("img", { name: "Board of this version, top side: click to pin a point" });
  await board.click({ position: await spotOf(board, size, { x: 8, y: 24 }) });
  await expect(pins.getByRole("listitem")).toHaveCount(2);
  const clicked = (await pins.getByRole("listitem").nth(1).textContent()) ?? "";
  const [, x, y] = /^Pin 2: top side, x ([\d.]+) mm, y ([\d.]+) mm$/.exec(clicked) ?? [];
  expect(Number(x)).toBeCloseTo(8, 0);
  expect(Number(y)).toBeCloseTo(24, 0);
  await expect(board.locator("[data-point]")).toHaveCount(2);
  await expectNoAxeViolations(staff);

  await raise.getByRole("button", { name: "Raise query" }).click();
  await expect(
    staff.getByText(/^EQ-\d{4}-\d+ raised; the customer has been told by e-mail\.$/),
  ).toBeVisible();
  await expect(raise).toBeHidden();
  const listed = queries.getByRole("link", { name: new RegExp(`^EQ-\\d{4}-\\d+ · ${title}$`) });
  const number = ((await listed.textContent()) ?? "").split(" · ")[0]!;
  const found = (
    await apiData<{ items: { id: string; number: string }[] }>(
      await staff.request.get(`/api/staff/engineering-queries?q=${encodeURIComponent(number)}`),
    )
  ).items.find((row) => row.number === number)!;
  const query = await apiData<QueryRow>(
    await staff.request.get(`/api/staff/engineering-queries/${found.id}`),
  );
  expect(query.location.points).toEqual([
    { side: "top", x_mm: 40, y_mm: 8 },
    { side: "top", x_mm: Number(x), y_mm: Number(y) },
  ]);

  // 3. The customer opens the query on the PCB's sheet: pins 1 and 2 on the board, listed as text.
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signInByApi(customer, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await gotoHydrated(customer, `/my/pcbs?pcb=${pcb!.id}&version=${pcb!.latest_version}&query=${query.id}`);
  const article = customer.getByRole("article", { name: `${number}: ${title}` });
  await expect(article).toBeFocused();
  await expect(article.getByRole("list", { name: "Points on the board" }).getByRole("listitem")).toHaveText([
    "Pin 1: top side, x 40 mm, y 8 mm",
    `Pin 2: top side, x ${x} mm, y ${y} mm`,
  ]);
  const sheetBoard = customer.getByRole("img", { name: "Board with the pinned parts, top side" });
  await expect(sheetBoard.locator('[data-point="1"]')).toBeVisible();
  await expect(sheetBoard.locator('[data-point="2"]')).toBeVisible();
  await expectNoAxeViolations(customer);
  await customerContext.close();

  // Withdrawn, so the version's orders in other journeys are not held by it.
  const withdrawn = await staff.request.post(`/api/staff/engineering-queries/${query.id}/withdraw`, {
    data: { expected_version: query.version },
  });
  expect(withdrawn.status()).toBe(200);
});
