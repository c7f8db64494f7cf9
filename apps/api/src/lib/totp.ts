import { Secret, TOTP } from "otpauth";
import { siteConfig } from "@ems/config/site";

/** RFC 6238 defaults that every authenticator app supports. */
const PERIOD_S = 30;
const DIGITS = 6;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: siteConfig.brand.name,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI the QR code carries. */
export function totpUri(secret: string, accountEmail: string): string {
  return totpFor(secret, accountEmail).toString();
}

export function currentTotpStep(now = Date.now()): number {
  return Math.floor(now / 1000 / PERIOD_S);
}

/**
 * The time step a code is valid for (±1 step for clock drift), or null. Callers store the step and
 * refuse codes of that step or earlier, so a code observed once cannot be replayed in its window.
 */
export function matchTotp(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret, "check").validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = currentTotpStep(now) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}

/** Tests and the demo: the code an authenticator app would show at `now`. */
export function generateTotp(secret: string, now = Date.now()): string {
  return totpFor(secret, "check").generate({ timestamp: now });
}
