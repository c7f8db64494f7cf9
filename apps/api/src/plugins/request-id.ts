import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Keeps an upstream proxy's X-Request-Id when it looks like an id (so logs line up across hops);
 * anything else, including header-injection attempts, gets a fresh UUID.
 */
export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && SAFE_ID.test(incoming) ? incoming : randomUUID();
}
