import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";
import { pageCsp } from "./security-headers.ts";

const directive = (policy: string, name: string) =>
  policy.split("; ").find((part) => part.startsWith(`${name} `)) ?? null;

describe("the pages' Content-Security-Policy", () => {
  it("allows no third-party origin without card payments", () => {
    const policy = pageCsp({ cardPayments: false });
    expect(policy).not.toContain("stripe");
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'unsafe-inline'");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self'");
    expect(directive(policy, "frame-src")).toBeNull();
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
  });

  it("lets Stripe.js load, frame its card field and reach its API when card payments are on", () => {
    const policy = pageCsp({ cardPayments: true });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'unsafe-inline' https://js.stripe.com");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' https://api.stripe.com");
    expect(directive(policy, "frame-src")).toBe("frame-src https://js.stripe.com https://hooks.stripe.com");
    // Nothing else widens: no wildcard, and this site may still not be framed.
    expect(policy).not.toContain("*");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
  });

  it("follows the Stripe keys of the environment", async () => {
    const plain = await createTestApp();
    const card = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
      STRIPE_PUBLISHABLE_KEY: "pk_test_TYooMQauvdEDq54NiTphI7jx",
    });
    try {
      expect(plain.app.pageCsp).toBe(pageCsp({ cardPayments: false }));
      expect(card.app.pageCsp).toBe(pageCsp({ cardPayments: true }));
    } finally {
      await plain.close();
      await card.close();
    }
  });
});
