import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_MAIL_URL } from "./settings.ts";

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
        const res = await request.get(`${E2E_MAIL_URL}/mail?to=${encodeURIComponent(to)}`);
        const mails = ((await res.json()) as { data: SinkMail[] }).data;
        found = mails.find(
          (m) => (!template || m.template === template) && (!after || new Date(m.created_at) >= after),
        );
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
  // Journeys run in parallel and several sign in as the same demo user; a new attempt closes the
  // previous one (and its mailed code may be picked up by the other journey), so a lost race is
  // retried with a fresh attempt rather than failing the journey.
  for (let attempt = 1; ; attempt++) {
    const started = new Date(Date.now() - 1000);
    const login = await page.request.post("/api/auth/login", { data: { usr: email, pwd: password } });
    expect(login.status()).toBe(200);
    const { tmp_id } = ((await login.json()) as { data: { tmp_id: string } }).data;
    const code = codeIn(await latestMail(page.request, email, "login_code", started));
    const verify = await page.request.post("/api/auth/verify", { data: { otp: code, tmpId: tmp_id } });
    if (verify.status() === 200) return;
    if (attempt >= 4) expect(verify.status(), await verify.text()).toBe(200);
    await page.waitForTimeout(250 + Math.random() * 750);
  }
}

/**
 * Registers a new customer company through the register page and confirms the e-mailed code, so a
 * journey owns its account: nothing another journey does to the demo users can interfere.
 */
export async function registerCompany(
  page: Page,
  account: { company: string; firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  await page.goto("/register");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Company name").fill(account.company);
  await page.getByLabel("Country").selectOption("DE");
  await page.getByLabel("First name").fill(account.firstName);
  await page.getByLabel("Last name").fill(account.lastName);
  await page.getByLabel("E-mail address").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/register\/auth\?pending=/);
  await page
    .getByLabel("6-digit code")
    .fill(codeIn(await latestMail(page.request, account.email, "verify_email")));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/register\/success$/);
}
