import { timingSafeEqual, createHash } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import { siteConfig } from "@ems/config/site";
import { ARGON2_OPTIONS } from "@ems/db/factories";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@ems/contracts/password-rules";

/**
 * Passwords per OWASP ASVS level 2 (V2.1): the lengths of the contracts' password rules, any
 * characters, no composition rules, and not one of the common or breached passwords of the list
 * that ships with the project (the 49,000-entry list of @zxcvbn-ts/language-common, MIT).
 */

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    (dictionary["passwords-common"] as string[])
      .filter((word) => word.length >= PASSWORD_MIN_LENGTH)
      .map((word) => word.toLowerCase()),
  );
  return common;
}

/** Why a password is refused, as a machine code for the form, or null when it is acceptable. */
export type PasswordProblem = "too_short" | "too_long" | "common" | "contains_personal";

/** Counts characters as people see them (an emoji is one), as ASVS asks. */
export function passwordLength(password: string): number {
  return [...password.normalize("NFC")].length;
}

export function passwordProblem(
  password: string,
  personal: readonly (string | null | undefined)[] = [],
): PasswordProblem | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH) return "too_short";
  if (length > PASSWORD_MAX_LENGTH) return "too_long";
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return "common";
  const words = [siteConfig.brand.name, siteConfig.brand.productSlug, ...personal]
    .flatMap((value) => (value ? value.toLowerCase().split(/[\s@.]+/) : []))
    .filter((word) => word.length >= 4);
  // The whole password being a name, the brand or the e-mail's local part (plus digits) is as guessable as a common one.
  const core = lower.replace(/[\d\s!?.*#_-]+$/u, "");
  if (words.some((word) => core === word)) return "contains_personal";
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize("NFC"), ARGON2_OPTIONS);
}

/**
 * A hash of a password nobody knows: unknown accounts are checked against it, so a sign-in with an
 * unknown e-mail takes as long as one with a wrong password (no enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  const target = passwordHash ?? (await dummyHash);
  try {
    const matches = await verify(target, password.normalize("NFC"));
    return matches && Boolean(passwordHash);
  } catch {
    return false;
  }
}

/** Compares two secrets (codes, tokens) in constant time, whatever their lengths. */
export function secretsEqual(a: string, b: string): boolean {
  const da = createHash("sha256").update(a).digest();
  const db = createHash("sha256").update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}
