import { z } from "zod";

/**
 * The text rule of every input (issue 15): characters no field needs are refused, never stripped.
 * U+0000 cannot be stored by PostgreSQL at all (the query fails), the other C0 controls and U+007F
 * only hide text or corrupt documents and e-mails, and a lone UTF-16 surrogate is not text: the
 * database drivers would silently store U+FFFD instead. Tab, line feed and carriage return are
 * allowed in multi-line fields (notes, messages, terms) only.
 *
 * The API applies `findForbiddenText` to every body, query and params it validates, so a schema
 * that uses plain `z.string()` still refuses these; the builders below add the single-line rule and
 * let the web forms, which parse with the same schemas, show the refusal before sending.
 */

// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\p{Cs}]/u;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_LINE = /[\u0000-\u001f\u007f\p{Cs}]/u;

export const CONTROL_CHARACTER_MESSAGE = "must not contain control characters";
export const LINE_BREAK_MESSAGE = "must be a single line without control characters";
export const HTTP_URL_MESSAGE = "must be an http:// or https:// address";

/** Whether multi-line text (tab, LF and CR allowed) holds a character no field needs. */
export function hasControlCharacter(value: string): boolean {
  return FORBIDDEN_IN_LINES.test(value);
}

/** Whether single-line text holds a control character, a line break or a tab. */
export function hasLineBreakOrControl(value: string): boolean {
  return FORBIDDEN_IN_LINE.test(value);
}

/**
 * The path of the first string (or object key) in a parsed input that breaks the multi-line rule,
 * or null when there is none: `["address", "city"]`, `["lines", 0, "description"]`, `["q"]`.
 */
export function findForbiddenText(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | null {
  if (typeof value === "string") return hasControlCharacter(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findForbiddenText(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) return [...path, key];
      const found = findForbiddenText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Refuses what `findForbiddenText` finds, naming the path; put in front of a schema with `.pipe()`. */
export const forbiddenTextCheck = z.unknown().superRefine((value, ctx) => {
  const path = findForbiddenText(value);
  if (path) ctx.addIssue({ code: "custom", path, message: CONTROL_CHARACTER_MESSAGE });
});

/** Trimmed one-line text (names, titles, cities, search terms); chain `.min()`, `.max()`, `.optional()`. */
export function singleLine() {
  return z
    .string()
    .trim()
    .refine((value) => !hasLineBreakOrControl(value), LINE_BREAK_MESSAGE);
}

/** Trimmed text that may span lines (notes, messages, terms, reasons). */
export function multiLine() {
  return z
    .string()
    .trim()
    .refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE);
}

/**
 * An absolute http: or https: address with a host, as typed (not normalised). The WHATWG parser
 * alone would accept `http:/host`, `http:\\host` and `javascript:`; the prefix check refuses the
 * first two, the protocol check the rest. Credentials (`https://bank.example@evil.example`) are
 * refused as they only serve to mislead.
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^/\\?#\s]/i.test(value) || /\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.hostname !== "" &&
    url.username === "" &&
    url.password === ""
  );
}

/**
 * A bare host as people type a website ("example.com", "www.example.com/de", "example.com:8080"):
 * no scheme, and a dot in the host so that a mistyped word or another scheme ("javascript:…") is
 * not mistaken for one.
 */
const BARE_HOST = /^[^\s/\\?#:@]+\.[^\s/\\?#:@]+(?::\d+)?(?:[/?#]|$)/;

/** A bare host gets https://; anything else stays as typed for `isHttpUrl` to judge. */
export function withWebScheme(value: string): string {
  return BARE_HOST.test(value) ? `https://${value}` : value;
}

/**
 * An optional web address (a company's website): omitted or an empty string both mean "none". A
 * bare domain is read as its https:// address, so "example.com" is stored as "https://example.com".
 * `overwrite` (not `transform`) keeps the schema a plain string for the OpenAPI document.
 */
export function optionalHttpUrl(max: number) {
  return singleLine()
    .overwrite(withWebScheme)
    .max(max)
    .refine((value) => value === "" || isHttpUrl(value), HTTP_URL_MESSAGE)
    .optional();
}
