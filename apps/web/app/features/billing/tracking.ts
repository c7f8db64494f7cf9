/**
 * Tracking pages of the well-known parcel carriers. A carrier name is free text (a parcel service
 * such as "DHL Express" or "UPS Standard"), so the carrier is recognised by a word in its name.
 * Other carriers have no known tracking page: their numbers are shown as plain text.
 */
const CARRIERS: readonly { pattern: RegExp; url: (number: string) => string }[] = [
  {
    pattern: /\bdhl\b/i,
    url: (n) => `https://www.dhl.com/global-en/home/tracking.html?tracking-id=${n}&submit=1`,
  },
  { pattern: /\bups\b/i, url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { pattern: /\bdpd\b/i, url: (n) => `https://tracking.dpd.de/status/en_US/parcel/${n}` },
  { pattern: /\bfed\s?ex\b/i, url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { pattern: /\bgls\b/i, url: (n) => `https://gls-group.com/track/${n}` },
  {
    pattern: /\btnt\b/i,
    url: (n) =>
      `https://www.tnt.com/express/en_gc/site/shipping-tools/tracking.html?searchType=con&cons=${n}`,
  },
];

/** The carrier's tracking page for a number, or null for an unknown carrier or no number. */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined) {
  const number = trackingNumber?.trim();
  if (!carrier || !number) return null;
  const known = CARRIERS.find((c) => c.pattern.test(carrier));
  return known ? known.url(encodeURIComponent(number)) : null;
}
