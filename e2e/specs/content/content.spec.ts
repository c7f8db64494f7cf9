import { expect, test } from "@playwright/test";
import { siteConfig } from "../../../packages/config/src/site.ts";
import { knowledgeBase } from "../../../packages/content/src/knowledge-base.ts";
import { LOCALES } from "../../../packages/i18n/src/locales.ts";
import { latestMail } from "../../support/accounts.ts";
import { expectNoAxeViolations } from "../../support/axe.ts";
import { failOnMissingMessages } from "../../support/catalog.ts";
import { pdfText } from "../../support/pdf.ts";
import { E2E_DRAFT, E2E_PREVIEW_TOKEN } from "../../support/settings.ts";

// A text missing from the loaded catalog parts (public or portal) fails the journey.
failOnMissingMessages(test);

test.describe("knowledge base", () => {
  test("a visitor searches, reads an article, follows a related one and switches to German", async ({
    page,
  }) => {
    await page.goto("/knowledge-base");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Search as you type (hydrated), stemmed: "fiducials" finds the article on fiducial marks.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("searchbox", { name: "Search the knowledge base" }).fill("fiducials");
    const results = page.getByRole("region", { name: /articles? for “fiducials”/ });
    await expect(results).toBeVisible();
    await expect(page).toHaveURL(/\?q=fiducials$/);
    await results.getByRole("link", { name: "Fiducial marks on PCBs and panels" }).click();

    await expect(page).toHaveURL("/knowledge-base/pcb-design/fiducial-marks");
    await expect(
      page.getByRole("heading", { level: 1, name: "Fiducial marks on PCBs and panels" }),
    ).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "PCB design for manufacturing" })).toHaveAttribute(
      "href",
      "/knowledge-base/pcb-design",
    );
    await expect(page.getByRole("img", { name: /fiducial/i }).first()).toBeAttached();
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.some((text) => text.includes('"@type":"TechArticle"'))).toBe(true);
    expect(jsonLd.some((text) => text.includes('"@type":"BreadcrumbList"'))).toBe(true);
    await expectNoAxeViolations(page);

    const related = page.getByRole("region", { name: "Related articles" });
    await related.getByRole("link").first().click();
    await expect(page).toHaveURL(/^.*\/knowledge-base\/[a-z-]+\/[a-z0-9-]+$/);
    await expect(page).not.toHaveURL("/knowledge-base/pcb-design/fiducial-marks");
    await page.goBack();
    await expect(page).toHaveURL("/knowledge-base/pcb-design/fiducial-marks");
    await expect(
      page.getByRole("heading", { level: 1, name: "Fiducial marks on PCBs and panels" }),
    ).toBeVisible();

    // The language selector leads to the same article under its German slug.
    await page.getByText("English", { exact: true }).first().click();
    await page.getByRole("link", { name: /Deutsch/ }).click();
    await expect(page).toHaveURL("/de/wissensdatenbank/leiterplattendesign/passermarken");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Passermarken");
  });

  test("search works without JavaScript too, stemmed in the page's language", async ({ request }) => {
    const html = await (await request.get("/de/wissensdatenbank?q=Passermarke")).text();
    expect(html).toContain("/de/wissensdatenbank/leiterplattendesign/passermarken");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const none = await (await request.get("/fi/tietopankki?q=zzzyyx")).text();
    expect(none).toMatch(/<h2[^>]*id="results-title"/);
  });

  test("every article and category answers in every language, with its title, description and JSON-LD", async ({
    request,
  }) => {
    // About 500 pages: more than the default 30 s when other journeys run beside it.
    test.setTimeout(180_000);
    const kb = knowledgeBase();
    for (const locale of LOCALES) {
      for (const category of kb.categories(locale)) {
        expect((await request.get(category.path)).status(), category.path).toBe(200);
      }
      for (const article of kb.articles(locale)) {
        const response = await request.get(article.path);
        expect(response.status(), article.path).toBe(200);
        const html = await response.text();
        expect(html, article.path).toContain(`<html lang="${locale}"`);
        expect(html, article.path).toContain("TechArticle");
        expect(html, article.path).toMatch(/<meta name="description" content="[^"]{70,}"/);
      }
    }
    expect((await request.get("/knowledge-base/pcb-design/no-such-article")).status()).toBe(404);
    expect((await request.get("/knowledge-base/components/fiducial-marks")).status()).toBe(404);
  });

  test("drafts stay hidden, and show in preview mode with the token kept for the tab", async ({
    page,
    request,
  }) => {
    const path = `/knowledge-base/assembly/${E2E_DRAFT.slug}`;
    expect((await request.get(path)).status()).toBe(404);
    const listed = await (await request.get(`/api/knowledge-base/articles?q=coating%20masks`)).json();
    expect(listed.data.map((a: { slug: string }) => a.slug)).not.toContain(E2E_DRAFT.slug);

    await page.goto(`${path}?preview=${E2E_PREVIEW_TOKEN}`);
    await expect(page.getByRole("heading", { level: 1, name: E2E_DRAFT.title })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Preview mode" })).toBeVisible();
    // Kept for the tab once the page is hydrated (cookie and session storage, docs/behaviour/public-site.md#preview-mode).
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem("preview_token")))
      .toBe(E2E_PREVIEW_TOKEN);
    const cookie = (await page.context().cookies()).find((c) => c.name === "preview_token");
    expect(cookie?.value).toBe(E2E_PREVIEW_TOKEN);
    expect(cookie?.httpOnly).toBe(true);

    // The cookie carries preview mode on: the draft is listed in its category without the query string.
    await page.goto("/knowledge-base/assembly");
    await expect(page.getByRole("link", { name: E2E_DRAFT.title })).toBeVisible();

    // A wrong token is no preview.
    await page.context().clearCookies();
    const wrong = await page.goto(`${path}?preview=not-the-token-000000`);
    expect(wrong?.status()).toBe(404);
  });
});

test.describe("content pages", () => {
  test("service pages show their technical parameters, and legal pages say they are templates", async ({
    page,
  }) => {
    await page.goto("/electronics-manufacturing/smt-assembly");
    await expect(page.getByRole("table").first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "On this page" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Register for free" })).toHaveAttribute("href", "/register");
    await expectNoAxeViolations(page);

    await page.goto("/de/rechtliches/datenschutz");
    await expect(page.getByRole("complementary").filter({ hasText: "Vorlage" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  });

  test("the team page lists the people per site, and the quality page draws the process and lists the certificates", async ({
    page,
  }) => {
    await page.goto("/about/team");
    const bamberg = page.getByRole("list", { name: "Our team in Bamberg (Germany)" });
    const sibiu = page.getByRole("list", { name: "Our team in Sibiu (Romania)" });
    for (const director of siteConfig.legal.managingDirectors) {
      await expect(page.getByRole("listitem").filter({ hasText: director })).toContainText(
        "Managing director",
      );
    }
    for (const person of siteConfig.team) {
      await expect((person.site === "Bamberg" ? bamberg : sibiu).getByText(person.name)).toBeVisible();
    }
    await expect(bamberg.getByRole("link", { name: siteConfig.team[0]!.email! })).toHaveAttribute(
      "href",
      `mailto:${siteConfig.team[0]!.email}`,
    );
    await expectNoAxeViolations(page);

    // The drawings take the primary green of the colour mode: checked in dark mode here.
    await page
      .context()
      .addCookies([{ name: "color_mode", value: "dark", url: new URL("/", page.url()).href }]);
    await page.goto("/de/ueber/qualitaet");
    await expect(page.locator("html")).toHaveClass(/dark/);
    const process = page.getByRole("region", { name: "So entstehen Ihre Baugruppen" });
    for (const [index, caption] of [
      "Datenprüfung",
      "SMT-Bestückung",
      "Reflow-Löten",
      "Optische Inspektion",
      "Elektrische Prüfung",
      "Versand",
    ].entries()) {
      const figure = process.getByRole("figure", { name: `${index + 1}. ${caption}` });
      await expect(figure.locator("svg[aria-hidden='true']")).toBeAttached();
    }
    const certificates = page.getByRole("region", { name: "Zertifikate" });
    await expect(certificates).toContainText("ISO 9001:2015");
    await expect(certificates).toContainText("IPC-A-610");
    await expectNoAxeViolations(page);
  });

  test("real boards drawn by our Gerber engine: the home hero, a service page, the case studies, and their credits", async ({
    page,
    request,
  }) => {
    await page.goto("/");
    const hero = page.getByRole("img", { name: /^The USBKVM circuit board, its top side in front/ });
    await expect(hero).toBeVisible();
    // The first screen's picture: loaded at once, first, in the widths of the image pipeline.
    await expect(hero).toHaveAttribute("loading", "eager");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("width", "1536");
    await expect(hero).toHaveAttribute("height", "1152");
    const srcset = (await hero.getAttribute("srcset")) ?? "";
    for (const width of [320, 640, 768, 1024, 1280, 1536])
      expect(srcset).toContain(`/images/board-hero-${width}.webp ${width}w`);
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const file = await request.get("/images/board-hero-640.webp");
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toContain("image/webp");
    await expect(page.getByRole("figure").filter({ has: hero })).toContainText(
      "USBKVM by Lukas K. (carrotIndustries), licence CERN-OHL-P-2.0",
    );
    await expectNoAxeViolations(page);

    await page.goto("/de/elektronikfertigung/tht-montage");
    const tht = page.getByRole("img", {
      name: "Oberseite der Leiterplatte FD-1 mainboard, gezeichnet aus ihren Gerber-Dateien",
    });
    await expect(tht).toHaveAttribute("srcset", /board-fd1-top-768\.webp 768w/);
    await expect(page.getByRole("figure").filter({ has: tht })).toContainText("Lizenz BSD-3-Clause");

    await page.goto("/resources/case-studies");
    const [first, second] = [
      page.getByRole("img", { name: /^Top side of the SimpleFOCShield v3/ }),
      page.getByRole("img", { name: /^Top side of the FD-1 mainboard/ }),
    ];
    await expect(first).toHaveAttribute("loading", "eager");
    // Beside or below the first one: not needed for the first screen.
    await expect(second).toHaveAttribute("loading", "lazy");
    await expectNoAxeViolations(page);

    await page.goto("/legal/imprint");
    const credits = page.getByRole("region", { name: "Board pictures" });
    await expect(credits.getByRole("link", { name: "USB-FalCAN" })).toHaveAttribute(
      "href",
      "https://github.com/AndersBNielsen/FalCAN",
    );
    await expect(credits.getByRole("link", { name: "CC-BY-SA-4.0" })).toHaveAttribute(
      "href",
      "https://spdx.org/licenses/CC-BY-SA-4.0.html",
    );
    await expect(credits).toContainText("SimpleFOC project");
  });

  test("the glossary jumps to a letter", async ({ page }) => {
    await page.goto("/resources/pcb-glossary");
    await page
      .getByRole("navigation", { name: "Jump to letter" })
      .getByRole("link", { name: "S", exact: true })
      .click();
    await expect(page).toHaveURL(/#letter-s$/);
    await expect(page.getByRole("heading", { level: 2, name: "S", exact: true })).toBeInViewport();
    expect(await page.locator("dt").count()).toBeGreaterThanOrEqual(150);
  });

  test("downloads are real PDFs in the page's language", async ({ page, request }) => {
    await page.goto("/de/ressourcen/downloads");
    const links = page.getByRole("link", { name: /PDF/ });
    await expect(links).toHaveCount(2);
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href")!));
    expect(hrefs).toEqual([
      "/api/resources/design-rule-checklist.pdf?language=de",
      "/api/resources/capability-sheet.pdf?language=de",
    ]);
    const checklist = await pdfText(request, hrefs[0]!);
    expect(checklist).toContain("Passermarken");
    const capabilities = await pdfText(request, hrefs[1]!);
    expect(capabilities).toContain("01005");
    expect(capabilities).toContain("ISO 9001:2015");
  });
});

test.describe("contact form", () => {
  test("answers bad input field by field, then sends, confirms and mails the sender", async ({
    page,
    request,
  }) => {
    const email = `contact-${Date.now()}@example.test`;
    await page.goto("/contact");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const form = page.getByRole("region", { name: "Send us a message" });
    await form.getByLabel("Your name").fill("Jana Novak");
    await form.getByLabel("E-mail address").fill("jana-at-example");
    await form.getByLabel("Your message").fill("Too short");
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByText("Please enter a valid e-mail address")).toBeVisible();
    await expect(form.getByText("Please write at least 20 characters")).toBeVisible();
    await expect(form.getByLabel("E-mail address")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("E-mail address")).toBeFocused();
    await expectNoAxeViolations(page);

    await form.getByLabel("E-mail address").fill(email);
    await form
      .getByLabel("Your message")
      .fill("We need a quote for 250 assembled boards, 4 layers, ENIG, in March.");
    await form.getByRole("button", { name: "Send message" }).click();
    const done = page.getByRole("status").filter({ hasText: "your message has arrived" });
    await expect(done).toBeVisible({ timeout: 20_000 });
    const reference = /ENQ-\d{4}-\d{5}/.exec((await done.textContent()) ?? "")?.[0];
    expect(reference).toBeTruthy();
    const mail = await latestMail(request, email, "contact_confirmation");
    expect(mail.subject).toContain(reference!);
    expect(mail.text).toContain("250 assembled boards");
  });

  test("without JavaScript the form checks the fields, then offers the message by e-mail", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/contact");
      const form = page.getByRole("region", { name: "Send us a message" });
      await form.getByLabel("Your name").fill("Jana Novak");
      await form.getByLabel("E-mail address").fill("jana-at-example");
      await form.getByLabel("Your message").fill("Too short");
      // A plain form post to the page's action: the fields come back checked, nothing is sent.
      await form.getByRole("button", { name: "Send message" }).click();
      await expect(form.getByText("Please enter a valid e-mail address")).toBeVisible();
      await expect(form.getByText("Please write at least 20 characters")).toBeVisible();
      await expect(form.getByLabel("Your name")).toHaveValue("Jana Novak");

      await form.getByLabel("E-mail address").fill("jana@example.test");
      await form
        .getByLabel("Your message")
        .fill("We need a quote for 250 assembled boards, 4 layers, ENIG, in March.");
      await form.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Almost there: send it by e-mail")).toBeVisible();
      await expect(page.getByText("has not been sent yet")).toBeVisible();
      const mailto = await page.getByRole("link", { name: "Write the e-mail" }).getAttribute("href");
      const url = new URL(mailto!);
      expect(url.protocol).toBe("mailto:");
      expect(url.searchParams.get("subject")).toBe("Enquiry from Jana Novak");
      expect(url.searchParams.get("body")).toContain("250 assembled boards, 4 layers, ENIG, in March.");
      expect(url.searchParams.get("body")).toContain("jana@example.test");
    } finally {
      await context.close();
    }
  });
});
