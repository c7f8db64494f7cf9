import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Whether a request's preview token (docs/behaviour/public-site.md#preview-mode) matches the configured one. Both are hashed first, so
 * the comparison takes the same time whatever their lengths; no configured token, no preview.
 */
export function isPreviewToken(given: string | null | undefined, configured: string | undefined): boolean {
  if (!given || !configured) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(configured).digest();
  return timingSafeEqual(a, b);
}
