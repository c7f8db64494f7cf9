import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/test-app.ts";
import { cspNonce, pageCsp } from "./security-headers.ts";

const directive = (policy: string, name: string) =>
  policy.split("; ").find((part) => part.startsWith(`${name} `)) ?? null;

describe("the pages' Content-Security-Policy", () => {
  it("allows no third-party origin without card payments", () => {
    const policy = pageCsp({ cardPayments: false });
    expect(policy).not.toContain("stripe");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self'");
    expect(directive(policy, "frame-src")).toBeNull();
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
  });

  it("runs no inline script unless the page names it by nonce or hash", () => {
    expect(directive(pageCsp({ cardPayments: false }), "script-src")).toBe("script-src 'self'");
    expect(
      directive(
        pageCsp({ cardPayments: false, inline: { nonce: "bm9uY2U0MjQyNDI0MjQyNA==" } }),
        "script-src",
      ),
    ).toBe("script-src 'self' 'nonce-bm9uY2U0MjQyNDI0MjQyNA=='");
    const a = "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";
    const b = "uDRNrCR6rdz5jzf8R9XD/dPCBIrRJz8F1a5MTi8eyjA=";
    // The same script twice (a second page region, say) needs its hash only once.
    expect(directive(pageCsp({ cardPayments: false, inline: { hashes: [a, b, a] } }), "script-src")).toBe(
      `script-src 'self' 'sha256-${a}' 'sha256-${b}'`,
    );
    // A page without inline scripts allows none.
    expect(directive(pageCsp({ cardPayments: false, inline: { hashes: [] } }), "script-src")).toBe(
      "script-src 'self'",
    );
    for (const inline of [undefined, { nonce: "x" }, { hashes: [a] }])
      for (const cardPayments of [false, true])
        expect(directive(pageCsp({ cardPayments, inline }), "script-src")).not.toContain("unsafe");
  });

  it("lets Stripe.js load, frame its card field and reach its API when card payments are on", () => {
    const policy = pageCsp({ cardPayments: true, inline: { nonce: "bm9uY2U=" } });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-bm9uY2U=' https://js.stripe.com");
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' https://api.stripe.com");
    expect(directive(policy, "frame-src")).toBe(
      "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
    );
    // Nothing else widens: no wildcard, and this site may still not be framed.
    expect(policy).not.toContain("*");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
  });

  it("makes a new 128-bit nonce every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, cspNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
  });

  it("follows the Stripe keys of the environment", async () => {
    const plain = await createTestApp();
    const card = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
      STRIPE_PUBLISHABLE_KEY: "pk_test_TYooMQauvdEDq54NiTphI7jx",
    });
    try {
      expect(plain.app.pageCsp({ nonce: "n" })).toBe(
        pageCsp({ cardPayments: false, inline: { nonce: "n" } }),
      );
      expect(card.app.pageCsp({ hashes: ["h"] })).toBe(
        pageCsp({ cardPayments: true, inline: { hashes: ["h"] } }),
      );
    } finally {
      await plain.close();
      await card.close();
    }
  });
});
