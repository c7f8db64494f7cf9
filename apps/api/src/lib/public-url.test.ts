import { describe, expect, it } from "vitest";
import { publicLink } from "./public-url.ts";

describe("links in mails and documents", () => {
  it("come from the route map, in the reader's language, on PUBLIC_URL's origin", () => {
    const base = "https://portal.example.test/ignored/path?x=1";
    expect(publicLink(base, { page: "my-order", params: { order: "o 1" } }, "de")).toBe(
      "https://portal.example.test/de/my/orders/o%201",
    );
    expect(publicLink(base, { page: "update-password", query: { token: "a&b" } }, "en")).toBe(
      "https://portal.example.test/update-password?token=a%26b",
    );
    expect(publicLink(base, { page: "staff-supply" }, "ro")).toBe(
      "https://portal.example.test/ro/staff/supply",
    );
  });

  it("refuse a page that lacks its parameters instead of mailing a broken link", () => {
    expect(() => publicLink("https://portal.example.test", { page: "my-quote" }, "fr")).toThrow(/my-quote/);
  });
});
