import { z } from "zod";

/**
 * Redirect targets must stay on this site unless they are named in `allowedOrigins`. Browsers are
 * lenient: they treat `\` as `/`, drop tabs and newlines inside URLs, and read `//host` as another
 * site; attackers use exactly that (`//evil`, `/\evil`, `/%2F%2Fevil`, `/.//evil`, `http:/\/evil`).
 * So a target is accepted only if it is a plain local path after decoding, or an absolute http(s) URL
 * whose origin is allowed; anything odd is refused rather than repaired.
 */
export function safeRedirectTarget(target: unknown, allowedOrigins: readonly string[] = []): string | null {
  if (typeof target !== "string" || target.length === 0 || target.length > 2048) return null;
  // Control characters (tab, CR, LF, NUL…) and backslashes have no business in a target.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;

  let decoded = target;
  // Decode repeatedly (bounded) so that %2F%2F, %252F… cannot hide a second slash or a backslash.
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) break;
    decoded = next;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return null;

  if (target.startsWith("/")) {
    // A local path: exactly one leading slash, and no "//" anywhere after dot segments collapse.
    if (decoded.startsWith("//")) return null;
    const url = new URL(decoded, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return null;
    if (decoded.includes("//")) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  }

  if (!/^https?:\/\/[^/]/i.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  return allowedOrigins.includes(url.origin) ? url.toString() : null;
}

/** A redirect rule of the operator's table (SPEC §2: consulted for every path). */
export const redirectRuleSchema = z
  .object({
    fromPath: z.string(),
    target: z.string(),
    statusCode: z.union([z.literal(301), z.literal(302)]),
  })
  .meta({ id: "RedirectRule" });

export const redirectRuleListSchema = z.array(redirectRuleSchema);

export type RedirectRule = z.infer<typeof redirectRuleSchema>;

/** A path a rule applies to: a local path without query, hash, doubled slashes or control characters. */
export const redirectFromPathSchema = z
  .string()
  .min(1)
  .max(512)
  .regex(/^\/(?!\/)[^\s?#\\]*$/, "must be a local path such as /old-page, without query or fragment");

export const createRedirectRuleSchema = z.strictObject({
  fromPath: redirectFromPathSchema,
  target: z
    .string()
    .min(1)
    .max(2048)
    .refine(
      (t) =>
        t.startsWith("/")
          ? safeRedirectTarget(t) !== null
          : /^https:\/\/[^/\s\\]+/.test(t) && safeRedirectTarget(t, [new URL(t).origin]) !== null,
      {
        message: "must be a local path or an https URL",
      },
    ),
  statusCode: z.union([z.literal(301), z.literal(302)]).default(301),
});

export type CreateRedirectRule = z.infer<typeof createRedirectRuleSchema>;
