import { contactMessages } from "@ems/db/schema";
import { describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../test/captcha.ts";
import { useTestApp } from "../../test/test-app.ts";

// The contact form's limit is a sixth of RATE_LIMIT_MAX per quarter hour, at least 5.
const t = useTestApp({ RATE_LIMIT_MAX: "6" });

describe("POST /api/contact rate limit", () => {
  it("answers 429 with Retry-After after 5 messages from one address and stores no more", async () => {
    const payload = async () => ({
      name: "Rate Tester",
      email: "rate@example.test",
      message: "A question about lead times for 50 boards, please.",
      language: "en",
      captcha: await solvedCaptcha(t().app),
    });
    for (let i = 0; i < 5; i++) {
      const res = await t().app.inject({ method: "POST", url: "/api/contact", payload: await payload() });
      expect(res.statusCode).toBe(201);
    }
    const limited = await t().app.inject({ method: "POST", url: "/api/contact", payload: await payload() });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(limited.json()).toMatchObject({ status: 429, error: "RATE_LIMITED", data: null });
    expect(await t().db.db.select().from(contactMessages)).toHaveLength(5);
  });
});
