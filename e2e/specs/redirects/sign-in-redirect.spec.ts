import net from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { codeIn, latestMail, registerCompany } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";
import { E2E_BASE_URL, E2E_PORT } from "../../support/settings.ts";

/**
 * Issue 15 point 3: the `redirect` parameter of the sign-in page sends the visitor to a page of this
 * site and nowhere else, through the real form and through the signed-in guard of /login.
 */

/** Its own account: sign-in attempts of other journeys on the demo users cannot close this one's. */
async function newAccount(page: Page, name: string): Promise<{ email: string; password: string }> {
  const account = { email: `${name}.${Date.now()}@redirect.example`, password: "redirect journey 2026" };
  await registerCompany(page, {
    company: "Redirect Prüftechnik GmbH",
    firstName: "Rita",
    lastName: "Weiss",
    ...account,
  });
  return account;
}

async function signInThroughForm(page: Page, path: string, account: { email: string; password: string }) {
  await gotoHydrated(page, path);
  const started = new Date(Date.now() - 1000);
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page
    .getByLabel("6-digit code")
    .fill(codeIn(await latestMail(page.request, account.email, "login_code", started)));
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A request target sent byte for byte (Playwright would resolve "//host" against the base URL first). */
function rawGet(target: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(E2E_PORT, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const head = Buffer.concat(chunks).toString("latin1").split("\r\n\r\n")[0] ?? "";
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]),
        location: /^location: (.*)$/im.exec(head)?.[1],
      });
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${E2E_PORT}\r\nConnection: close\r\n\r\n`);
  });
}

test.describe("redirects after sign-in", () => {
  test("a hostile ?redirect=/.//evil.example ends on this site's desk", async ({ page }) => {
    test.setTimeout(90_000);
    const leaks: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).hostname === "evil.example") leaks.push(request.url());
    });
    const account = await newAccount(page, "hostile");

    await signInThroughForm(page, "/login?redirect=/.//evil.example", account);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/my/desk`);

    // Signed in, the sign-in page itself sends the visitor on: to the desk again, not off the site.
    const guard = await page.request.get("/login?redirect=/.//evil.example", { maxRedirects: 0 });
    expect(guard.status()).toBe(302);
    expect(new URL(guard.headers()["location"]!, E2E_BASE_URL).origin).toBe(E2E_BASE_URL);
    await page.goto("/login?redirect=%2F%2Fevil.example");
    await expect(page).toHaveURL(`${E2E_BASE_URL}/my/desk`);
    expect(leaks).toEqual([]);
  });

  test("a good ?redirect=/my/quotes ends there", async ({ page }) => {
    test.setTimeout(90_000);
    const account = await newAccount(page, "quotes");
    await signInThroughForm(page, "/login?redirect=%2Fmy%2Fquotes", account);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/my/quotes`);
  });

  test("malformed page paths answer 404 or a redirect home, never 500 or another site", async () => {
    for (const target of ["//", "///"]) {
      const answer = await rawGet(target);
      expect(answer.status, target).toBe(301);
      expect(answer.location, target).toBe("/");
    }
    for (const target of [
      "//evil.example/x",
      "/%2F%2Fevil.example",
      "//%5Cevil",
      "/\\evil.example",
      "/.//evil.example/",
    ]) {
      const answer = await rawGet(target);
      expect(answer.status, target).toBe(404);
      expect(answer.location, target).toBeUndefined();
    }
  });
});
