import { describe, expect, it } from "vitest";
import { z } from "zod";
import { companyUpdateSchema } from "./companies.ts";
import { contactRequestSchema } from "./contact.ts";
import { registerRequestSchema } from "./register.ts";
import { findForbiddenText, forbiddenTextCheck, isHttpUrl, multiLine, singleLine } from "./text.ts";

const CONTROLS = ["\u0000", "\u0001", "\u0007", "\u000b", "\u000c", "\u001b", "\u001f", "\u007f"];
const LONE_SURROGATES = ["\ud800", "\udbff", "\udc00", "\udfff"];

describe("the text rule", () => {
  it("refuses NUL, the other C0 controls, DEL and lone surrogates in any text", () => {
    for (const bad of [...CONTROLS, ...LONE_SURROGATES]) {
      const value = `Alpha${bad}Sensors`;
      expect(singleLine().safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(multiLine().safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(findForbiddenText({ a: value }), JSON.stringify(value)).toEqual(["a"]);
    }
  });

  it("keeps tab and line breaks to multi-line text", () => {
    for (const breakChar of ["\t", "\n", "\r"]) {
      const value = `Two reels${breakChar}one tray`;
      expect(singleLine().safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(multiLine().parse(value)).toBe(value);
      expect(findForbiddenText(value)).toBeNull();
    }
  });

  it("accepts text in every script, emoji (surrogate pairs) and C1 characters included", () => {
    for (const value of ["Müller & Söhne", "深圳电子", "Ελληνικά", "עברית", "Board 🚀 v2", "ÿ\u00a0€"]) {
      expect(singleLine().parse(value)).toBe(value);
      expect(findForbiddenText({ value })).toBeNull();
    }
  });

  it("names the path of the first offending string, object key or array item", () => {
    expect(findForbiddenText({ company: { name: "ok", city: "x\u0000" } })).toEqual(["company", "city"]);
    expect(findForbiddenText({ lines: [{ description: "ok" }, { description: "\u001b[31m" }] })).toEqual([
      "lines",
      1,
      "description",
    ]);
    expect(findForbiddenText({ q: ["fine", "bad\u0007"] })).toEqual(["q", 1]);
    expect(findForbiddenText({ "na\u0000me": "x" })).toEqual(["na\u0000me"]);
    expect(findForbiddenText({ n: 1, b: true, z: null, list: [] })).toBeNull();
    expect(findForbiddenText(undefined)).toBeNull();
  });

  it("puts the path into the zod issue when it runs in front of a schema", () => {
    const schema = forbiddenTextCheck.pipe(z.strictObject({ address: z.strictObject({ city: z.string() }) }));
    const result = schema.safeParse({ address: { city: "Köln\u0000" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]).toMatchObject({ code: "custom", path: ["address", "city"] });
  });
});

describe("http(s) web addresses", () => {
  it("accepts absolute http and https URLs with a host", () => {
    for (const url of [
      "https://alpha.example",
      "http://alpha.example/",
      "HTTPS://Alpha.Example/path?x=1#top",
      "https://alpha.example:8443/de/",
      "https://xn--mller-kva.example",
      "https://192.0.2.1",
      "https://[2001:db8::1]/",
    ])
      expect(isHttpUrl(url), url).toBe(true);
  });

  it("refuses other schemes, scheme-relative, malformed, hostless and credential URLs", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(document.cookie)",
      "data:text/html,<script>alert(1)</script>",
      "ftp://files.alpha.example",
      "file:///etc/passwd",
      "mailto:sales@alpha.example",
      "//alpha.example",
      "http:/alpha.example",
      "http:alpha.example",
      "http:\\\\alpha.example",
      "https:///alpha.example",
      "https://",
      "http://?x",
      "http://#x",
      "alpha.example",
      "www.alpha.example",
      "https://user:pass@alpha.example",
      "https://bank.example@evil.example",
      "https://alpha.example/a b",
      " https://alpha.example",
    ])
      expect(isHttpUrl(url), url).toBe(false);
  });

  it("is the rule of every website field, where an empty string still means none", () => {
    const company = { name: "Alpha Sensors GmbH", country: "DE" };
    expect(companyUpdateSchema.safeParse({ ...company, website: "https://alpha.example" }).success).toBe(
      true,
    );
    expect(companyUpdateSchema.safeParse({ ...company, website: "" }).success).toBe(true);
    expect(companyUpdateSchema.safeParse(company).success).toBe(true);
    const refused = companyUpdateSchema.safeParse({ ...company, website: "javascript:alert(1)" });
    expect(refused.error?.issues.map((i) => i.path.join("."))).toEqual(["website"]);

    const registration = registerRequestSchema.shape.company;
    const hostile = registration.safeParse({ ...company, website: "data:text/html,x" });
    expect(hostile.error?.issues.map((i) => i.path.join("."))).toEqual(["website"]);
  });
});

describe("field kinds of the shared schemas", () => {
  it("lets the contact form's message span lines but not the sender's name", () => {
    const valid = {
      name: "Ana Popescu",
      email: "ana@carpathian.example",
      message: "We need 500 boards.\r\nCan you quote by March?",
      language: "ro",
      captcha: "eyJhIjoxfQ==",
    };
    expect(contactRequestSchema.safeParse(valid).success).toBe(true);
    const twoLines = contactRequestSchema.safeParse({ ...valid, name: "Ana\nPopescu" });
    expect(twoLines.error?.issues.map((i) => i.path.join("."))).toEqual(["name"]);
  });
});

describe("website fields", () => {
  const company = { name: "Alpha Sensors GmbH", country: "DE" };
  const website = (value: string) => companyUpdateSchema.safeParse({ ...company, website: value });

  it("store a bare domain as its https:// address, in the company and the registration schema", () => {
    for (const [typed, stored] of [
      ["alpha.example", "https://alpha.example"],
      ["  www.alpha.example/de  ", "https://www.alpha.example/de"],
      ["alpha.example:8443/path?x=1", "https://alpha.example:8443/path?x=1"],
      ["xn--mller-kva.example", "https://xn--mller-kva.example"],
      ["http://alpha.example", "http://alpha.example"],
      ["https://alpha.example", "https://alpha.example"],
      ["", ""],
    ] as const)
      expect(website(typed).data?.website, typed).toBe(stored);
    const registration = registerRequestSchema.shape.company;
    expect(registration.parse({ ...company, website: "alpha.example" }).website).toBe(
      "https://alpha.example",
    );
  });

  it("still refuse other schemes, words without a dot, credentials and spaces", () => {
    for (const typed of [
      "javascript:alert(1)",
      "mailto:sales@alpha.example",
      "alpha",
      "user@alpha.example",
      "//alpha.example",
      "alpha .example",
      "ftp://alpha.example",
    ])
      expect(website(typed).success, typed).toBe(false);
  });

  it("count the length of the stored address against the limit", () => {
    const host = `${"a".repeat(190)}.example`;
    expect(host.length).toBe(198);
    expect(website(host).success).toBe(false);
    expect(website(`https://${"a".repeat(180)}.example`).success).toBe(true);
  });
});
