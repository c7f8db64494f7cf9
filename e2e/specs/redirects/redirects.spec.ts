import { expect, test } from "@playwright/test";

const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

test.describe("redirects", () => {
  test("legacy case-study paths answer 301 to the localised pages and keep the query string", async ({
    request,
  }) => {
    const cases: [string, string][] = [
      ["/case-studies?ref=mail", "/resources/case-studies?ref=mail"],
      ["/fallstudien", "/de/ressourcen/fallstudien"],
      ["/de/fallstudien?a=1&b=2", "/de/ressourcen/fallstudien?a=1&b=2"],
      ["/de/case-studies", "/de/ressourcen/case-studies"],
      ["/it/casi-studio", "/it/risorse/casi-studio"],
      ["/casi-studio", "/it/risorse/casi-studio"],
      ["/it/case-studies", "/it/risorse/case-studies"],
      ["/ro/studii-de-caz", "/ro/resurse/studii-de-caz"],
      ["/studii-de-caz", "/ro/resurse/studii-de-caz"],
      ["/ro/case-studies", "/ro/resurse/case-studies"],
    ];
    for (const [from, to] of cases) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers()["location"], from).toBe(to);
      const target = await request.get(to, { maxRedirects: 0 });
      expect(target.status(), to).toBe(200);
    }
  });

  test("the operator's redirect rules apply to full page loads and client navigations", async ({
    page,
    request,
  }) => {
    const response = await request.get("/imprint?x=1", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/legal/imprint?x=1");

    await page.goto("/imprint");
    await expect(page).toHaveURL(/\/legal\/imprint$/);
  });

  test("/redirect forwards to local paths only", async ({ request }) => {
    const ok = await request.get(`/redirect?to=${encodeURIComponent("/de/kontakt?from=mail")}`, {
      maxRedirects: 0,
    });
    expect(ok.status()).toBe(302);
    expect(ok.headers()["location"]).toBe("/de/kontakt?from=mail");

    for (const target of [
      "//evil.example",
      "/\\evil.example",
      "/%2F%2Fevil.example",
      "/.//evil.example",
      "/\t/evil.example",
      "http:/\\/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
    ]) {
      const response = await request.get(`/redirect?to=${encodeURIComponent(target)}`, { maxRedirects: 0 });
      expect(response.status(), target).toBe(400);
      expect(response.headers()["location"], target).toBeUndefined();
    }
  });

  test("a returning visitor on / goes to the language they chose; crawlers do not", async ({
    browser,
    request,
    baseURL,
  }) => {
    // Headless Chromium announces itself as "HeadlessChrome", which counts as a robot: look like a person.
    const context = await browser.newContext({ userAgent: DESKTOP_CHROME });
    await context.addCookies([{ name: "i18n_redirected", value: "ro", url: baseURL! }]);
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveURL(/\/ro$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "ro");
    await context.close();

    const crawler = await request.get("/", {
      maxRedirects: 0,
      headers: {
        Cookie: "i18n_redirected=ro",
        "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      },
    });
    expect(crawler.status()).toBe(200);
  });

  test("a first visit to / follows Accept-Language and lands on the German home, in German", async ({
    browser,
    request,
  }) => {
    const first = await request.get("/", {
      maxRedirects: 0,
      headers: { "Accept-Language": "fr;q=0.5, de-AT, de;q=0.9", "User-Agent": DESKTOP_CHROME },
    });
    expect(first.status()).toBe(302);
    expect(first.headers()["location"]).toBe("/de");
    expect(first.headers()["vary"]).toContain("Accept-Language");
    // The visitor's own choice (the cookie) wins over the browser's languages.
    const chosen = await request.get("/", {
      maxRedirects: 0,
      headers: { "Accept-Language": "de", Cookie: "i18n_redirected=en", "User-Agent": DESKTOP_CHROME },
    });
    expect(chosen.status()).toBe(200);

    const context = await browser.newContext({ userAgent: DESKTOP_CHROME, locale: "de-DE" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveURL(/\/de$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("link", { name: "Angebot anfordern" }).first()).toBeVisible();
    // Figures are grouped the German way.
    await expect(page.getByText("4.425", { exact: true })).toBeVisible();
    await context.close();
  });
});
