import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";

import { ApiError } from "~/lib/api-client";

import { describeApiError } from "./use-billing-action";

const i18n = setupI18n({
  locale: "en",
  messages: {
    en: {
      "global.error": ["Something went wrong"],
      "billing.error_forbidden": ["Not for your role"],
      "billing.error_not_found": ["Gone"],
      "billing.error_rate_limited": ["Too many"],
      "billing.error_check_fields": ["Check the fields"],
      "billing.error_field": ["Not accepted: ", ["message"]],
    },
  },
});

describe("describeApiError", () => {
  it("says what the caller passes for a conflict, else the API's message", () => {
    const error = new ApiError({ status: 409, code: "CONFLICT", message: "The invoice is already paid" });
    expect(describeApiError(i18n, error, "Cannot be paid again").message).toBe("Cannot be paid again");
    expect(describeApiError(i18n, error).message).toBe("The invoice is already paid");
  });

  it("puts a validation error on its field", () => {
    const error = new ApiError({
      status: 400,
      code: "VALIDATION_ERROR",
      message: "must be today or later",
      field: "expected_on",
    });
    expect(describeApiError(i18n, error)).toEqual({
      message: "Check the fields",
      fields: { expected_on: "Not accepted: must be today or later" },
      status: 400,
    });
  });

  it("has texts of its own for roles, missing documents, throttling and failures", () => {
    expect(describeApiError(i18n, new ApiError({ status: 403 })).message).toBe("Not for your role");
    expect(describeApiError(i18n, new ApiError({ status: 404 })).message).toBe("Gone");
    expect(describeApiError(i18n, new ApiError({ status: 429 })).message).toBe("Too many");
    expect(describeApiError(i18n, new ApiError({ status: 500, message: "db down" })).message).toBe(
      "Something went wrong",
    );
    expect(describeApiError(i18n, new Error("boom")).message).toBe("Something went wrong");
  });

  it("keeps the gateway's explanation of a 502", () => {
    const error = new ApiError({ status: 502, message: "The card gateway is not answering" });
    expect(describeApiError(i18n, error).message).toBe("The card gateway is not answering");
  });
});
