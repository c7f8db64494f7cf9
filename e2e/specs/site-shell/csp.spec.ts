import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN, signInByApi } from "../../support/accounts.ts";

/**
 * Pages run their inline scripts without 'unsafe-inline' (ADR 0010): prerendered pages name them
 * by hash, pages rendered per request by a nonce. A script the policy misses would be blocked and
 * the page would never hydrate, or paint in the wrong colour mode.
 */

interface Watch {
  /** Console messages about the policy, should the browser log a refusal there as well. */
  console: string[];
  violations(): Promise<string[]>;
}

async function watchPolicy(page: Page): Promise<Watch> {
  const messages: string[] = [];
  page.on("console", (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) messages.push(message.text());
  });
  // Init scripts come from the browser's debugging protocol, which the page's policy does not govern.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(
        `${event.effectiveDirective}: ${event.blockedURI} ${event.sample} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
    // Whether the colour-mode script in <head> had run when the document was parsed.
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { darkAtParse: boolean }).darkAtParse =
        document.documentElement.classList.contains("dark");
    });
  });
  return {
    console: messages,
    violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  };
}

async function expectPolicyKept(page: Page, path: string, allowedBy: "hash" | "nonce") {
  const watch = await watchPolicy(page);
  // The OS asks for dark and no mode was chosen: before React runs, only the inline colour-mode
  // script can apply that (prerendered HTML was made without knowing it).
  await page.emulateMedia({ colorScheme: "dark" });
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  const policy = response!.headers()["content-security-policy"] ?? "";
  const scriptSrc = policy
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith("script-src "));
  expect(scriptSrc).toBeDefined();
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  if (allowedBy === "nonce") {
    expect(scriptSrc).toMatch(
      /^script-src 'self' 'nonce-[A-Za-z0-9+/]+={0,2}'( https:\/\/js\.stripe\.com)?$/,
    );
    expect(scriptSrc).not.toContain("sha256-");
    // Every inline script carries it (read from the property: the browser hides the attribute).
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc!)![1];
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")]
        .filter((script) => !/json/.test(script.getAttribute("type") ?? ""))
        .map((script) => (script as HTMLScriptElement).nonce),
    );
    expect(inline.length).toBeGreaterThan(2);
    expect(new Set(inline)).toEqual(new Set([nonce]));
  } else {
    expect(scriptSrc).toMatch(
      /^script-src 'self'( 'sha256-[A-Za-z0-9+/]+={0,2}')+( https:\/\/js\.stripe\.com)?$/,
    );
    expect(scriptSrc).not.toContain("nonce-");
  }

  expect(await page.evaluate(() => (window as unknown as { darkAtParse: boolean }).darkAtParse)).toBe(true);
  // The colour-mode toggle (React) works: system → light → dark.
  await page.getByRole("button", { name: /Colour mode: System/ }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.getByRole("button", { name: /Colour mode: Light/ }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);

  expect(await watch.violations()).toEqual([]);
  expect(watch.console).toEqual([]);
}

test.describe("script Content-Security-Policy", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a prerendered page runs its inline scripts by hash", async ({ page }) => {
    await expectPolicyKept(page, "/", "hash");
  });

  test("a prerendered knowledge-base article runs its inline scripts by hash", async ({ page }) => {
    await expectPolicyKept(page, "/knowledge-base/pcb-design/fiducial-marks", "hash");
  });

  test("a knowledge-base search, rendered per request, runs its inline scripts by nonce", async ({
    page,
  }) => {
    await expectPolicyKept(page, "/knowledge-base?q=solder", "nonce");
  });

  test("the sign-in page runs its inline scripts by nonce", async ({ page }) => {
    await expectPolicyKept(page, "/login", "nonce");
  });

  test("a portal page runs its inline scripts by nonce, a new one on every load", async ({ page }) => {
    await signInByApi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expectPolicyKept(page, "/my/desk", "nonce");
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec(
        (await page.request.get("/my/desk")).headers()["content-security-policy"] ?? "",
      )?.[1];
    const [first, second] = [await nonceOf(), await nonceOf()];
    expect(first).toBeTruthy();
    expect(first).not.toBe(second);
  });
});
