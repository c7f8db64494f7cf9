import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ERROR_CODES } from "@ems/contracts/errors";
import { AppError } from "../lib/app-error.ts";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Whether a mutation comes from another site, by the headers browsers send and pages cannot forge. */
export function isCrossSiteMutation(request: FastifyRequest, publicUrl: string): boolean {
  if (!MUTATIONS.has(request.method)) return false;
  if (request.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === "null") return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return true;
  }
  // The request's own Host is fine here, unlike in links: a cross-site page cannot choose the Host
  // (or X-Forwarded-Host) the victim's browser sends, and a client that can gains nothing by
  // passing a check meant for browsers. It keeps same-origin forms working on any address the
  // server is reached at (127.0.0.1 besides localhost, a LAN name).
  const allowed = new Set([request.host, new URL(publicUrl).host]);
  return !allowed.has(host);
}

/**
 * CSRF defence in depth (ADR 0003): the session cookie is SameSite=Lax and API bodies must be JSON,
 * and on top of that any mutation that a browser marks as coming from another origin is refused
 * before a handler runs: /api calls and the pages' form posts alike (route actions accept
 * url-encoded forms, so that they work without JavaScript). API clients without a browser send no
 * Origin and are unaffected.
 */
async function csrfPlugin(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  app.addHook("onRequest", async (request) => {
    if (isCrossSiteMutation(request, options.publicUrl))
      throw new AppError(403, ERROR_CODES.csrfRejected, "Requests from other sites are not accepted");
  });
}

export default fp(csrfPlugin, { name: "csrf" });
