import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedirectRuleSchema, safeRedirectTarget } from "./redirects.ts";

const SITE = "https://www.example.test";

describe("safeRedirectTarget", () => {
  it("keeps plain local paths with query and hash", () => {
    expect(safeRedirectTarget("/my/desk")).toBe("/my/desk");
    expect(safeRedirectTarget("/de/ressourcen/fallstudien?x=1#top")).toBe(
      "/de/ressourcen/fallstudien?x=1#top",
    );
    expect(safeRedirectTarget("/a/./b/../c")).toBe("/a/c");
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%252F%252Fevil.example",
    "/.//evil.example",
    "/./\\evil.example",
    "/\tevil",
    "/\t/evil.example",
    "/\n/evil.example",
    "/%09/evil.example",
    "/%00/evil.example",
    "/\u0000evil",
    "\\\\evil.example",
    "http:/\\/evil.example",
    "http:\\\\evil.example",
    "https:evil.example",
    "https://evil.example",
    "https://www.example.test@evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "/%E0%A4%A",
    "",
  ])("refuses %j", (target) => {
    expect(safeRedirectTarget(target, [SITE])).toBeNull();
  });

  it("accepts an absolute URL only on an allowed origin, without credentials", () => {
    expect(safeRedirectTarget(`${SITE}/de`, [SITE])).toBe(`${SITE}/de`);
    expect(safeRedirectTarget(`${SITE}/de`)).toBeNull();
    expect(safeRedirectTarget("https://user:pw@www.example.test/de", [SITE])).toBeNull();
  });

  it("never yields a target that leaves the site (property)", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      "%2F",
      "%2f",
      "%5C",
      "%252F",
      ".",
      "..",
      "\t",
      "\n",
      "\u0000",
      "evil.example",
      "@",
      ":",
      "http:",
      "https:",
      "?",
      "#",
      "a",
      "%00",
      " ",
    );
    fc.assert(
      fc.property(fc.array(pieces, { minLength: 1, maxLength: 8 }), (parts) => {
        const target = parts.join("");
        const result = safeRedirectTarget(target);
        if (result === null) return true;
        // What a browser would do with the result: it must resolve to the same origin.
        const resolved = new URL(result, SITE);
        return (
          resolved.origin === SITE &&
          result.startsWith("/") &&
          !result.startsWith("//") &&
          !result.includes("\\")
        );
      }),
      { numRuns: 5000 },
    );
  });

  it("is idempotent on what it accepts (property)", () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const once = safeRedirectTarget(path.startsWith("/") ? path : `/${path}`);
        return once === null || safeRedirectTarget(once) === once;
      }),
      { numRuns: 2000 },
    );
  });
});

describe("createRedirectRuleSchema", () => {
  it("accepts a local rule and an https target", () => {
    expect(createRedirectRuleSchema.parse({ fromPath: "/old", target: "/new" })).toEqual({
      fromPath: "/old",
      target: "/new",
      statusCode: 301,
    });
    expect(
      createRedirectRuleSchema.safeParse({
        fromPath: "/shop",
        target: "https://shop.example.test/",
        statusCode: 302,
      }).success,
    ).toBe(true);
  });

  it("refuses hostile sources and targets", () => {
    for (const bad of [
      { fromPath: "//evil", target: "/x" },
      { fromPath: "/a?b=1", target: "/x" },
      { fromPath: "/ok", target: "//evil" },
      { fromPath: "/ok", target: "http://plain.example" },
      { fromPath: "/ok", target: "javascript:alert(1)" },
      { fromPath: "/ok", target: "/x", statusCode: 307 },
      { fromPath: "/ok", target: "/x", extra: 1 },
    ]) {
      expect(createRedirectRuleSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
