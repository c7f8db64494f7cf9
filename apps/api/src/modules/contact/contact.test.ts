import { contactMessages, mailOutbox } from "@ems/db/schema";
import { describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../test/captcha.ts";
import { useTestApp } from "../../test/test-app.ts";

const t = useTestApp({ RATE_LIMIT_MAX: "10000", CONTACT_TO: "sales@operator.example" });

const valid = {
  name: "Ana Popescu",
  company: "Carpathian Drives SRL",
  email: "ana@carpathian.example",
  phone: "+40 269 000 000",
  message: "We need 500 assembled boards of a 4-layer motor controller by March. Can you quote?",
  language: "ro",
};
const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t().app.inject({ method: "POST", url: "/api/contact", payload: payload as object, headers });
const counts = async () => ({
  messages: (await t().db.db.select().from(contactMessages)).length,
  mail: (await t().db.db.select().from(mailOutbox)).length,
});

describe("POST /api/contact", () => {
  it("stores the message, mails it to the operator and confirms it to the sender in their language", async () => {
    const res = await post({ ...valid, captcha: await solvedCaptcha(t().app) });
    expect(res.statusCode).toBe(201);
    const reference = res.json().data.reference as string;
    expect(reference).toMatch(/^ENQ-\d{4}-\d{5}$/);
    const [stored] = await t().db.db.select().from(contactMessages);
    expect(stored).toMatchObject({ reference, name: "Ana Popescu", email: valid.email, language: "ro" });
    const mail = await t().db.db.select().from(mailOutbox);
    const toOperator = mail.find((m) => m.toAddress === "sales@operator.example")!;
    expect(toOperator.subject).toContain(reference);
    expect(toOperator.textBody).toContain(valid.message);
    expect(toOperator.textBody).toContain("Carpathian Drives SRL");
    const confirmation = mail.find((m) => m.toAddress === valid.email)!;
    expect(confirmation.language).toBe("ro");
    expect(confirmation.subject).toContain(reference);
    expect(confirmation.textBody).toContain(valid.message);
  });

  it("escapes what the sender wrote in the HTML mail", async () => {
    const message = "<script>alert('x')</script> please quote 100 boards";
    const res = await post({ ...valid, message, captcha: await solvedCaptcha(t().app) });
    expect(res.statusCode).toBe(201);
    const mail = await t().db.db.select().from(mailOutbox);
    for (const m of mail.filter((row) => row.textBody.includes(message))) {
      expect(m.htmlBody).not.toContain("<script>");
      expect(m.htmlBody).toContain("&lt;script&gt;");
    }
  });

  it("takes company and phone as optional", async () => {
    const { company: _c, phone: _p, ...minimal } = valid;
    const res = await post({ ...minimal, captcha: await solvedCaptcha(t().app) });
    expect(res.statusCode).toBe(201);
  });

  it("answers bad input field by field with 400 and writes nothing", async () => {
    const before = await counts();
    const captcha = "YWJj";
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: "" }, "name"],
      [{ ...valid, name: "x".repeat(121) }, "name"],
      [{ ...valid, email: "not-an-address" }, "email"],
      [{ ...valid, phone: "call me <b>now</b>" }, "phone"],
      [{ ...valid, message: "Hi" }, "message"],
      [{ ...valid, message: "x".repeat(5001) }, "message"],
      [{ ...valid, language: "pl" }, "language"],
      [{ ...valid, captcha: undefined }, "captcha"],
      [{ ...valid, website: "spam.example" }, ""],
    ];
    for (const [payload, field] of cases) {
      const res = await post({ captcha, ...payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ data: null, error: "VALIDATION_ERROR" });
      if (field) expect(res.json().field).toBe(field);
    }
    const malformed = await t().app.inject({
      method: "POST",
      url: "/api/contact",
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.statusCode).toBe(400);
    const text = await t().app.inject({
      method: "POST",
      url: "/api/contact",
      payload: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(text.statusCode).toBe(415);
    const huge = await post({ ...valid, captcha, message: "x".repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it("refuses an invalid or reused captcha on the captcha field and writes nothing", async () => {
    const before = await counts();
    const forged = Buffer.from(
      JSON.stringify({ algorithm: "SHA-256", challenge: "x", number: 1, salt: "s", signature: "y" }),
    ).toString("base64");
    const res = await post({ ...valid, captcha: forged });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe("captcha");
    expect(await counts()).toEqual(before);

    const captcha = await solvedCaptcha(t().app);
    expect((await post({ ...valid, captcha })).statusCode).toBe(201);
    const afterFirst = await counts();
    const reused = await post({ ...valid, captcha });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: "CAPTCHA_ALREADY_USED", field: "captcha" });
    expect(await counts()).toEqual(afterFirst);
  });
});
