import { createHash, randomBytes } from "node:crypto";

/** A new opaque session token: 256 random bits, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the sessions table stores instead of the token. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
