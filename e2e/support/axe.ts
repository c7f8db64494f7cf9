import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails the journey on any WCAG 2.x A/AA violation axe can find on the current page. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A notice from the last action is not part of the page being judged, and stacked notices
  // overlap each other's close buttons while they collapse. Each is closed with its own button (what
  // a user would do; waiting for them to expire cost five seconds a check), clicked from the page
  // because the stacked ones lie under the front one.
  await page.mouse.move(0, 0);
  await page
    .locator("[data-sonner-toast] [data-close-button]")
    .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLElement).click()));
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  // target-size counts a link the sticky header happens to cover as too small, and where the window
  // was scrolled to is chance (Playwright scrolls the last element it used into view). Every check
  // therefore sees the page from its top; that focus is never covered is scroll-padding-top's job.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}
