import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";

import { formErrorText } from "./form-errors";

const i18n = setupI18n({
  locale: "en",
  messages: {
    en: {
      "register_page.error_PASSWORD_TOO_SHORT": "Use at least 10 characters.",
      "my_profile.error_mismatch": "The two passwords do not match.",
      "form.check": "Please check this field.",
    },
  },
});

describe("formErrorText", () => {
  it("words the form's own codes, then the shared API codes, then the form's fallback", () => {
    const known = { MISMATCH: "my_profile.error_mismatch" };
    expect(formErrorText(i18n, ["MISMATCH"], "form.check", known)).toBe("The two passwords do not match.");
    expect(formErrorText(i18n, ["PASSWORD_TOO_SHORT"], "form.check", known)).toBe(
      "Use at least 10 characters.",
    );
    expect(formErrorText(i18n, ["Too small: expected string"], "form.check", known)).toBe(
      "Please check this field.",
    );
    expect(formErrorText(i18n, undefined, "form.check")).toBeUndefined();
  });
});
