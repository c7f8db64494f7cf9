import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_MAIL_URL, REGISTRATION_TIMEOUT } from "./settings.ts";

/** The demo accounts of packages/db/src/seed.ts (fictional). */
export const DEMO_ADMIN = { email: "demo@customer.example", password: "demo-portal-2026" } as const;

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  template: string;
  created_at: string;
}

/** What the mail sink (support/mail-sink.ts) answers: mail as it arrived by SMTP, newest first. */
interface SinkMail extends Omit<OutboxMail, "to"> {
  to: string[];
}

/** Mail to an address in the journeys' mail sink, newest first, optionally of one template. */
async function mailTo(request: APIRequestContext, to: string, template?: string): Promise<SinkMail[]> {
  const res = await request.get(`${E2E_MAIL_URL}/mail?to=${encodeURIComponent(to)}`);
  const mails = ((await res.json()) as { data: SinkMail[] }).data;
  return mails.filter((m) => !template || m.template === template);
}

/**
 * The newest mail to an address, optionally of one template, received at `after` or later. It is
 * read from the journeys' mail sink, where the server delivers by SMTP (production serves no outbox).
 */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  template?: string,
  after?: Date,
): Promise<OutboxMail> {
  let found: SinkMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(request, to, template)).find((m) => !after || new Date(m.created_at) >= after);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return { ...found!, to };
}

export function codeIn(mail: OutboxMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`No 6-digit code in "${mail.subject}"`);
  return match[1]!;
}

/** Signs in through the API (both steps), which sets the session cookies on the page's context. */
export async function signInByApi(page: Page, email: string, password: string): Promise<void> {
  // Journeys run in parallel and several sign in as the same demo user. Mail is delivered after the
  // sign-in answers, so another journey's code can arrive before this attempt's: every code that
  // arrived since the attempt started is tried, newest first (an attempt allows five). A new attempt
  // by another journey closes this one, so a lost race is retried with a fresh attempt.
  const key = (m: SinkMail) => `${m.created_at}|${m.text}`;
  for (let attempt = 1; ; attempt++) {
    const seen = new Set((await mailTo(page.request, email, "login_code")).map(key));
    const login = await page.request.post("/api/auth/login", { data: { usr: email, pwd: password } });
    expect(login.status()).toBe(200);
    const { tmp_id } = ((await login.json()) as { data: { tmp_id: string } }).data;
    let fresh: SinkMail[] = [];
    await expect
      .poll(
        async () => {
          fresh = (await mailTo(page.request, email, "login_code")).filter((m) => !seen.has(key(m)));
          return fresh.length;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    // Give this attempt's own mail a moment in case another journey's arrived first.
    await page.waitForTimeout(300);
    fresh = (await mailTo(page.request, email, "login_code")).filter((m) => !seen.has(key(m)));
    let last = "";
    for (const mail of fresh.slice(0, 4)) {
      const verify = await page.request.post("/api/auth/verify", {
        data: { otp: codeIn({ ...mail, to: email }), tmpId: tmp_id },
      });
      if (verify.status() === 200) return;
      last = await verify.text();
      // The attempt was closed by another journey's sign-in: start a new one.
      if (!last.includes("OTP_VERIFICATION_FAILED")) break;
    }
    if (attempt >= 4) throw new Error(`Sign-in as ${email} failed four times: ${last}`);
    await page.waitForTimeout(250 + Math.random() * 750);
  }
}

/**
 * Registers a new customer company through the register page and confirms the e-mailed code, so a
 * journey owns its account: nothing another journey does to the demo users can interfere. It ends
 * signed out (the code signs in; first-hour.spec.ts follows that path), so a journey signs in as it
 * needs: by the API, or through the form with its own way back.
 */
export async function registerCompany(
  page: Page,
  account: {
    company: string;
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    /** ISO code of the company's country; Germany unless given. */
    country?: string;
    vatId?: string;
  },
): Promise<void> {
  await page.goto("/register");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Company name").fill(account.company);
  await page.getByLabel("Country").selectOption(account.country ?? "DE");
  if (account.vatId) await page.getByLabel("VAT ID").fill(account.vatId);
  await page.getByLabel("First name").fill(account.firstName);
  await page.getByLabel("Last name").fill(account.lastName);
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/register\/auth\?pending=/, { timeout: REGISTRATION_TIMEOUT });
  await page
    .getByLabel("6-digit code")
    .fill(codeIn(await latestMail(page.request, account.email, "verify_email")));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/register\/success$/);
  // The code signed this browser in; journeys then sign in themselves, as a returning user does.
  expect((await page.request.get("/api/auth/session")).status()).toBe(200);
  expect((await page.request.post("/api/auth/logout")).status()).toBe(200);
}
