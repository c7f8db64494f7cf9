import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import { ERROR_CODES } from "@ems/contracts/errors";
import type { CaptchaChallenge } from "@ems/contracts/captcha";
import type { Database } from "@ems/db/client";
import { AppError } from "../../lib/app-error.ts";
import { redeemChallenge } from "./captcha-repository.ts";

/** A challenge stays solvable for 10 minutes; the widget fetches a new one after that. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export interface CaptchaSettings {
  hmacKey: string;
  maxNumber: number;
}

/** A self-hosted ALTCHA proof-of-work challenge: no third-party service, no cookies, no tracking. */
export async function generateCaptcha(settings: CaptchaSettings): Promise<CaptchaChallenge> {
  const challenge = await createChallenge({
    hmacKey: settings.hmacKey,
    maxNumber: settings.maxNumber,
    expires: new Date(Date.now() + CHALLENGE_TTL_MS),
    algorithm: "SHA-256",
  });
  return {
    algorithm: "SHA-256",
    challenge: challenge.challenge,
    maxnumber: challenge.maxnumber ?? settings.maxNumber,
    salt: challenge.salt,
    signature: challenge.signature,
  };
}

interface DecodedPayload {
  signature: string;
  salt: string;
}

function decodePayload(payload: string): DecodedPayload | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    if (typeof json !== "object" || json === null) return null;
    const { signature, salt, challenge, number, algorithm } = json as Record<string, unknown>;
    if (typeof signature !== "string" || typeof salt !== "string" || typeof challenge !== "string")
      return null;
    if (typeof number !== "number" || typeof algorithm !== "string") return null;
    return { signature, salt };
  } catch {
    return null;
  }
}

const invalid = () =>
  new AppError(400, ERROR_CODES.captchaInvalid, "The captcha solution is not valid", { field: "payload" });

/**
 * Checks a solved challenge and redeems it, so one solution proves one human action.
 * Throws CAPTCHA_INVALID for a wrong, forged or expired solution and CAPTCHA_ALREADY_USED on replay.
 */
export async function validateCaptcha(
  db: Database,
  settings: CaptchaSettings,
  payload: string,
): Promise<void> {
  const decoded = decodePayload(payload);
  if (!decoded) throw invalid();
  const verified = await verifySolution(payload, settings.hmacKey, true).catch(() => false);
  if (!verified) throw invalid();
  const expires = Number(extractParams(payload).expires);
  const expiresAt = new Date(
    Number.isFinite(expires) && expires > 0 ? expires * 1000 : Date.now() + CHALLENGE_TTL_MS,
  );
  if (!(await redeemChallenge(db, decoded.signature, expiresAt))) {
    throw new AppError(400, ERROR_CODES.captchaUsed, "This captcha solution was already used", {
      field: "payload",
    });
  }
}
