import { describe, expect, it } from "vitest";

import { normaliseCode } from "./otp-input";

describe("normaliseCode", () => {
  it("keeps the 6 digits of a code typed or pasted with spaces, dashes or text around it", () => {
    expect(normaliseCode(" 123 456 ", "digits")).toBe("123456");
    expect(normaliseCode("123-456", "digits")).toBe("123456");
    expect(normaliseCode("Code: 0123456789", "digits")).toBe("012345");
    expect(normaliseCode("abc", "digits")).toBe("");
  });

  it("writes a recovery code in lower case with its dash, whatever was pasted", () => {
    expect(normaliseCode("ABCDE FGHIJ", "recovery")).toBe("abcde-fghij");
    expect(normaliseCode("abcdefghij", "recovery")).toBe("abcde-fghij");
    expect(normaliseCode("abc", "recovery")).toBe("abc");
    expect(normaliseCode("abcde-fghijklm", "recovery")).toBe("abcde-fghij");
    expect(normaliseCode("a1b8c-d0e9f", "recovery")).toBe("abcde-f");
  });
});
