import { expect, test } from "@playwright/test";
import { siteConfig } from "../../../packages/config/src/site.ts";
import { LOCALES } from "../../../packages/i18n/src/locales.ts";
import { PAGES } from "../../../packages/i18n/src/pages.ts";
import { aliases, pagePath, routeEntries, withLocalePrefix } from "../../../packages/i18n/src/route-map.ts";

/**
 * Generated from the route map: every route in every language answers, and a page that does not
 * exist in a language answers 404 there (the glossary only in en and de, docs/behaviour/public-site.md#glossary-languages).
 */
const options = { productSlug: siteConfig.brand.productSlug };
const PARAMS = { pcb: "PCB-0001", assembly: "ASM-0001" };

const entries = routeEntries(options).filter((entry) => {
  const info = PAGES[entry.key];
  // Knowledge-base articles and categories have slugs of their own: the content journey visits each.
  return !("splat" in info && info.splat);
});

test.describe("every route of the route map", () => {
  for (const locale of LOCALES) {
    test(`answers in ${locale}`, async ({ request }) => {
      for (const entry of entries.filter((e) => e.locale === locale)) {
        const path = `/${entry.path}`.replace(
          /:(\w+)/g,
          (_, name: string) => PARAMS[name as keyof typeof PARAMS],
        );
        const response = await request.get(path, { maxRedirects: 0 });
        if (PAGES[entry.key].kind === "portal") {
          // Signed-in pages send visitors to sign in, in their language, and back afterwards.
          expect(response.status(), path).toBe(302);
          expect(response.headers()["location"], path).toBe(
            `${withLocalePrefix("/login", locale)}?redirect=${encodeURIComponent(path)}`,
          );
        } else if (entry.key === "qrcode") {
          // Two-factor enrolment belongs to an account: visitors sign in first.
          expect(response.status(), path).toBe(302);
          expect(response.headers()["location"], path).toBe(
            `${withLocalePrefix("/login", locale)}?redirect=${encodeURIComponent(path)}`,
          );
        } else if (entry.key === "register-auth") {
          // The code step needs a pending registration (the registration verification check).
          expect(response.status(), path).toBe(302);
          expect(response.headers()["location"], path).toBe(withLocalePrefix("/register", locale));
        } else if (entry.key === "redirect") {
          expect(response.status(), path).toBe(400);
        } else {
          expect(response.status(), path).toBe(200);
          const html = await response.text();
          expect(html, path).toContain(`<html lang="${entry.locale}"`);
          expect(html, path).toMatch(/<h1[\s>]/);
          expect(html, path).toMatch(/<meta name="description" content="[^"]{50,}"/);
        }
      }
    });
  }

  test("answers 404 where a page does not exist in a language", async ({ request }) => {
    for (const locale of LOCALES) {
      if (pagePath("resources-pcb-glossary", locale, options) !== null) continue;
      // The English path under the language's prefix, and the German one, are both unknown there.
      for (const path of [
        withLocalePrefix("/resources/pcb-glossary", locale),
        withLocalePrefix("/ressourcen/leiterplatten-glossar", locale),
      ]) {
        const response = await request.get(path, { maxRedirects: 0 });
        expect(response.status(), path).toBe(404);
      }
    }
  });

  test("serves the German content paths and doubled-prefix pages in German with a canonical link", async ({
    request,
  }) => {
    for (const alias of aliases(options)) {
      const response = await request.get(alias.path, { maxRedirects: 0 });
      expect(response.status(), alias.path).toBe(200);
      const html = await response.text();
      expect(html, alias.path).toContain(`<html lang="${alias.locale}"`);
      const canonical = pagePath(alias.key, alias.locale, options)!;
      expect(html, alias.path).toContain(`rel="canonical" href="${siteConfig.url}${canonical}"`);
    }
  });
});
