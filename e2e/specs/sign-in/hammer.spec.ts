import { createHash } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { codeIn, latestMail, registerCompany } from "../../support/accounts.ts";
import { gotoHydrated } from "../../support/navigation.ts";

/**
 * Issue 15, point 4: an attacker flooding an account with wrong passwords must not keep its owner
 * out. The owner's browser has signed in before and carries the account's device cookie; the
 * attacker's client has none, so it meets the captcha and then the lock of unknown clients, which
 * the owner's browser does not share (ADR 0009).
 *
 * The account is registered here, so the lock it ends up in touches no other journey. The journeys'
 * server trusts the proxy on loopback (playwright.config.ts), so the attacker's X-Forwarded-For
 * gives each of its requests another address: neither the per-address limit nor anything else
 * about the address helps against it, and the budget of 127.0.0.1, which every other journey's
 * browser shares, stays untouched.
 */

let nextAddress = 1;
const elsewhere = () => ({ "x-forwarded-for": `198.51.100.${(nextAddress++ % 250) + 1}` });

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** What the ALTCHA widget computes: the number whose SHA-256 with the salt is the challenge. */
async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/captcha/generate", { data: {}, headers: elsewhere() });
  expect(res.status()).toBe(200);
  const challenge = ((await res.json()) as { data: Challenge }).data;
  for (let number = 0; number <= challenge.maxnumber; number++) {
    const hash = createHash("sha256").update(`${challenge.salt}${number}`).digest("hex");
    if (hash !== challenge.challenge) continue;
    const { algorithm, salt, signature } = challenge;
    const payload = { algorithm, challenge: challenge.challenge, number, salt, signature };
    return Buffer.from(JSON.stringify(payload)).toString("base64");
  }
  throw new Error("captcha not solved");
}

/** One wrong password, with a solved captcha when the server asks for one; answers the error code. */
async function wrongPassword(request: APIRequestContext, email: string, round: number): Promise<string> {
  const body = { usr: email, pwd: `not the password ${round}` };
  let res = await request.post("/api/auth/login", { data: body, headers: elsewhere() });
  let code = ((await res.json()) as { error: string }).error;
  if (code === "CAPTCHA_REQUIRED") {
    const captcha = await solvedCaptcha(request);
    res = await request.post("/api/auth/login", { data: { ...body, captcha }, headers: elsewhere() });
    code = ((await res.json()) as { error: string }).error;
  }
  return code;
}

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await gotoHydrated(page, "/login");
  const started = new Date(Date.now() - 1000);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await page
    .getByLabel("6-digit code")
    .fill(codeIn(await latestMail(page.request, email, "login_code", started)));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/my\/desk$/);
}

test("the owner signs in on a known browser while another client hammers the account", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // Registration, two sign-ins, a flood and a stranger's browser: more than 30 s on a loaded runner.
  test.setTimeout(120_000);
  const stamp = Date.now();
  const owner = {
    company: `Hammerfest Elektronik ${stamp}`,
    firstName: "Ingrid",
    lastName: "Berg",
    email: `hammer.${stamp}@hammerfest.example`,
    password: "a long and unusual passphrase 42",
  };
  await registerCompany(page, owner);

  // The owner signs in once: from now on this browser is a known device of the account.
  await signInThroughForm(page, owner.email, owner.password);
  const device = (await page.context().cookies()).find((c) => c.name.startsWith("device_"));
  expect(device).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/api/auth" });
  expect((await page.request.post("/api/auth/logout")).status()).toBe(200);
  const afterLogout = (await page.context().cookies()).map((c) => c.name);
  expect(afterLogout).not.toContain("session");
  expect(afterLogout).toContain(device!.name);

  // Another client, without cookies, starts guessing passwords: three, then the captcha is asked.
  const attacker = await playwright.request.newContext({ baseURL });
  const seen: string[] = [];
  for (let round = 0; round < 3; round++) seen.push(await wrongPassword(attacker, owner.email, round));
  expect(seen).toEqual(Array(3).fill("INVALID_CREDENTIALS"));

  // A stranger's browser now gets the captcha too; the form solves it by itself and sends again.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await gotoHydrated(stranger, "/login");
  await stranger.getByLabel("E-mail address").fill(owner.email);
  await stranger.getByLabel("Password", { exact: true }).fill("a guess from a stranger");
  const withCaptcha = stranger.waitForRequest(
    (r) => r.url().endsWith("/api/auth/login") && Boolean((r.postDataJSON() as { captcha?: string }).captcha),
  );
  await stranger.getByRole("button", { name: "Continue" }).click();
  await withCaptcha;
  await expect(stranger.getByRole("alert")).toContainText(
    "The e-mail address or the password is not correct.",
  );

  // The flood goes on until every client without the device cookie is locked out.
  let round = 3;
  await expect
    .poll(async () => wrongPassword(attacker, owner.email, round++), { timeout: 30_000, intervals: [0] })
    .toBe("ACCOUNT_LOCKED");
  await stranger.getByLabel("Password", { exact: true }).fill(owner.password);
  await stranger.getByRole("button", { name: "Continue" }).click();
  await expect(stranger.getByRole("alert")).toContainText("sign-in is paused for 60 seconds");
  await strangerContext.close();

  // The owner signs in through the real form on the known browser while the attacker keeps going.
  let hammering = true;
  const flood = (async () => {
    const codes: string[] = [];
    while (hammering) {
      codes.push(await wrongPassword(attacker, owner.email, round++));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return codes;
  })();
  try {
    await signInThroughForm(page, owner.email, owner.password);
  } finally {
    hammering = false;
  }
  // Should the sign-in outlast the 60 s lock, the flood's next wrong passwords lock again.
  const codes = await flood;
  expect(codes.length).toBeGreaterThan(0);
  expect(codes).toContain("ACCOUNT_LOCKED");
  expect(codes.filter((c) => c !== "ACCOUNT_LOCKED" && c !== "INVALID_CREDENTIALS")).toEqual([]);
  // A new device cookie at every sign-in: a copied old one ages out.
  const renewed = (await page.context().cookies()).find((c) => c.name === device!.name);
  expect(renewed?.value).not.toBe(device!.value);
  await attacker.dispose();
});
