import { describe, expect, it } from "vitest";

import { returnPathOf, signInReason, withReturnPath } from "./return-path";

describe("the way back through sign-in and registration", () => {
  it("reads a clean path of this site and nothing else", () => {
    expect(returnPathOf("?redirect=%2Fmy%2Fquotes%3Fpage%3D2")).toBe("/my/quotes?page=2");
    for (const target of [
      "//evil.example",
      "/.//evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
    ])
      expect(returnPathOf(new URLSearchParams({ redirect: target })), target).toBeNull();
    expect(returnPathOf("")).toBeNull();
  });

  it("attaches the way back to a path, keeping its own query", () => {
    expect(withReturnPath("/de/register", "/de/my/quotes")).toBe("/de/register?redirect=%2Fde%2Fmy%2Fquotes");
    expect(withReturnPath("/register/auth?pending=abc", "/my/quotes")).toBe(
      "/register/auth?pending=abc&redirect=%2Fmy%2Fquotes",
    );
    expect(withReturnPath("/register", null)).toBe("/register");
  });

  it("explains a quote request apart from any other protected page", () => {
    expect(signInReason("/my/quotes")).toBe("quote");
    expect(signInReason("/de/my/quotes?status=Open")).toBe("quote");
    expect(signInReason("/my/orders")).toBe("page");
    expect(signInReason(null)).toBeNull();
  });
});
