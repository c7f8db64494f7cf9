import { describe, expect, it } from "vitest";

import { ApiError } from "~/lib/api-client";

import { signInErrorKey } from "./sign-in-errors";

const has = (keys: string[]) => (key: string) => keys.includes(key);
const error = (status: number, code: string, message = "x") => new ApiError({ status, code, message });

describe("signInErrorKey", () => {
  it("maps the sign-in errors", () => {
    expect(signInErrorKey(error(401, "user_has_no_accepted_roles"), "login", has([]))).toBe(
      "login_page.user_has_no_accepted_roles",
    );
    expect(signInErrorKey(error(401, "INVALID_CREDENTIALS"), "login", has([]))).toBe(
      "login_page.invalid_credentials_error",
    );
    expect(signInErrorKey(error(429, "RATE_LIMITED"), "login", has(["login_page.RATE_LIMITED"]))).toBe(
      "login_page.RATE_LIMITED",
    );
    expect(signInErrorKey(error(400, "VALIDATION_ERROR"), "login", has([]))).toBe("global.error");
    expect(signInErrorKey(new Error("boom"), "login", has([]))).toBe("global.error");
  });

  it("maps a captcha that could not be solved or was refused to one message", () => {
    for (const failure of [
      error(428, "CAPTCHA_REQUIRED"),
      error(400, "CAPTCHA_INVALID"),
      error(400, "CAPTCHA_ALREADY_USED"),
    ]) {
      expect(signInErrorKey(failure, "login", has(["login_page.CAPTCHA_INVALID"])), failure.code).toBe(
        "login_page.captcha_failed",
      );
    }
  });

  it("recognises the lockout by its 60 seconds, on either step", () => {
    const locked = error(429, "ACCOUNT_LOCKED", "Too many failed attempts. Try again in 60 seconds.");
    expect(signInErrorKey(locked, "login", has([]))).toBe("login_page.account_locked");
    expect(signInErrorKey(locked, "verify", has([]))).toBe("login_page.account_locked");
  });

  it("maps the code errors", () => {
    expect(signInErrorKey(error(401, "LOGIN_SESSION_EXPIRED"), "verify", has([]))).toBe(
      "otp_page.login_session_expired",
    );
    expect(signInErrorKey(error(401, "OTP_VERIFICATION_FAILED"), "verify", has([]))).toBe(
      "otp_page.otp_verification_failed",
    );
    expect(signInErrorKey(error(401, "SOMETHING"), "verify", has([]))).toBe(
      "login_page.invalid_credentials_error",
    );
    expect(signInErrorKey(error(429, "RATE_LIMITED"), "verify", has(["otp_page.RATE_LIMITED"]))).toBe(
      "otp_page.RATE_LIMITED",
    );
  });
});
