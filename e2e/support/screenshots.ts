import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { gotoHydrated } from "./navigation.ts";

/**
 * Full-page screenshots of `pages` ([file name, address]) for a person to look at, in light and dark
 * mode at 375 and 1280 px, written to `dir` as <name>-<width>-<scheme>.png. Lazy pictures below the
 * fold load once scrolled to, so each page is scrolled through first: the shot shows it as read.
 */
export async function shootPages(page: Page, dir: string, pages: [string, string][]): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      for (const [name, url] of pages) {
        await gotoHydrated(page, url);
        await expect(page.locator("h1").first()).toBeVisible();
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: path.join(dir, `${name}-${width}-${scheme}.png`), fullPage: true });
      }
    }
  }
}
