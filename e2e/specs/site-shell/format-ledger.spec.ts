import { expect, test } from "@playwright/test";
import { failOnMissingMessages } from "../../support/catalog.ts";
import { gotoHydrated } from "../../support/navigation.ts";

/**
 * Public pages hydrate without Intl (issue 20, ADR 0021): the browser's first Intl formatter loads
 * the language's locale data, 50 to 150 ms of a phone's main thread, so every number, date, plural
 * and claim the server formatted comes along in the page's format ledger and hydration reads it
 * from there. Any Intl formatter built before React has hydrated fails this journey, with where.
 * Merged class lists come the same way (ADR 0022): a page that needs tailwind-merge's class map
 * while it loads, marked "ems:class-merger" by lib/cn.ts, fails it too.
 */
failOnMissingMessages(test);

const PAGES = [
  "/",
  "/de",
  "/fr/fabrication-electronique/assemblage-cms",
  "/electronics-manufacturing/smt-assembly",
  "/de/elektronikfertigung/tht-montage",
  "/knowledge-base/pcb-design/fiducial-marks",
  "/de/wissensdatenbank/leiterplattendesign/passermarken",
  "/knowledge-base",
  "/about/team",
];

test("public pages hydrate without building an Intl formatter or the class merger", async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    const built: string[] = [];
    (window as unknown as { __intlBeforeHydration: string[] }).__intlBeforeHydration = built;
    const kinds = [
      "NumberFormat",
      "DateTimeFormat",
      "DisplayNames",
      "ListFormat",
      "RelativeTimeFormat",
    ] as const;
    for (const kind of kinds) {
      const Original = Intl[kind] as unknown as new (...args: unknown[]) => object;
      (Intl as unknown as Record<string, unknown>)[kind] = new Proxy(Original, {
        construct(target, args) {
          if (!document.documentElement.hasAttribute("data-hydrated")) {
            built.push(
              `${kind}(${JSON.stringify(args)}) at ${new Error().stack?.split("\n")[2]?.trim() ?? "?"}`,
            );
          }
          return Reflect.construct(target, args) as object;
        },
      });
    }
  });
  for (const path of PAGES) {
    await gotoHydrated(page, path);
    const built = await page.evaluate(
      () => (window as unknown as { __intlBeforeHydration: string[] }).__intlBeforeHydration,
    );
    expect(built, path).toEqual([]);
    const merger = await page.evaluate(() => performance.getEntriesByName("ems:class-merger").length);
    expect(merger, `${path} merged classes itself`).toBe(0);
  }
});

test("the ledger holds what the server formatted, and the page shows it after hydrating", async ({
  page,
}) => {
  await gotoHydrated(page, "/de");
  const ledger = JSON.parse((await page.locator("script#format-ledger").textContent()) ?? "{}") as Record<
    string,
    string
  >;
  const claims = JSON.parse(ledger["claims:de"] ?? "{}") as { countries?: string };
  expect(claims.countries).toBe("Deutschland und Rumänien");
  // The counter band's figures, grouped the German way, also after the live figures have ticked.
  const figures = Object.entries(ledger).filter(([key]) => key.startsWith("number:de-DE|"));
  expect(figures.length).toBeGreaterThan(0);
  const band = page.getByRole("region", { name: "Lindqvar Elektronik in Zahlen" });
  const before = await band.locator("dd").allTextContents();
  await expect.poll(() => band.locator("dd").allTextContents()).not.toEqual(before);
  for (const text of await band.locator("dd").allTextContents()) {
    expect(text).toMatch(/\d/);
    expect(text, "grouped with dots, as German writes numbers").not.toMatch(/\d{4}|,/);
  }
});
