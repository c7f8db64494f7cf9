import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { zipSync } from "fflate";
import { DEMO_ADMIN, signInByApi } from "../../support/accounts.ts";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { gotoHydrated } from "../../support/navigation.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SET = path.join(root, "fixtures/gerbers/kicad9-falcan-4layer");
const setFiles = () => readdirSync(SET).map((name) => path.join(SET, name));
const GERBER = "%FSLAX26Y26*%\n%MOMM*%\n%ADD10C,1*%\nD10*\nX0Y0D03*\nX5000000Y0D03*\nM02*\n";

/** The drawing area; data-frames counts the frames the worker has drawn. */
const frameOf = (page: Page) => page.locator("[data-frames]");

async function nextFrame(page: Page, action: () => Promise<void>): Promise<void> {
  const before = Number((await frameOf(page).getAttribute("data-frames")) ?? 0);
  await action();
  await expect
    .poll(async () => Number((await frameOf(page).getAttribute("data-frames")) ?? 0), { timeout: 20_000 })
    .toBeGreaterThan(before);
}

async function downloadText(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file!) };
}

test("open a real 4-layer board: size, layers, drill table, both sides, measuring, exports", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await gotoHydrated(page, "/gerber-viewer");
  await expect(page.getByText("Your files never leave your browser").first()).toBeVisible();

  await page.locator("input[type=file]").setInputFiles(setFiles());
  await expect(frameOf(page)).toHaveAttribute("data-frames", /\d+/, { timeout: 30_000 });
  const details = page.getByRole("complementary", { name: "Board details" });
  await expect(details.getByText("76.51 × 30.87 mm")).toBeVisible();
  await expect(details.getByText("176 holes and 4 slots in total")).toBeVisible();
  await expect(details.getByRole("checkbox")).toHaveCount(15);
  await expect(details.getByRole("combobox", { name: "Layer type of USB-FalCAN-In1_Cu.g1" })).toHaveValue(
    "copper/inner",
  );

  // What the fab will see from below, compared with a reference image checked by eye.
  // (The top is compared with its reference image in the per-set journeys below.)
  await expect(page.getByRole("img", { name: "Board preview: Top" })).toBeVisible();
  await nextFrame(page, () => page.getByRole("button", { name: "Bottom", exact: true }).click());
  await expect(page.getByRole("img", { name: "Board preview: Bottom" })).toHaveScreenshot(
    "falcan-bottom.png",
    {
      maxDiffPixelRatio: 0.01,
    },
  );

  // Layers view, a layer switched off, and a layer type chosen by hand.
  await nextFrame(page, () => page.getByRole("button", { name: "Layers", exact: true }).click());
  await nextFrame(page, () =>
    details.getByRole("checkbox", { name: "USB-FalCAN-F_Silkscreen.gto" }).uncheck(),
  );
  await details
    .getByRole("combobox", { name: "Layer type of USB-FalCAN-F_Paste.gtp" })
    .selectOption("drawing/all");
  await expect(details.getByText("Chosen by you")).toBeVisible();
  await expect(details.getByRole("combobox", { name: "Layer type of USB-FalCAN-F_Paste.gtp" })).toHaveValue(
    "drawing/all",
  );

  // Keyboard: zoom and move without a mouse.
  const preview = page.getByRole("img", { name: "Board preview: Layers" });
  await preview.focus();
  await nextFrame(page, () => page.keyboard.press("+"));
  await nextFrame(page, () => page.keyboard.press("ArrowLeft"));
  await nextFrame(page, () => page.keyboard.press("0"));

  // Measure between two points.
  await page.getByRole("button", { name: "Measure" }).click();
  await expect(page.getByText("Click the first point.")).toBeVisible();
  const box = (await preview.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
  await expect(page.getByText("Click the second point.")).toBeVisible();
  await page.mouse.click(box.x + box.width * 0.7, box.y + box.height * 0.5);
  await expect(
    page.getByText(/^Distance \d+\.\d{3} mm \(\d+(,\d{3})*\.\d mil\), Δx \d+\.\d{3} mm, Δy 0\.000 mm$/),
  ).toBeVisible();

  // Exports of the current view.
  const svg = await downloadText(page, page.getByRole("button", { name: "SVG" }));
  expect(svg.name).toBe("board-layers.svg");
  expect(svg.bytes.toString("utf8")).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  await page.getByRole("button", { name: "Top", exact: true }).click();
  const png = await downloadText(page, page.getByRole("button", { name: "PNG" }));
  expect(png.name).toBe("board-top.png");
  expect(png.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");

  await expectNoAxeViolations(page);
});

test("hostile and broken uploads get clear messages, and what is good still opens", async ({ page }) => {
  test.setTimeout(90_000);
  await gotoHydrated(page, "/gerber-viewer");
  const text = (s: string) => new TextEncoder().encode(s);
  const archive = zipSync({
    "../../escape.gbr": text(GERBER),
    "link.gbr": [text("/etc/passwd"), { os: 3, attrs: 0o120777 << 16 }],
    "inner.zip": text("PK"),
    "board/top.gtl": text(GERBER),
  });
  await page.locator("input[type=file]").setInputFiles([
    { name: "board.zip", mimeType: "application/zip", buffer: Buffer.from(archive) },
    {
      name: "junk.gbr",
      mimeType: "application/octet-stream",
      buffer: Buffer.from(crypto.getRandomValues(new Uint8Array(4096))),
    },
  ]);
  await expect(page.getByText("4 files were left out")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("its path points outside the archive, so it was not opened.")).toBeVisible();
  await expect(page.getByText("a symbolic link, not a file.")).toBeVisible();
  await expect(page.getByText("an archive inside the archive; unpack it first.")).toBeVisible();
  await expect(page.getByText("binary data, not a text file.")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "board/top.gtl" })).toBeChecked();

  // An archive with 20,000 entries is refused before anything is unpacked.
  const many: Record<string, Uint8Array> = {};
  for (let i = 0; i < 20_000; i++) many[`f${i}.gbr`] = new Uint8Array(0);
  await page.getByRole("button", { name: "Open other files" }).click();
  await page
    .locator("input[type=file]")
    .setInputFiles([
      { name: "many.zip", mimeType: "application/zip", buffer: Buffer.from(zipSync(many, { level: 0 })) },
    ]);
  await expect(page.getByRole("alert").filter({ hasText: "No Gerber or drill data found" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByText("the archive holds more than 2,000 entries; no board needs that many files."),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the menu opens the viewer in a new window with the stored file address cleared", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.evaluate(() =>
    window.localStorage.setItem("gerberViewer.fileUrl", "/api/pcbs/old/gerber-files"),
  );
  await page.getByRole("button", { name: "Resources" }).click();
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("menuitem", { name: "Gerber viewer" }).click(),
  ]);
  await popup.waitForLoadState();
  expect(await popup.evaluate(() => window.localStorage.getItem("gerberViewer.fileUrl"))).toBeNull();
  await expect(popup.getByRole("button", { name: "Choose files" })).toBeVisible();
  await expect(popup.getByText("No files stored")).toHaveCount(0);
});

test("the portal's CAM view loads with the session, says when a PCB has no files, and opens dropped files", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await gotoHydrated(page, "/my/cam/PCB-1042");
  await expect(page.getByRole("heading", { name: "CAM view of PCB PCB-1042" })).toBeVisible();
  await expect(
    page.getByText("No Gerber files are stored with PCB PCB-1042 yet.", { exact: false }),
  ).toBeVisible({ timeout: 20_000 });

  await page.locator("input[type=file]").setInputFiles(setFiles());
  await expect(page.getByText("76.51 × 30.87 mm")).toBeVisible({ timeout: 30_000 });

  // "Open in a new window" stores the address for the public viewer, which fetches it with the session.
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: "Open in a new window" }).click(),
  ]);
  await popup.waitForLoadState();
  expect(await popup.evaluate(() => window.localStorage.getItem("gerberViewer.fileUrl"))).toBe(
    "/api/pcbs/PCB-1042/gerber-files",
  );
  await expect(popup.getByText("No Gerber files were found at this address.")).toBeVisible({
    timeout: 20_000,
  });
  await expectNoAxeViolations(page);
});

/** Every shared real set, drawn from the top, against a reference image that was checked by eye. */
for (const set of readdirSync(path.join(root, "fixtures/gerbers")).sort()) {
  test(`the top of ${set} looks as its reference image`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/gerber-viewer");
    const dir = path.join(root, "fixtures/gerbers", set);
    await page
      .locator("input[type=file]")
      .setInputFiles(readdirSync(dir).map((name) => path.join(dir, name)));
    await expect(frameOf(page)).toHaveAttribute("data-frames", /\d+/, { timeout: 90_000 });
    await expect(page.getByRole("img", { name: "Board preview: Top" })).toHaveScreenshot(`${set}-top.png`, {
      maxDiffPixelRatio: 0.01,
      timeout: 30_000,
    });
  });
}
