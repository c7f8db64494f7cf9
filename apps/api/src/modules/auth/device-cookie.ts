import { createHmac, randomBytes } from "node:crypto";
import { secretsEqual } from "../../lib/passwords.ts";

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies", ADR 0009): a browser
 * that completed a sign-in gets a cookie proving it, so its failures are counted for that browser
 * alone, and a flood of attempts from elsewhere cannot lock its owner out.
 *
 * One cookie per account, named after a keyed hash of the account, so a shared browser keeps the
 * device status of each account that signed in on it and the name reveals no address. The value is
 * `<nonce>.<HMAC(account, nonce)>`: the server stores nothing, another account's cookie or a tampered
 * one fails the HMAC, and the nonce tells devices apart in the lockout counters.
 */
export const DEVICE_COOKIE_PREFIX = "device_";
/** Sent only with sign-in requests, never to pages or other API calls. */
export const DEVICE_COOKIE_PATH = "/api/auth";
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const NONCE = /^[A-Za-z0-9_-]{22}$/;

/**
 * The device cookies' own key, derived from the captcha key: instances that share CAPTCHA_HMAC_KEY
 * (which production requires with a shared database) agree on device cookies with no new setting,
 * and neither purpose can forge values of the other.
 */
export function deviceCookieKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("ems device cookie v1").digest();
}

const mac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest("base64url");

/** The cookie name of an account (the normalised e-mail address). */
export function deviceCookieName(key: Buffer, account: string): string {
  return `${DEVICE_COOKIE_PREFIX}${mac(key, `name|${account}`).slice(0, 16)}`;
}

/** A fresh cookie for the account; a new nonce at every sign-in, so a copied value ages out. */
export function newDeviceCookie(key: Buffer, account: string): { name: string; value: string } {
  const nonce = randomBytes(16).toString("base64url");
  return { name: deviceCookieName(key, account), value: `${nonce}.${mac(key, `value|${account}|${nonce}`)}` };
}

/**
 * The nonce of the request's device cookie for this account, or null when there is none or it is
 * forged, tampered with, or made for another account (such a client is untrusted).
 */
export function trustedDeviceNonce(
  key: Buffer,
  account: string,
  cookies: Record<string, string | undefined>,
): string | null {
  const value = cookies[deviceCookieName(key, account)];
  if (!value) return null;
  const [nonce, signature, ...rest] = value.split(".");
  if (rest.length > 0 || !nonce || !signature || !NONCE.test(nonce)) return null;
  return secretsEqual(signature, mac(key, `value|${account}|${nonce}`)) ? nonce : null;
}
