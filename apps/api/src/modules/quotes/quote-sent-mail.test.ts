import { describe, expect, it } from "vitest";
import type { OutboxMail } from "@ems/contracts/mail";
import { addCalendarDays, todayIso } from "@ems/contracts/reference";
import { createQuote } from "@ems/db/quote-factories";
import { formatMoney } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { pdfText } from "@ems/testing/pdf-text";
import { useTestApp } from "../../test/test-app.ts";
import { quoteTestKit } from "./quote-test-helpers.ts";

/**
 * Issue 19 point 6: the mail that a quote is ready names its total in the reader's language and
 * carries the quote's PDF, read here from the development outbox as a developer would.
 */
const t = useTestApp({ RATE_LIMIT_MAX: "10000", PUBLIC_URL: "https://portal.example.test" });
const kit = quoteTestKit(t);
const flat = (text: string) => text.replace(/[\u00a0\u202f\s]+/g, " ");

async function quoteSentMail(to: string): Promise<OutboxMail> {
  const res = await t().app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const mail = (res.json().data as OutboxMail[]).find((m) => m.template === "quote_sent");
  expect(mail, `quote_sent to ${to}`).toBeDefined();
  return mail!;
}

async function sendQuote(language: Locale, tiers: { quantity: number; unit_price_minor: number }[]) {
  const { company } = await kit.customerCompany("Nordlicht Sensorik GmbH");
  const buyer = await kit.customer(company.id, "buyer", { language });
  const staff = await kit.staff();
  const { quote } = await createQuote(kit.db(), {
    companyId: company.id,
    status: "In Progress",
    title: "Feuchtesensor Serie B",
    requestedByUserId: buyer.user.id,
    preparedByUserId: staff.user.id,
    lines: [{ description: "Feuchtesensor", tiers, engineeringCostMinor: 12_000 }],
  });
  const res = await staff.call("POST", `/api/staff/quotes/${quote.id}/send`, {
    valid_until: addCalendarDays(todayIso(), 21),
  });
  expect(res.statusCode).toBe(200);
  return { quote, mail: await quoteSentMail(buyer.user.email) };
}

describe("the quote-ready mail", () => {
  it("names the total in the reader's language and carries the quote's PDF", async () => {
    const { quote, mail } = await sendQuote("de", [{ quantity: 50, unit_price_minor: 1_980 }]);
    const total = formatMoney(50 * 1_980 + 12_000, "EUR", "de");
    expect(mail.text).toContain(`Der Angebotswert beträgt ${total} zzgl. MwSt.`);
    expect(mail.text).toContain("als PDF im Anhang");
    expect(mail.html).toContain("zzgl. MwSt.");

    expect(mail.attachments).toEqual([
      expect.objectContaining({ filename: `${quote.number}.pdf`, content_type: "application/pdf" }),
    ]);
    const file = await t().app.inject({
      method: "GET",
      url: `/api/dev/outbox/${mail.id}/attachments/${mail.attachments[0]!.id}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.length).toBe(mail.attachments[0]!.size);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const text = flat(await pdfText(file.rawPayload));
    expect(text).toContain(quote.number);
    // In the reader's language, with the title the customer knows the quote by.
    expect(text).toContain("Angebot");
    expect(text).toContain("Feuchtesensor Serie B");
    expect(text).toContain(flat(total));

    // The outbox page links the file too.
    const page = await t().app.inject({
      method: "GET",
      url: `/dev/outbox?to=${encodeURIComponent(mail.to)}`,
    });
    expect(page.body).toContain(
      `<a href="/api/dev/outbox/${mail.id}/attachments/${mail.attachments[0]!.id}">${quote.number}.pdf</a>`,
    );
  });

  it("says the total starts at the smallest quantities when a line has several", async () => {
    const { mail } = await sendQuote("fi", [
      { quantity: 50, unit_price_minor: 1_980 },
      { quantity: 500, unit_price_minor: 1_240 },
    ]);
    const lowest = formatMoney(50 * 1_980 + 12_000, "EUR", "fi");
    expect(mail.text).toContain(`hinta on alkaen ${lowest} ilman arvonlisäveroa`);
    expect(mail.attachments).toHaveLength(1);
  });

  it("answers 404 for an attachment of another mail", async () => {
    const { mail } = await sendQuote("en", [{ quantity: 10, unit_price_minor: 5_000 }]);
    const { mail: other } = await sendQuote("en", [{ quantity: 10, unit_price_minor: 5_000 }]);
    const res = await t().app.inject({
      method: "GET",
      url: `/api/dev/outbox/${other.id}/attachments/${mail.attachments[0]!.id}`,
    });
    expect(res.statusCode).toBe(404);
  });
});
