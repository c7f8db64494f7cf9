import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { DEMO_ADMIN, signInByApi } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { apiData, STAFF } from "../../support/orders.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * A real file to attach: the EAGLE BOM export of the Compass "teensy-jst" board (fixtures/boms, from
 * camchaney/handheld-cnc, CERN-OHL-W-2.0; see fixtures/README.md).
 */
const ATTACHMENT = path.join(root, "fixtures/boms/compass-teensy-jst-eagle97/teensy-jst_01.4 v10.csv");
const ATTACHMENT_NAME = "teensy-jst_01.4 v10.csv";

/** The seeded open query on the demo company's NW-420 assembly (packages/db/src/seed.ts). */
const SEEDED_TITLE = "D1 polarity: silkscreen and footprint disagree";

interface QuerySummary {
  id: string;
  number: string;
  title: string;
  subject: { kind: string; spec_id: string; version_id: string; version: number };
}

/**
 * Issue 21, the customer's side: the demo customer finds the open engineering question on the desk
 * and in the menu's badge, follows it to the assembly's sheet, where the question is focused and its
 * part lit on the board; then answers a question of its own (raised here by staff through the API, so
 * the seeded one stays open for the other journeys) with an offered answer and a real file, and sees
 * it answered with the file in the conversation.
 */
test("the customer answers an engineering query pinned on the board", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

  // The desk lists the open question and counts it; the menu's Assemblies entry has a badge.
  await gotoHydrated(page, "/my/desk");
  const openQuestions = page.getByRole("region", { name: "Open engineering questions" });
  const seeded = openQuestions.getByRole("listitem").filter({ hasText: SEEDED_TITLE });
  await expect(seeded).toBeVisible();
  await expect(seeded).toContainText(/Assembly .+ · NW-420 humidity sensor, version \d+/);
  await expect(page.locator('[data-tile="open-queries"]')).toContainText(/open engineering question/);
  await expect(
    page.getByRole("navigation", { name: "Customer portal" }).getByRole("link", { name: /Assemblies/ }),
  ).toHaveAccessibleName(/Assemblies.*\d+ open engineering questions?/);
  await expectNoAxeViolations(page);

  // The question's link opens the assembly's sheet at the question: focused, its part lit on the board.
  await seeded.getByRole("link").click();
  await expect(page).toHaveURL(/\/my\/pcbas\?pcba=[^&]+&version=\d+&query=/);
  const sheet = page.getByRole("dialog", { name: /NW-420 humidity sensor/ });
  const queries = sheet.getByRole("region", { name: "Engineering queries" });
  const question = queries.getByRole("article", { name: new RegExp(`: ${SEEDED_TITLE}$`) });
  await expect(question).toBeFocused();
  await expect(question.getByText("Open", { exact: true })).toBeVisible();
  await expect(question.getByRole("list", { name: "Pinned parts" }).getByRole("listitem")).toHaveText(["D1"]);
  const board = queries.getByRole("img", { name: "Board with the pinned parts, top side" });
  await expect(board.locator('[data-designator="D1"]')).toHaveAttribute("data-highlighted", "true");
  await expect(board.locator('[data-designator="U1"]')).not.toHaveAttribute("data-highlighted", "true");
  await expectNoAxeViolations(page);

  // Staff ask a question of their own about the same version, pinned to two parts, with two answers.
  const seededQuery = (
    await apiData<{ items: QuerySummary[] }>(
      await page.request.get("/api/engineering-queries?status=open&sort=created_at&dir=asc&page_size=100"),
    )
  ).items.find((item) => item.title === SEEDED_TITLE)!;

  // The assembly's BOM says above the table that open questions concern it, and marks D1's line
  // (which the seeded question pins) with a link to the question, not by colour alone.
  await gotoHydrated(page, `/my/pcbas/bom/${seededQuery.subject.spec_id}`);
  const notice = page.getByRole("region", {
    name: /^\d+ open engineering quer(y concerns|ies concern) this BOM$/,
  });
  await expect(notice.getByRole("link", { name: `${seededQuery.number}: ${SEEDED_TITLE}` })).toBeVisible();
  const table = page.getByRole("table", { name: "Lines of the bill of materials" });
  const ledLine = table.getByRole("row", { name: /^Line \d+: D1$/ });
  const marker = ledLine.getByRole("link", { name: `Engineering query ${seededQuery.number}` });
  await expect(marker).toBeVisible();
  await expect(marker).toHaveAttribute("href", new RegExp(`[?&]query=${seededQuery.id}$`));
  await expect(
    table.getByRole("row", { name: /^Line \d+: U1$/ }).getByRole("link", { name: /^Engineering query/ }),
  ).toHaveCount(0);
  await expectNoAxeViolations(page);
  await marker.click();
  await expect(page).toHaveURL(
    new RegExp(`/my/pcbas\\?pcba=${seededQuery.subject.spec_id}&version=\\d+&query=${seededQuery.id}$`),
  );
  await expect(
    page
      .getByRole("dialog", { name: /NW-420 humidity sensor/ })
      .getByRole("article", { name: new RegExp(`: ${SEEDED_TITLE}$`) }),
  ).toBeFocused();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInByApi(staff, STAFF.email, STAFF.password);
  const title = `U1 decoupling ${Date.now()}: C1 and C3 too far from the supply pins`;
  const raised = await apiData<QuerySummary>(
    await staff.request.post("/api/staff/engineering-queries", {
      data: {
        assembly_spec_version_id: seededQuery.subject.version_id,
        title,
        description: "C1 and C3 sit 6 mm from U1's supply pins. May we move them next to the pins?",
        location: { designators: ["C1", "C3"] },
        options: ["Move them next to the pins", "Keep the layout as it is"],
      },
    }),
  );
  await staffContext.close();

  // The customer opens it as the mail links it, answers with an option and a file.
  await gotoHydrated(
    page,
    `/my/pcbas?pcba=${raised.subject.spec_id}&version=${raised.subject.version}&query=${raised.id}`,
  );
  const mine = page
    .getByRole("dialog", { name: /NW-420 humidity sensor/ })
    .getByRole("article", { name: `${raised.number}: ${title}` });
  await expect(mine).toBeFocused();
  const litBoard = page.getByRole("img", { name: "Board with the pinned parts, top side" });
  await expect(litBoard.locator('[data-designator="C1"]')).toHaveAttribute("data-highlighted", "true");
  await expect(litBoard.locator('[data-designator="C3"]')).toHaveAttribute("data-highlighted", "true");
  await expect(litBoard.locator('[data-designator="D1"]')).not.toHaveAttribute("data-highlighted", "true");

  const answer = mine.getByRole("form", { name: `Answer ${raised.number}` });
  // Nothing is chosen for the customer: sending nothing asks for an answer.
  await expect(answer.getByRole("radio", { checked: true })).toHaveCount(0);
  await answer.getByRole("button", { name: "Send answer" }).click();
  await expect(answer.getByText("Choose one of the answers or write your own.")).toBeVisible();
  await answer.getByRole("radio", { name: "Move them next to the pins" }).check();
  await answer
    .getByLabel("Your answer")
    .fill("Yes, as close as the courtyard allows. Our BOM of a similar board is attached.");
  await answer
    .getByRole("group", { name: "Attach files" })
    .locator("input[type=file]")
    .setInputFiles(ATTACHMENT);
  await expect(answer.getByRole("list", { name: "Files to send" })).toContainText(ATTACHMENT_NAME, {
    timeout: 30_000,
  });
  await expectNoAxeViolations(page);
  await answer.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByText(`Your answer to ${raised.number} was sent.`)).toBeVisible();

  // It reads as answered, the chosen answer and the file in the conversation; no more "open".
  await expect(mine.getByText("Answered", { exact: true })).toBeVisible();
  const conversation = mine.getByRole("list", { name: "Conversation" });
  await expect(conversation).toContainText("Chosen answer: Move them next to the pins");
  const file = conversation.getByRole("link", { name: new RegExp(ATTACHMENT_NAME.replace(/[.]/g, "\\.")) });
  await expect(file).toHaveAttribute("href", /^\/api\/files\/[0-9a-f-]{36}$/);
  const download = await page.request.get((await file.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  await expectNoAxeViolations(page);
});
