import { expect, type Page, type test as baseTest } from "@playwright/test";

/**
 * The web app reports a text missing from the loaded catalog parts on the console
 * (apps/web/app/lib/i18n.ts reportMissingMessage): a public page that reaches for a portal text,
 * or a portal page whose part was not loaded. Collects those reports of a page.
 */
export function watchMissingMessages(page: Page): string[] {
  const missing: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().startsWith("Missing message"))
      missing.push(message.text());
  });
  return missing;
}

/** Fails every journey of the file whose pages reported a missing text. */
export function failOnMissingMessages(test: typeof baseTest): void {
  const watched = new WeakMap<Page, string[]>();
  test.beforeEach(({ page }) => {
    watched.set(page, watchMissingMessages(page));
  });
  test.afterEach(({ page }) => {
    expect(watched.get(page) ?? [], "texts missing from the loaded catalog parts").toEqual([]);
  });
}

/** The portal part of a catalog, as the build names its chunk (app/locales/<lang>/portal.ts). */
export const PORTAL_PART = /\/assets\/portal-[\w-]{8}\.js$/;

/** Records the portal-part chunks a page downloads. */
export function watchPortalPart(page: Page): string[] {
  const loaded: string[] = [];
  page.on("request", (request) => {
    if (PORTAL_PART.test(new URL(request.url()).pathname)) loaded.push(request.url());
  });
  return loaded;
}
