import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createSession, createUser } from "@ems/db/factories";
import { useTestApp } from "../../test/test-app.ts";
import { listActivity } from "./activity-repository.ts";
import { ACTIVITY_ACTIONS, recordActivity } from "./activity-service.ts";

const t = useTestApp();

async function admin(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t().db.db, overrides);
  const { token } = await createSession(t().db.db, { userId: user.id });
  const get = (url: string) =>
    t().app.inject({ method: "GET", url, headers: { cookie: `session=${token}` } });
  return { user, get };
}

describe("activity log", () => {
  it("lists the company's system and user entries, newest first, filtered and paginated", async () => {
    const a = await admin({ firstName: "Ana", lastName: "Admin" });
    const other = await admin();
    const actor = { id: a.user.id, name: "Ana Admin" };
    for (let i = 0; i < 12; i++)
      await recordActivity(t().db.db, {
        action: i % 2 ? "auth.login" : "auth.login_failed",
        companyId: a.user.companyId,
        actor,
      });
    await recordActivity(t().db.db, {
      action: "profile.updated",
      companyId: a.user.companyId,
      actor,
      subject: { type: "user", id: a.user.id },
    });
    await recordActivity(t().db.db, {
      action: "auth.login",
      companyId: other.user.companyId,
      actor: { id: other.user.id, name: "Someone Else" },
    });

    const page1 = (await a.get("/api/activity/system-logs?page_size=10")).json().data;
    expect(page1.total).toBe(12);
    expect(page1.items).toHaveLength(10);
    const times = page1.items.map((i: { created_at: string }) => i.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = (await a.get("/api/activity/system-logs?page_size=10&page=2")).json().data;
    expect(page2.items).toHaveLength(2);

    const logins = (await a.get("/api/activity/system-logs?action=auth.login")).json().data;
    expect(logins.total).toBe(6);
    expect(logins.items.every((i: { action: string }) => i.action === "auth.login")).toBe(true);

    const userLog = (await a.get("/api/activity/user-logs")).json().data;
    expect(userLog.items.map((i: { action: string }) => i.action)).toEqual(["profile.updated"]);

    expect((await a.get("/api/activity/system-logs?q=Someone")).json().data.total).toBe(0);
    expect((await a.get("/api/activity/system-logs?q=Ana")).json().data.total).toBe(12);
    expect((await a.get("/api/activity/system-logs?q=%25")).json().data.total).toBe(0);
    expect((await a.get("/api/activity/system-logs?q=_")).json().data.total).toBe(0);
    expect((await a.get("/api/activity/system-logs?q=A_a")).json().data.total).toBe(0);
    expect((await a.get("/api/activity/system-logs?q='%20OR%201%3D1%20--")).json().data.total).toBe(0);
    expect((await a.get(`/api/activity/user-logs?q=${a.user.id.slice(0, 8)}`)).json().data.total).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await a.get(`/api/activity/system-logs?from=${today}&to=${today}`)).json().data.total).toBe(12);
    expect((await a.get("/api/activity/system-logs?to=2020-01-01")).json().data.total).toBe(0);

    expect((await a.get(`/api/activity/system-logs?actor_user_id=${a.user.id}`)).json().data.total).toBe(12);
    // Another company's user is simply not found among this company's entries.
    const foreign = await a.get(`/api/activity/system-logs?actor_user_id=${other.user.id}`);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json().data).toMatchObject({ items: [], total: 0 });
  });

  it("never shows one company's entries to another company's administrator", async () => {
    const a = await admin();
    const b = await admin();
    await recordActivity(t().db.db, {
      action: "auth.login",
      companyId: a.user.companyId,
      actor: { id: a.user.id, name: "Ana" },
    });
    await recordActivity(t().db.db, {
      action: "profile.updated",
      companyId: a.user.companyId,
      actor: { id: a.user.id, name: "Ana" },
      subject: { type: "user", id: a.user.id },
    });
    await recordActivity(t().db.db, {
      action: "auth.login",
      companyId: b.user.companyId,
      actor: { id: b.user.id, name: "Ben" },
    });
    for (const kind of ["system", "user"]) {
      const res = await b.get(`/api/activity/${kind}-logs?q=Ana`);
      expect(res.json().data.total, kind).toBe(0);
      const all = (await b.get(`/api/activity/${kind}-logs`)).json().data.items as {
        actor: { id: string };
      }[];
      expect(
        all.every((item) => item.actor.id === b.user.id),
        kind,
      ).toBe(true);
    }
    expect((await b.get("/api/activity/system-logs")).json().data.total).toBe(1);
    // Query parameters cannot widen the scope.
    const widened = await b.get(`/api/activity/system-logs?company_id=${a.user.companyId}`);
    expect(widened.statusCode).toBe(400);
  });

  it("counts at most ACTIVITY_MAX_ROWS entries and pages no further", async () => {
    const a = await admin();
    for (let i = 0; i < 7; i++)
      await recordActivity(t().db.db, { action: "auth.login", companyId: a.user.companyId, actor: null });
    const capped = await listActivity(t().db.db, {
      companyId: a.user.companyId,
      kind: "system",
      limit: 10,
      offset: 0,
      maxRows: 5,
    });
    expect(capped.rows).toHaveLength(7);
    expect(capped.total).toBe(5);
    expect((await a.get("/api/activity/system-logs?page=400&page_size=25")).statusCode).toBe(200);
    const beyond = await a.get("/api/activity/system-logs?page=401&page_size=25");
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().field).toBe("page");
    expect((await a.get("/api/activity/system-logs?page=100&page_size=100")).statusCode).toBe(200);
    expect((await a.get("/api/activity/system-logs?page=101&page_size=100")).statusCode).toBe(400);
  });

  it("has an English label for every action", () => {
    const labels = JSON.parse(
      readFileSync(new URL("../../../../../content/locales/en/activity.json", import.meta.url), "utf8"),
    ) as Record<string, string>;
    for (const action of Object.keys(ACTIVITY_ACTIONS))
      expect(labels[`activity.action.${action}`], action).toBeTruthy();
  });

  it("is for company administrators only", async () => {
    for (const companyRole of ["buyer", "engineer", "finance", "viewer"] as const) {
      const u = await admin({ companyRole });
      expect((await u.get("/api/activity/system-logs")).statusCode, companyRole).toBe(403);
    }
    for (const role of ["staff", "staff_admin"] as const) {
      const staff = await admin({ role });
      expect((await staff.get("/api/activity/user-logs")).statusCode, role).toBe(403);
      expect((await staff.get("/api/activity/system-logs")).statusCode, role).toBe(403);
    }
    expect((await t().app.inject({ method: "GET", url: "/api/activity/system-logs" })).statusCode).toBe(401);
  });

  it("refuses malformed and hostile queries with the field", async () => {
    const a = await admin();
    for (const [query, field] of [
      ["page=0", "page"],
      ["page_size=500", "page_size"],
      ["action=' or 1=1 --", "action"],
      ["action=quote.accepted", "action"],
      ["action=auth.login&action=auth.logout", "action"],
      ["page=abc", "page"],
      ["page_size=9", "page_size"],
      ["actor_user_id=1", "actor_user_id"],
      ["from=2026-02-30", "from"],
      ["from=2026-03-02&to=2026-03-01", "to"],
      ["to=2026-01-01T00:00:00Z", "to"],
      ["from=yesterday", "from"],
      [`q=${"x".repeat(101)}`, "q"],
      ["company_id=abc", "company_id"],
    ]) {
      const res = await a.get(`/api/activity/system-logs?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  it("is append-only in the database", async () => {
    const a = await admin();
    const entry = await recordActivity(t().db.db, {
      action: "auth.login",
      companyId: a.user.companyId,
      actor: null,
    });
    await expect(
      t().db.db.execute(sql`update activity_log set action = 'x' where id = ${entry.id}`),
    ).rejects.toThrow();
    await expect(t().db.db.execute(sql`delete from activity_log where id = ${entry.id}`)).rejects.toThrow();
  });
});
