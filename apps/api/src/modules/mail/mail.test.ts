import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { mailOutbox } from "@ems/db/schema";
import { createTestApp, useTestApp } from "../../test/test-app.ts";
import { renderMail } from "./mail-templates.ts";

const t = useTestApp();

describe("mail", () => {
  it("escapes values in HTML and keeps them as text in the text part", () => {
    const mail = renderMail("login_code", "en", {
      name: "<script>alert(1)</script>",
      code: "123456",
      minutes: 10,
    });
    expect(mail.html).not.toContain("<script>alert(1)</script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.text).toContain("Hello <script>alert(1)</script>,");
    expect(mail.html).toContain("123456");
    expect(mail.text).toContain("123456");
  });

  it("adds a button with the escaped address when the mail carries a link", () => {
    const url = 'https://portal.example.test/update-password?token=a"b&c=<d>';
    const mail = renderMail("password_reset", "en", { name: "Ana", url, minutes: 60 });
    expect(mail.html).toContain(
      'href="https://portal.example.test/update-password?token=a&quot;b&amp;c=&lt;d&gt;"',
    );
    expect(mail.html).toMatch(/<a [^>]*>Set a new password<\/a>/);
    expect(mail.html).not.toContain('a"b');
    expect(mail.text).toContain(`Set a new password: ${url}`);
    // Without a link there is no button.
    expect(renderMail("password_reset", "en", { name: "Ana", minutes: 60 }).html).not.toContain("<a ");
  });

  it("writes every mail to the outbox and lists it by recipient while DEV_OUTBOX is on", async () => {
    const [before] = await t().db.db.select({ n: count() }).from(mailOutbox);
    await t().app.mailer.send({
      to: "Someone@Example.test",
      language: "ro",
      template: "login_code",
      values: { name: "Ioana", code: "654321", minutes: 10 },
    });
    const [after] = await t().db.db.select({ n: count() }).from(mailOutbox);
    expect(after!.n).toBe(before!.n + 1);
    await t().app.mailer.send({
      to: "other@example.test",
      language: "en",
      template: "login_code",
      values: { name: "Other", code: "111111", minutes: 10 },
    });
    const [afterBoth] = await t().db.db.select({ n: count() }).from(mailOutbox);
    expect(afterBoth!.n).toBe(before!.n + 2);
    const res = await t().app.inject({ method: "GET", url: "/api/dev/outbox?to=someone@example.test" });
    const mails = res.json().data as { to: string; text: string }[];
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ language: "ro", template: "login_code", sent_at: null });
    expect(mails[0]!.text).toContain("654321");
    const page = await t().app.inject({ method: "GET", url: "/dev/outbox" });
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("654321");
    expect((await t().app.inject({ method: "GET", url: "/api/dev/outbox?to=not-an-email" })).statusCode).toBe(
      400,
    );
  });

  it("has no outbox pages when DEV_OUTBOX is off, and records an SMTP failure instead of throwing", async () => {
    const off = await createTestApp({ DEV_OUTBOX: "false", SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      expect((await off.app.inject({ method: "GET", url: "/api/dev/outbox" })).statusCode).toBe(404);
      expect((await off.app.inject({ method: "GET", url: "/dev/outbox" })).statusCode).toBe(404);
      const row = await off.app.mailer.send({
        to: "a@example.test",
        language: "xx",
        template: "login_code",
        values: { name: "A", code: "1", minutes: 10 },
      });
      expect(row.language).toBe("en");
      await off.app.mailer.idle();
      const [stored] = await off.db.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
      expect(stored?.error).toBeTruthy();
      expect(stored?.sentAt).toBeNull();
      expect(stored?.attempts).toBe(1);
      expect(stored?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await off.close();
    }
  });

  it("keeps mail written without SMTP_URL out of the delivery queue", async () => {
    const row = await t().app.mailer.send({
      to: "queue@example.test",
      language: "en",
      template: "login_code",
      values: { name: "Q", code: "123456", minutes: 10 },
    });
    expect(row).toMatchObject({ nextAttemptAt: null, attempts: 0, sentAt: null });
  });
});
