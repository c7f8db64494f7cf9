import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Security headers on every answer. JSON gets a CSP that allows nothing; HTML pages get one that
 * allows only this origin, and of inline scripts only the page's own (ADR 0010): React Router's
 * hydration scripts and the colour-mode script carry the response's nonce when the page is rendered
 * per request, and a prerendered page, whose HTML is fixed at build time, lists their hashes.
 * Markup injected into a page can therefore neither load code from elsewhere nor run inline code.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Which inline scripts a page may run: those carrying this response's nonce, or those with these SHA-256 hashes (base64). */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

/** A fresh nonce for one response: 128 random bits, as CSP Level 3 asks. */
export function cspNonce(): string {
  return randomBytes(16).toString("base64");
}

function inlineScriptSources(inline: InlineScripts | undefined): string {
  if (!inline) return "";
  if ("nonce" in inline) return ` 'nonce-${inline.nonce}'`;
  return [...new Set(inline.hashes)].map((hash) => ` 'sha256-${hash}'`).join("");
}

/**
 * The pages' policy. With card payments on (Stripe keys set), Stripe.js loads from js.stripe.com,
 * draws the card field in its own frames and talks to api.stripe.com (docs.stripe.com/security/guide);
 * without keys no third-party origin is allowed at all. Without `inline` no inline script runs.
 * Styles keep 'unsafe-inline': the stylesheet is inline (ADR 0008) and React writes style attributes.
 */
export function pageCsp(options: { cardPayments: boolean; inline?: InlineScripts }): string {
  const stripe = options.cardPayments;
  return [
    "default-src 'self'",
    `script-src 'self'${inlineScriptSources(options.inline)}${stripe ? " https://js.stripe.com" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${stripe ? " https://api.stripe.com" : ""}`,
    // 'self': the file share previews a PDF in a frame of this origin (ADR 0020); without Stripe
    // default-src says the same.
    ...(stripe ? ["frame-src 'self' https://js.stripe.com https://hooks.stripe.com"] : []),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

declare module "fastify" {
  interface FastifyInstance {
    /** The Content-Security-Policy of an HTML page with these inline scripts, as configured. */
    pageCsp(inline?: InlineScripts): string;
  }
}

const COMMON_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
};
const HSTS = "max-age=31536000; includeSubDomains";

async function securityHeaders(app: FastifyInstance, options: { cardPayments: boolean }): Promise<void> {
  app.decorate("pageCsp", (inline?: InlineScripts) =>
    pageCsp({ cardPayments: options.cardPayments, inline }),
  );
  // HTML that did not set its own policy (the web plugin does for every page) runs no inline script.
  const pagePolicy = pageCsp(options);
  app.addHook("onSend", async (request, reply, payload) => {
    reply.headers(COMMON_HEADERS);
    if (!reply.hasHeader("Content-Security-Policy")) {
      const type = String(reply.getHeader("content-type") ?? "");
      reply.header("Content-Security-Policy", type.startsWith("text/html") ? pagePolicy : API_CSP);
    }
    // HSTS only means something over TLS; request.protocol honours X-Forwarded-Proto behind a trusted proxy.
    if (request.protocol === "https") reply.header("Strict-Transport-Security", HSTS);
    return payload;
  });
}

export default fp(securityHeaders, { name: "security-headers" });
