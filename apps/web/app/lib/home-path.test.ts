import { describe, expect, it } from "vitest";

import { homePath, isDeskPath } from "./home-path";

describe("homePath", () => {
  it("starts staff on the back-office home and customers on their desk, in their language", () => {
    expect(homePath("staff", "en")).toBe("/staff");
    expect(homePath("staff_admin", "de")).toBe("/de/staff");
    expect(homePath("customer", "en")).toBe("/my/desk");
    expect(homePath("customer", "fi")).toBe("/fi/my/desk");
  });
});

describe("isDeskPath", () => {
  it("knows the desk in every language and nothing else", () => {
    expect(isDeskPath("/my/desk")).toBe(true);
    expect(isDeskPath("/sv/my/desk")).toBe(true);
    expect(isDeskPath("/my/desk/")).toBe(true);
    expect(isDeskPath("/my/quotes")).toBe(false);
    expect(isDeskPath("/staff")).toBe(false);
  });
});
