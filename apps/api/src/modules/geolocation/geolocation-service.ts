import geoip from "geoip-country";

/**
 * Offline country lookup (GeoLite2 data shipped in the geoip-country package; no network call).
 * Private, loopback, reserved and unparseable addresses have no country, so they are not China.
 */
export function isFromChina(ip: string): boolean {
  if (!ip) return false;
  const address = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  try {
    return geoip.lookup(address)?.country === "CN";
  } catch {
    return false;
  }
}
