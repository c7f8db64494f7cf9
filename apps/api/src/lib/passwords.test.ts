import { describe, expect, it } from "vitest";
import { hashPassword, passwordLength, passwordProblem, secretsEqual, verifyPassword } from "./passwords.ts";

describe("password rules (ASVS level 2)", () => {
  it("counts characters as people see them and bounds the length", () => {
    expect(passwordLength("😀😀😀😀")).toBe(4);
    expect(passwordProblem("seven77")).toBe("too_short");
    expect(passwordProblem("x".repeat(129))).toBe("too_long");
    expect(passwordProblem("correct horse battery staple 9".padEnd(64, "!"))).toBeNull();
  });

  it("refuses common passwords whatever their case, and the user's own name or the brand", () => {
    expect(passwordProblem("Password1234")).toBe("common");
    expect(passwordProblem("ioanapopescu2024", ["ioana.popescu@example.test"])).toBeNull();
    expect(passwordProblem("Popescu2026!", ["Ioana", "Popescu"])).toBe("contains_personal");
    expect(passwordProblem("lindqvar123")).toBe("contains_personal");
  });
});

describe("secrets", () => {
  it("compares in constant time and only equal secrets match", () => {
    expect(secretsEqual("123456", "123456")).toBe(true);
    expect(secretsEqual("123456", "123457")).toBe(false);
    expect(secretsEqual("123456", "1234567")).toBe(false);
    expect(secretsEqual("", "")).toBe(true);
  });

  it("hashes with argon2id and never verifies an account without a password", async () => {
    const hash = await hashPassword("a long passphrase 1");
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, "a long passphrase 1")).toBe(true);
    expect(await verifyPassword(hash, "a long passphrase 2")).toBe(false);
    expect(await verifyPassword(null, "anything")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
  });
});
