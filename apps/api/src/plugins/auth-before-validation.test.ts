import { describe, expect, it } from "vitest";
import { createCompany, createSession, createUser } from "@ems/db/factories";
import { ERROR_CODES } from "@ems/contracts/errors";
import { useTestApp } from "../test/test-app.ts";

const t = useTestApp();

/**
 * The operations anyone may call. Every other operation of the OpenAPI document needs a session, and
 * a new public route must be added here on purpose.
 */
const PUBLIC = new Set([
  "POST /api/auth/captcha/generate",
  "POST /api/auth/captcha/validate",
  "POST /api/auth/login",
  "POST /api/auth/verify",
  "POST /api/auth/reset-password",
  "POST /api/auth/reset-password/validate",
  "POST /api/auth/update-password",
  "POST /api/contact",
  "GET /api/countries",
  "GET /api/dev/outbox",
  "GET /api/dev/outbox/{id}/attachments/{attachment}",
  "GET /api/geolocation",
  "GET /api/health",
  "GET /api/ready",
  "POST /api/invitations/accept",
  "GET /api/invitations/{token}",
  "GET /api/knowledge-base/articles",
  "GET /api/knowledge-base/articles/{slug}",
  "GET /api/knowledge-base/categories",
  "GET /api/languages",
  "POST /api/languages",
  "GET /api/redirect-rules",
  "POST /api/register",
  "POST /api/register/email-availability",
  "POST /api/register/resend",
  "POST /api/register/verify",
  "POST /api/register/verify-link",
  "GET /api/resources/capability-sheet.pdf",
  "GET /api/resources/design-rule-checklist.pdf",
]);

interface Operation {
  method: string;
  path: string;
  tags: string[];
}

async function operations(): Promise<Operation[]> {
  const res = await t().app.inject({ method: "GET", url: "/api/openapi.json" });
  const doc = res.json() as { paths: Record<string, Record<string, { tags?: string[] }>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, tags: op.tags ?? [] })),
  );
}

/** A request whose body and query no schema accepts: unknown keys, a NUL, a wrong type. */
function hostile(op: Operation, headers: Record<string, string> = {}) {
  const url = op.path.replace(/\{[^}]+\}/g, "not-an-id\u0000") + "?zz_unknown=%00";
  const body = op.method === "GET" ? undefined : { zz_unknown: "\u0000", id: 42, pwd: [] };
  return t().app.inject({
    method: op.method as "GET",
    url: encodeURI(url).replace(/%25/g, "%"),
    headers: { ...headers, ...(body ? { "content-type": "application/json" } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
}

describe("authentication guards run before validation", () => {
  it("answers 401 to a visitor on every signed-in operation, whatever the body or query", async () => {
    const guarded = (await operations()).filter((op) => !PUBLIC.has(`${op.method} ${op.path}`));
    expect(guarded.length).toBeGreaterThan(80);
    for (const op of guarded) {
      const res = await hostile(op);
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(401);
      expect(res.json().error, `${op.method} ${op.path}`).toBe(ERROR_CODES.unauthorized);
      expect(res.body, `${op.method} ${op.path}`).not.toMatch(/zz_unknown|Unknown property|is required/);
    }
  });

  it("answers 403 to a customer on every staff operation before looking at the body", async () => {
    const company = await createCompany(t().db.db);
    const user = await createUser(t().db.db, { companyId: company.id, companyRole: "admin" });
    const { token } = await createSession(t().db.db, { userId: user.id });
    const staff = (await operations()).filter((op) => op.path.startsWith("/api/staff/"));
    expect(staff.length).toBeGreaterThan(20);
    for (const op of staff) {
      const res = await hostile(op, { cookie: `session=${token}` });
      expect(res.statusCode, `${op.method} ${op.path}: ${res.body}`).toBe(403);
      expect(res.body, `${op.method} ${op.path}`).not.toMatch(/zz_unknown|Unknown property|is required/);
    }
  });
});
