import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { contactMessages, mailOutbox } from "@ems/db/schema";
import { solvedCaptcha } from "../../test/captcha.ts";
import { startSmtpSink } from "../../test/smtp-sink.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { DEFAULT_DELIVERY } from "./mail-dispatcher.ts";
import { Mailer } from "./mail-service.ts";

/**
 * Issue 15 point 6: mail is written in the request's transaction and delivered by SMTP after commit,
 * off the request path, with retries. A real SMTP server on 127.0.0.1 receives it.
 */
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, RATE_LIMIT_MAX: "10000" });
});

afterAll(async () => {
  await t.close();
  await sink.close();
});

beforeEach(() => {
  sink.setMode("accept");
});

const db = () => t.db.db;
const rowsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
const withCaptcha = async (email: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/contact",
    payload: {
      name: "Klara Huber",
      email,
      message: "Could you assemble 200 boards of our sensor node by March?",
      language: "de",
      captcha: await solvedCaptcha(t.app),
    },
  });

/** Resolves with the answer, or with "waited" when the request is still running after `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), ms))]);

describe("SMTP delivery", () => {
  it("answers the request without waiting for SMTP, then delivers each mail with its template header", async () => {
    const email = `klara.${Date.now()}@example.test`;
    sink.setMode("hold");
    const before = sink.received.length;
    const answer = await within(withCaptcha(email), 3000);
    expect(answer, "the request waited for the SMTP server").not.toBe("waited");
    expect(answer !== "waited" && answer.statusCode).toBe(201);

    // Whether the first mail is being held already or not yet: from now on the server accepts.
    sink.setMode("accept");
    sink.release();
    await t.app.mailer.idle();

    const delivered = sink.received.slice(before);
    expect(delivered.map((mail) => mail.template).sort()).toEqual([
      "contact_confirmation",
      "contact_received",
    ]);
    expect(delivered.find((mail) => mail.template === "contact_confirmation")!.to).toEqual([email]);
    const [row] = await rowsTo(email);
    expect(row).toMatchObject({
      template: "contact_confirmation",
      attempts: 1,
      error: null,
      nextAttemptAt: null,
    });
    expect(row!.sentAt).toBeInstanceOf(Date);
    // The message itself was committed with its mails.
    expect(await db().select().from(contactMessages).where(eq(contactMessages.email, email))).toHaveLength(1);
  });

  it("delivers mail of a committed transaction only, after the commit", async () => {
    const before = sink.received.length;
    const mail = (to: string) => ({
      to,
      language: "en",
      template: "login_code",
      values: { name: "Ana", code: "123456", minutes: 10 },
    });
    const rolledBack = `rolled.back.${Date.now()}@example.test`;
    await expect(
      db().transaction(async (tx) => {
        await t.app.mailer.write(tx, mail(rolledBack));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const committed = `committed.${Date.now()}@example.test`;
    await db().transaction(async (tx) => {
      await t.app.mailer.write(tx, mail(committed));
    });
    t.app.mailer.deliverSoon();
    await t.app.mailer.idle();

    expect(sink.received.slice(before).map((m) => m.to)).toEqual([[committed]]);
    expect(await rowsTo(rolledBack)).toHaveLength(0);
    expect((await rowsTo(committed))[0]!.sentAt).toBeInstanceOf(Date);
  });

  it("does not fail the request when SMTP fails; it retries with a back-off and finally gives up", async () => {
    const email = `retry.${Date.now()}@example.test`;
    sink.setMode("reject");
    const res = await withCaptcha(email);
    expect(res.statusCode).toBe(201);
    await t.app.mailer.idle();
    const [failed] = await rowsTo(email);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed!.error).toMatch(/451|try again/i);
    // One minute later at the earliest.
    expect(failed!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // Not due yet: a kick leaves it alone.
    const arrivals = sink.arrivals;
    t.app.mailer.deliverSoon();
    await t.app.mailer.idle();
    expect(sink.arrivals).toBe(arrivals);

    // The back-off has passed and the server accepts again.
    sink.setMode("accept");
    await db()
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.toAddress, email));
    t.app.mailer.deliverSoon();
    await t.app.mailer.idle();
    const [sent] = await rowsTo(email);
    expect(sent).toMatchObject({ attempts: 2, error: null, nextAttemptAt: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);

    // A mail on its last attempt that fails again is given up: it stays, with its error, off the queue.
    sink.setMode("reject");
    const last = await t.app.mailer.send({
      to: `given.up.${Date.now()}@example.test`,
      language: "en",
      template: "login_code",
      values: { name: "Ana", code: "123456", minutes: 10 },
    });
    await t.app.mailer.idle();
    await db()
      .update(mailOutbox)
      .set({ attempts: DEFAULT_DELIVERY.maxAttempts - 1, nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, last.id));
    t.app.mailer.deliverSoon();
    await t.app.mailer.idle();
    const [givenUp] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, last.id));
    expect(givenUp).toMatchObject({
      attempts: DEFAULT_DELIVERY.maxAttempts,
      sentAt: null,
      nextAttemptAt: null,
    });
    expect(givenUp!.error).toBeTruthy();
  });

  it("delivers a mail's attachments with it", async () => {
    const before = sink.received.length;
    const content = Buffer.from("%PDF-1.7 quotation QTN-2026-00042");
    await t.app.mailer.send({
      to: `attached.${Date.now()}@example.test`,
      language: "en",
      template: "login_code",
      values: { name: "Ana", code: "123456", minutes: 10 },
      attachments: [{ filename: "QTN-2026-00042.pdf", contentType: "application/pdf", content }],
    });
    await t.app.mailer.idle();
    const [delivered] = sink.received.slice(before);
    expect(delivered!.raw).toMatch(/Content-Type: application\/pdf; name="?QTN-2026-00042\.pdf/);
    expect(delivered!.raw).toMatch(/Content-Disposition: attachment; filename="?QTN-2026-00042\.pdf/);
    expect(delivered!.raw.replace(/\r?\n/g, "")).toContain(content.toString("base64"));
  });

  it("sends each mail once when several instances share the outbox", async () => {
    const other = new Mailer(db(), { smtpUrl: sink.url, from: "Test <test@example.test>" });
    const before = sink.received.length;
    const ids: string[] = [];
    await db().transaction(async (tx) => {
      for (let i = 0; i < 6; i++)
        ids.push(
          (
            await t.app.mailer.write(tx, {
              to: `shared.${i}.${Date.now()}@example.test`,
              language: "en",
              template: "login_code",
              values: { name: "Ana", code: "123456", minutes: 10 },
            })
          ).id,
        );
    });
    t.app.mailer.deliverSoon();
    other.deliverSoon();
    await Promise.all([t.app.mailer.idle(), other.idle()]);
    await other.close();
    const delivered = sink.received.slice(before);
    expect(delivered).toHaveLength(6);
    const rows = await db().select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((row) => row.attempts === 1 && row.sentAt !== null)).toBe(true);
  });
});

describe("closing the app", () => {
  it("waits for the delivery in flight", async () => {
    const own = await createTestApp({ SMTP_URL: sink.url });
    try {
      sink.setMode("hold");
      const arrivals = sink.arrivals;
      const row = await own.app.mailer.send({
        to: `closing.${Date.now()}@example.test`,
        language: "en",
        template: "login_code",
        values: { name: "Ana", code: "123456", minutes: 10 },
      });
      await expect.poll(() => sink.arrivals).toBe(arrivals + 1);
      let closed = false;
      const closing = own.app.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(closed).toBe(false);
      sink.release();
      await closing;
      const [stored] = await own.db.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id));
      expect(stored!.sentAt).toBeInstanceOf(Date);
    } finally {
      sink.setMode("accept");
      await own.db.close();
    }
  });
});
