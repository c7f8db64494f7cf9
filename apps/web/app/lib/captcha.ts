import { solveChallenge } from "altcha-lib/v1";

import type { ApiClient } from "~/lib/api-client";
import { call } from "~/lib/api-client";
import { captchaEndpoints } from "@ems/contracts/captcha";

/**
 * The self-hosted proof of work (ADR 0001): the browser asks for a challenge, searches the number
 * whose hash matches, and sends the solution with the form. No puzzle to solve, no third party.
 */
export async function solveCaptcha(api: ApiClient): Promise<string> {
  const { data: challenge } = await call(api, captchaEndpoints.generate);
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error("The captcha could not be solved");
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  );
}
