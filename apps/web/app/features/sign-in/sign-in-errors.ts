import { ApiError } from "~/lib/api-client";

/**
 * The message key for a failed sign-in call, exactly as docs/behaviour/data.md#sign-in-errors maps them. `has` tells whether the
 * catalog has a key (login_page.{code} and otp_page.{code} are used only when they exist).
 */
export function signInErrorKey(
  error: unknown,
  step: "login" | "verify",
  has: (key: string) => boolean,
): string {
  if (!(error instanceof ApiError)) return "global.error";
  // An error that mentions 60 seconds is the lockout.
  if (/60 seconds/.test(error.message)) return "login_page.account_locked";
  if (error.status === 401 && error.code === "user_has_no_accepted_roles")
    return "login_page.user_has_no_accepted_roles";
  // The form solves the captcha itself; these mean that did not work (no solution, or refused).
  if (error.code.startsWith("CAPTCHA_")) return "login_page.captcha_failed";
  if (step === "verify") {
    if (error.code === "LOGIN_SESSION_EXPIRED") return "otp_page.login_session_expired";
    if (error.code === "OTP_VERIFICATION_FAILED") return "otp_page.otp_verification_failed";
    const own = `otp_page.${error.code}`;
    if (has(own)) return own;
  }
  if (error.status === 401) return "login_page.invalid_credentials_error";
  const own = `login_page.${error.code}`;
  return has(own) ? own : "global.error";
}
