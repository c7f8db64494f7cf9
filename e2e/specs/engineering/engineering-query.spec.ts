import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { DEMO_ADMIN, latestMail, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { apiData, orderQuoteByApi, sendSensorBoardQuote, STAFF } from "../../support/orders.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * The customer's attachment: the EAGLE BOM export of the Compass "teensy-jst" board (fixtures/boms,
 * from camchaney/handheld-cnc, CERN-OHL-W-2.0; see fixtures/README.md).
 */
const ANSWER_FILE = path.join(root, "fixtures/boms/compass-teensy-jst-eagle97/teensy-jst_01.4 v10.csv");

interface AssemblyRow {
  id: string;
  number: string;
  name: string;
  company_name: string;
}

interface QueryRow {
  id: string;
  number: string;
  title: string;
  status: string;
}

/**
 * Done-when journey of issue 21: staff raise an engineering query through the back office's form on
 * the demo customer's NW-420 assembly, pinned to two of its parts (R1 and C7) with two answers to
 * choose from and a screenshot; an order built to that version waits at its data check; the customer
 * (a second browser) sees the parts lit on the board and answers with an option and a file; the order
 * moves on; the mails arrive in each recipient's language (the customer's administrator reads
 * English, the demo's staff member German); staff read the answer in the queue and close the query.
 */
test("staff raise an engineering query, the customer answers it and the held order moves on", async ({
  page: staff,
  browser,
}) => {
  test.setTimeout(240_000);
  await signInByApi(staff, STAFF.email, STAFF.password);
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  await signInByApi(customer, DEMO_ADMIN.email, DEMO_ADMIN.password);

  // The NW-420 assembly of the demo company. Its seeded question about D1 stays open for the other
  // journeys and holds every order built to that version, so the customer first saves the same
  // specification as a new version (same BOM and placements): the order here is built to that one and
  // waits only for this journey's question.
  const assembly = (
    await apiData<{ items: AssemblyRow[] }>(await staff.request.get("/api/staff/pcbas?q=NW-420&page_size=50"))
  ).items.find(
    (row) => row.name === "NW-420 humidity sensor" && row.company_name === "Nordwind Sensorik GmbH",
  );
  expect(assembly, "the seeded NW-420 assembly").toBeTruthy();
  const current = await apiData<{ latest: { version: number; fields: Record<string, unknown> } }>(
    await customer.request.get(`/api/pcbas/${assembly!.id}`),
  );
  const saved = await apiData<{ latest: { id: string; version: number } }>(
    await customer.request.post(`/api/pcbas/${assembly!.id}/versions`, {
      data: { base_version: current.latest.version, fields: current.latest.fields },
    }),
  );
  const version = saved.latest.version;
  const quote = await sendSensorBoardQuote(staff, customer, {
    company: "Nordwind Sensorik GmbH",
    title: `NW-420 pilot run ${Date.now()}`,
    assemblySpecVersionId: saved.latest.id,
  });
  const order = await orderQuoteByApi(customer, quote.id, 100);

  // 1. Staff raise the query from the assembly view: two designators, two answers, a screenshot.
  await gotoHydrated(staff, `/staff/pcbas?pcba=${assembly!.id}`);
  const queries = staff.getByRole("region", {
    name: `Engineering queries on version ${version}`,
  });
  await expect(queries).toBeVisible();
  const screenshot = await staff.screenshot();
  await queries.getByRole("button", { name: "Raise engineering query" }).click();
  const raise = staff.getByRole("dialog", { name: "Raise an engineering query" });
  const title = `R1 and C7 ${Date.now()}: pull-up and bulk capacitor values`;
  // The form checks with the API's own schema: a title and a question are needed.
  await raise.getByRole("button", { name: "Raise query" }).click();
  await expect(raise.getByText("Give the query a title of up to 160 characters.")).toBeVisible();
  await raise.getByLabel("Title", { exact: true }).fill(title);
  await raise
    .getByLabel("Question", { exact: true })
    .fill(
      "R1 is 10 kΩ in the BOM but 4.7 kΩ in the schematic, and C7 is 10 µF where the notes ask for 22 µF. Which values should we fit?",
    );
  const designators = raise.getByRole("group", { name: "Designators" });
  await designators.getByLabel("Find a designator").fill("r");
  await designators.getByRole("checkbox", { name: "R1", exact: true }).check();
  await designators.getByLabel("Find a designator").fill("C7");
  await expect(designators.getByRole("checkbox", { name: "R2", exact: true })).toBeHidden();
  await designators.getByRole("checkbox", { name: "C7", exact: true }).check();
  await raise.getByRole("button", { name: "Add an answer" }).click();
  await raise.getByLabel("Answer 1", { exact: true }).fill("Fit the BOM values (10 kΩ, 10 µF)");
  await raise.getByRole("button", { name: "Add an answer" }).click();
  await raise.getByLabel("Answer 2", { exact: true }).fill("Fit the schematic values (4.7 kΩ, 22 µF)");
  await raise
    .getByRole("group", { name: "Images and files (optional)" })
    .locator("input[type=file]")
    .setInputFiles({ name: "nw-420-review.png", mimeType: "image/png", buffer: screenshot });
  await expect(raise.getByRole("list", { name: "Files attached to the query" })).toContainText(
    "nw-420-review.png",
    { timeout: 30_000 },
  );
  await expectNoAxeViolations(staff);
  const raisedAt = new Date(Date.now() - 1000);
  await raise.getByRole("button", { name: "Raise query" }).click();
  await expect(
    staff.getByText(/^EQ-\d{4}-\d+ raised; the customer has been told by e-mail\.$/),
  ).toBeVisible();
  await expect(raise).toBeHidden();
  const listed = queries.getByRole("link", { name: new RegExp(`^EQ-\\d{4}-\\d+ · ${title}$`) });
  await expect(listed).toBeVisible();
  const number = ((await listed.textContent()) ?? "").split(" · ")[0]!;
  const query = (
    await apiData<{ items: QueryRow[] }>(
      await staff.request.get(`/api/staff/engineering-queries?q=${encodeURIComponent(number)}`),
    )
  ).items.find((row) => row.number === number)!;
  expect(query.status).toBe("open");

  // The customer's administrator is told in English, with the question's number.
  const raisedMail = await latestMail(customer.request, DEMO_ADMIN.email, "query_raised", raisedAt);
  expect(raisedMail.subject).toContain(`Engineering question ${number}`);
  expect(raisedMail.text).toContain("Fit the schematic values (4.7 kΩ, 22 µF)");

  // 2. The order waits at its data check: the production form refuses to complete it.
  await gotoHydrated(staff, `/staff/orders/${order.order_id}`);
  const production = staff.getByRole("region", { name: "Production progress" });
  await expect(production.getByText("Waiting for the customer's answer")).toBeVisible();
  await expect(production.getByRole("link", { name: `${number} · ${title}` })).toBeVisible();
  await production.getByLabel("Data check percent, line 1").fill("100");
  await production.getByRole("button", { name: "Save production progress" }).click();
  await expect(
    // Other journeys may hold the same demo order with queries of their own (staff-query-points).
    production.getByText(
      new RegExp(`^Not saved: the order waits for the customer's answer to .*\\b${number}\\b`),
    ),
  ).toBeVisible();

  // 3. The customer opens the question as the mail links it, sees R1 and C7 lit on the board, and
  // answers with an offered answer and a file.
  await gotoHydrated(customer, `/my/pcbas?pcba=${assembly!.id}&version=${version}&query=${query.id}`);
  const article = customer
    .getByRole("dialog", { name: /NW-420 humidity sensor/ })
    .getByRole("article", { name: `${number}: ${title}` });
  await expect(article).toBeFocused();
  await expect(article.getByRole("list", { name: "Pinned parts" }).getByRole("listitem")).toHaveText([
    "C7",
    "R1",
  ]);
  const board = customer.getByRole("img", { name: "Board with the pinned parts, top side" });
  await expect(board.locator('[data-designator="R1"]')).toHaveAttribute("data-highlighted", "true");
  await expect(board.locator('[data-designator="C7"]')).toHaveAttribute("data-highlighted", "true");
  await expect(board.locator('[data-designator="D1"]')).not.toHaveAttribute("data-highlighted", "true");
  const answer = article.getByRole("form", { name: `Answer ${number}` });
  await answer.getByRole("radio", { name: "Fit the schematic values (4.7 kΩ, 22 µF)" }).check();
  await answer.getByLabel("Your answer").fill("The schematic is right; the BOM export is from rev B.");
  await answer
    .getByRole("group", { name: "Attach files" })
    .locator("input[type=file]")
    .setInputFiles(ANSWER_FILE);
  await expect(answer.getByRole("list", { name: "Files to send" })).toContainText("teensy-jst_01.4 v10.csv", {
    timeout: 30_000,
  });
  const answeredAt = new Date(Date.now() - 1000);
  await answer.getByRole("button", { name: "Send answer" }).click();
  await expect(customer.getByText(`Your answer to ${number} was sent.`)).toBeVisible();
  await expect(article.getByText("Answered", { exact: true })).toBeVisible();
  await customerContext.close();

  // The staff member who raised it is told in their own language, German.
  const repliedMail = await latestMail(staff.request, STAFF.email, "query_replied", answeredAt);
  expect(repliedMail.subject).toBe(
    `Nordwind Sensorik GmbH hat die technische Rückfrage ${number} beantwortet`,
  );

  // 4. The held order moves on: the data check is completed now.
  await gotoHydrated(staff, `/staff/orders/${order.order_id}`);
  await expect(production.getByText("Waiting for the customer's answer")).toHaveCount(0);
  await production.getByLabel("Data check percent, line 1").fill("100");
  await production.getByRole("button", { name: "Save production progress" }).click();
  await expect(staff.getByText(`Production progress of ${order.order_number} saved`)).toBeVisible();

  // 5. Staff read the answer in the queue and close the query with a note.
  await gotoHydrated(staff, `/staff/engineering-queries?q=${encodeURIComponent(number)}`);
  const table = staff.getByRole("table", { name: "Engineering queries, oldest first" });
  const row = table.getByRole("row").filter({ hasText: number });
  await expect(row).toContainText("Answered");
  await expect(row).toContainText("Nordwind Sensorik GmbH");
  await expect(row.getByRole("link", { name: order.order_number })).toBeVisible();
  await expectNoAxeViolations(staff);
  await row.getByRole("link", { name: number }).click();
  const dialog = staff.getByRole("dialog", { name: `${number} · ${title}` });
  await expect(dialog.getByRole("list", { name: "Designators" }).getByRole("listitem")).toHaveText([
    "C7",
    "R1",
  ]);
  await expect(dialog.getByText("Chosen answer: Fit the schematic values (4.7 kΩ, 22 µF)")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "nw-420-review.png" })).toHaveAttribute(
    "href",
    /^\/api\/staff\/files\/[0-9a-f-]{36}$/,
  );
  await expect(dialog.getByRole("link", { name: "teensy-jst_01.4 v10.csv" })).toBeVisible();
  await expectNoAxeViolations(staff);
  await dialog.getByLabel("Note for the customer (optional)").fill("Thanks, we fit 4.7 kΩ and 22 µF.");
  await dialog.getByRole("button", { name: "Close query" }).click();
  await expect(staff.getByText(`${number} closed.`)).toBeVisible();
  await expect(dialog.getByText("This query is closed: nothing more can be added.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close query" })).toHaveCount(0);
});
