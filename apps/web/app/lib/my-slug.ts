/** First segments that the /my/{slug...} catch-all accepts; anything else is a fatal 404. */
export const MY_SECTIONS = [
  "desk",
  "parts",
  "orders",
  "quotes",
  "invoices",
  "pcbs",
  "pcbas",
  "deliveries",
  "gerber-viewer",
] as const;

export type MySection = (typeof MY_SECTIONS)[number];

/** The splat of /my/* ("orders/42" or "orders/42/") is valid when its first segment is a known section. */
export function isValidMySlug(splat: string | undefined): boolean {
  const first = (splat ?? "").split("/").find((segment) => segment !== "");
  return first !== undefined && (MY_SECTIONS as readonly string[]).includes(first);
}
