import { z } from "zod";
import { defineEndpoints, PUBLIC, STAFF } from "./endpoints.ts";
import { REDIRECT_RULES_PATH } from "./public-paths.ts";
import { safeRedirectTarget } from "./safe-paths.ts";

/** A rule may send to a local path or to any https URL the operator names (on that URL's own origin). */
function isRuleTarget(target: string): boolean {
  if (target.startsWith("/")) return safeRedirectTarget(target) !== null;
  if (!/^https:\/\/[^/]/i.test(target)) return false;
  try {
    return safeRedirectTarget(target, [new URL(target).origin]) !== null;
  } catch {
    return false;
  }
}

/** A redirect rule of the operator's table (consulted for every path, docs/behaviour/public-site.md#redirect-rules). */
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
    .refine(isRuleTarget, { message: "must be a local path or an https URL" }),
  statusCode: z.union([z.literal(301), z.literal(302)]).default(301),
});

export type CreateRedirectRule = z.infer<typeof createRedirectRuleSchema>;

export const redirectEndpoints = defineEndpoints("redirects", {
  list: {
    method: "GET",
    path: REDIRECT_RULES_PATH,
    summary: "All redirect rules: path → target with status 301 or 302",
    access: PUBLIC,
    query: z.strictObject({}),
    response: redirectRuleListSchema,
    caching: { public: 60 },
  },
});

export const staffRedirectEndpoints = defineEndpoints("staff", {
  save: {
    method: "PUT",
    path: "/api/staff/redirect-rules",
    summary: "Create or replace the rule for a path",
    access: STAFF,
    body: createRedirectRuleSchema,
    response: redirectRuleSchema,
    caching: "private",
  },
  remove: {
    method: "DELETE",
    path: "/api/staff/redirect-rules",
    summary: "Delete the rule for a path",
    access: STAFF,
    body: z.strictObject({ fromPath: redirectFromPathSchema }),
    response: z.null(),
    errors: [404],
    caching: "private",
  },
});
