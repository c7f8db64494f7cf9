import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedirectRuleSchema } from "./redirects.ts";
import { safeRedirectTarget, sameOriginPath } from "./safe-paths.ts";

const SITE = "https://www.example.test";
const ORIGINS = [SITE, "http://localhost:3000", "https://portal.example.co.uk"];

/** Every way a browser or a later decode may still read a target; all of them must stay on `origin`. */
function staysOn(result: string, origin: string): boolean {
  if (!result.startsWith("/") || result.startsWith("//")) return false;
  const readings = [result, result.replace(/[\t\r\n]/g, "").replace(/\\/g, "/")];
  let decoded = result;
  for (let i = 0; i < 4; i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
    readings.push(decoded, decoded.replace(/[\t\r\n]/g, "").replace(/\\/g, "/"));
  }
  return readings.every((reading) => {
    try {
      return new URL(reading, origin).origin === origin;
    } catch {
      return false;
    }
  });
}

describe("sameOriginPath (issue 15: the one check for every redirect parameter)", () => {
  it.each([
    ["/my/quotes?page=2#x", "/my/quotes?page=2#x"],
    ["/de/my/desk", "/de/my/desk"],
    ["/a/./b/../c", "/a/c"],
    ["/knowledge-base?q=100%25", "/knowledge-base?q=100%25"],
    // A query may carry a URL: only the path decides where the browser goes.
    ["/my/quotes?from=https://evil.example", "/my/quotes?from=https://evil.example"],
    // "@" after a single slash is a path segment, not userinfo: this is a page of this site.
    ["/@evil.example", "/@evil.example"],
    // Look-alike slashes are no slashes to a URL parser: they stay, percent-encoded, in the path.
    ["/\u2215evil.example", "/%E2%88%95evil.example"],
    ["/\uff0fevil.example", "/%EF%BC%8Fevil.example"],
  ])("keeps %j as the local path %j", (target, expected) => {
    expect(sameOriginPath(target)).toBe(expected);
    expect(sameOriginPath(target, SITE)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/%2f%2fevil.example",
    "/%2F/evil.example",
    "/%252F%252Fevil.example",
    "/.//evil.example",
    "/./%2fevil",
    "/..//evil.example",
    "/a/%2e%2e//evil.example",
    "/%2e%2e%2f%2fevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/%09/evil.example",
    "/%0d%0aSet-Cookie:x=1",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "https://user@evil.example",
    "https://www.example.test@evil.example",
    "//evil.example@www.example.test",
    "%2f%2fevil.example",
    "/%5c%5cevil.example",
    "/%5C/evil.example",
    // A later decode would change the path's shape, so even a single encoded slash is refused.
    "/de/kontakt%2F",
    "/files/a%252Fb",
    "http:/evil.example",
    "https:evil.example",
    "https://evil.example",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "\u2215\u2215evil.example",
    "\uff0f\uff0fevil.example",
    "\u3002evil.example",
    " /my/desk",
    "/my/desk\u2028",
    "/%E0%A4%A",
    "",
  ])("refuses %j", (target) => {
    expect(sameOriginPath(target)).toBeNull();
    expect(sameOriginPath(target, SITE)).toBeNull();
  });

  it("refuses very long targets and endlessly nested escapes", () => {
    expect(sameOriginPath(`/${"a".repeat(2047)}`)).toBe(`/${"a".repeat(2047)}`);
    expect(sameOriginPath(`/${"a".repeat(2048)}`)).toBeNull();
    expect(sameOriginPath(`/${"/".repeat(100_000)}evil.example`)).toBeNull();
    expect(sameOriginPath(`/${"%25".repeat(10)}2F%2Fevil.example`)).toBeNull();
  });

  it("takes an absolute URL only on the site's own origin, as its path", () => {
    expect(sameOriginPath(`${SITE}/de/my/desk?x=1`, SITE)).toBe("/de/my/desk?x=1");
    expect(sameOriginPath(`${SITE}/de/my/desk`)).toBeNull();
    expect(sameOriginPath("https://evil.example/de", SITE)).toBeNull();
    expect(sameOriginPath("http://www.example.test/de", SITE)).toBeNull();
    expect(sameOriginPath("https://user:pw@www.example.test/de", SITE)).toBeNull();
    expect(sameOriginPath(`${SITE}//evil.example`, SITE)).toBeNull();
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 42, ["/x"], { toString: () => "/x" }])
      expect(sameOriginPath(value)).toBeNull();
  });

  it("keeps any plain path of this site unchanged (property)", () => {
    const segment = fc.string({
      unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-_"),
      minLength: 1,
    });
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        const path = `/${segments.join("/")}`;
        return sameOriginPath(path) === path;
      }),
    );
  });

  it("answers null or a path that stays on the origin, however a browser reads it (property)", () => {
    const piece = fc.constantFrom(
      "/",
      "\\",
      ".",
      "..",
      "%2f",
      "%2F",
      "%5c",
      "%5C",
      "%25",
      "%2e",
      "\t",
      "\n",
      "\r",
      "@",
      ":",
      "?",
      "#",
      "\u2215",
      "\u2044",
      "\uff0f",
      "\u29f8",
      "\ufe68",
      "\u3002",
      "\uff0e",
      "\uff20",
      "evil.example",
      "www.example.test",
      "javascript:",
      "https:",
      "http://",
      "a",
      " ",
    );
    const built = fc.array(piece, { minLength: 1, maxLength: 10 }).map((parts) => parts.join(""));
    const candidate = fc.oneof(
      built,
      built.map((rest) => `/${rest}`),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.webPath(),
      fc.string({ unit: "grapheme-ascii" }),
      fc.string({ unit: "binary", maxLength: 40 }),
    );
    fc.assert(
      fc.property(candidate, fc.constantFrom(...ORIGINS), fc.boolean(), (target, origin, withOrigin) => {
        const result = withOrigin ? sameOriginPath(target, origin) : sameOriginPath(target);
        return result === null || staysOn(result, origin);
      }),
      { numRuns: 20_000 },
    );
  });

  it("keeps a web URL of the site itself as its path (property)", () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (raw) => {
        const origin = new URL(raw).origin;
        const result = sameOriginPath(raw, origin);
        return result === null || staysOn(result, origin);
      }),
      { numRuns: 5000 },
    );
  });
});

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
