import { ERROR_CODES } from "@ems/contracts/errors";

import { ApiError } from "~/lib/api-client";

/**
 * Sends a sign-in request; when the API asks for a captcha (428 CAPTCHA_REQUIRED: many attempts on
 * the address from browsers it has not signed in with, ADR 0009), solves one and sends once more
 * with it. `onSolving` brackets the proof of work, so the form can say why it takes a moment.
 */
export async function sendWithCaptchaOnDemand<T>(
  send: (captcha?: string) => Promise<T>,
  solve: () => Promise<string>,
  onSolving: (solving: boolean) => void = () => {},
): Promise<T> {
  try {
    return await send();
  } catch (failure) {
    if (!(failure instanceof ApiError && failure.code === ERROR_CODES.captchaRequired)) throw failure;
    onSolving(true);
    try {
      return await send(await solve());
    } finally {
      onSolving(false);
    }
  }
}
