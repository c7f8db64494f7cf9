import { describe, expect, it } from "vitest";
import { createTestApp, useTestApp } from "../../test/test-app.ts";

const t = useTestApp();

describe("GET /api/health", () => {
  it("answers the envelope with status 200", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 200,
      message: "OK",
      error: null,
      field: null,
      data: { status: "ok" },
    });
    expect(typeof body.data.uptimeSeconds).toBe("number");
  });

  it("rejects an unknown method with the envelope", async () => {
    const res = await t().app.inject({ method: "DELETE", url: "/api/health" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("NOT_FOUND");
  });
});

describe("GET /api/ready", () => {
  it("reports the database as up", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "ready", database: "up" });
  });

  it("answers 503 when the database is gone", async () => {
    const broken = await createTestApp();
    await broken.db.close();
    const res = await broken.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 503, error: "NOT_READY", data: null });
    await broken.app.close();
  });
});
