import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Security headers on every answer. JSON gets a CSP that allows nothing; HTML pages get one that
 * allows only this origin. React Router's hydration data is an inline script, hence 'unsafe-inline'
 * for scripts on pages (no third-party origin is allowed, so injected markup cannot load code).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/**
 * The pages' policy. With card payments on (Stripe keys set), Stripe.js loads from js.stripe.com,
 * draws the card field in its own frames and talks to api.stripe.com (docs.stripe.com/security/guide);
 * without keys no third-party origin is allowed at all.
 */
export function pageCsp(options: { cardPayments: boolean }): string {
  const stripe = options.cardPayments;
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${stripe ? " https://js.stripe.com" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${stripe ? " https://api.stripe.com" : ""}`,
    ...(stripe ? ["frame-src https://js.stripe.com https://hooks.stripe.com"] : []),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

declare module "fastify" {
  interface FastifyInstance {
    /** The Content-Security-Policy of HTML pages, as configured. */
    pageCsp: string;
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
  const pagePolicy = pageCsp(options);
  app.decorate("pageCsp", pagePolicy);
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
