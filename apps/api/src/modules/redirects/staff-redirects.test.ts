import { describe, expect, it } from "vitest";
import { createSession, createUser } from "@ems/db/factories";
import type { UserRole } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { listRedirectRules } from "./redirects-repository.ts";

const t = useTestApp();

async function tokenFor(role: UserRole) {
  const user = await createUser(t().db.db, { role });
  return (await createSession(t().db.db, { userId: user.id })).token;
}

const put = (token: string | null, payload: unknown) =>
  t().app.inject({
    method: "PUT",
    url: "/api/staff/redirect-rules",
    headers: token ? { authorization: `next ${token}` } : {},
    payload: payload as object,
  });

describe("staff redirect rules", () => {
  it("lets staff create, replace and delete a rule, which the public list shows at once", async () => {
    const staff = await tokenFor("staff");
    expect((await put(staff, { fromPath: "/catalogue", target: "/resources/downloads" })).statusCode).toBe(
      200,
    );
    expect(
      (
        await put(staff, { fromPath: "/catalogue", target: "/de/ressourcen/downloads", statusCode: 302 })
      ).json().data,
    ).toEqual({
      fromPath: "/catalogue",
      target: "/de/ressourcen/downloads",
      statusCode: 302,
    });
    const list = await t().app.inject({ method: "GET", url: "/api/redirect-rules" });
    expect(list.json().data).toContainEqual({
      fromPath: "/catalogue",
      target: "/de/ressourcen/downloads",
      statusCode: 302,
    });

    const removed = await t().app.inject({
      method: "DELETE",
      url: "/api/staff/redirect-rules",
      headers: { authorization: `next ${staff}` },
      payload: { fromPath: "/catalogue" },
    });
    expect(removed.statusCode).toBe(200);
    const again = await t().app.inject({
      method: "DELETE",
      url: "/api/staff/redirect-rules",
      headers: { authorization: `next ${staff}` },
      payload: { fromPath: "/catalogue" },
    });
    expect(again.statusCode).toBe(404);
  });

  it("refuses visitors (401) and customers (403), writing nothing", async () => {
    const before = (await listRedirectRules(t().db.db)).length;
    expect((await put(null, { fromPath: "/x", target: "/y" })).statusCode).toBe(401);
    // A customer company's admin (createUser's default company role).
    const customer = await tokenFor("customer");
    const res = await put(customer, { fromPath: "/x", target: "/y" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("FORBIDDEN");
    expect((await listRedirectRules(t().db.db)).length).toBe(before);
  });

  it("refuses open redirects and malformed rules with 400 and field, writing nothing", async () => {
    const staff = await tokenFor("staff_admin");
    const before = (await listRedirectRules(t().db.db)).length;
    for (const [payload, field] of [
      [{ fromPath: "/ok", target: "//evil.example" }, "target"],
      [{ fromPath: "/ok", target: "http://plain.example/" }, "target"],
      [{ fromPath: "//evil", target: "/x" }, "fromPath"],
      [{ fromPath: "/ok", target: "/x", statusCode: 307 }, "statusCode"],
      [{ fromPath: "/ok", target: "/x", owner: "me" }, "owner"],
      [{ target: "/x" }, "fromPath"],
    ] as const) {
      const res = await put(staff, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await listRedirectRules(t().db.db)).length).toBe(before);
  });
});
