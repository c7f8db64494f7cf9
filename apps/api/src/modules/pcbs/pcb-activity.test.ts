import { describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";

import { PCB_SPEC_DEFAULTS } from "@ems/contracts/pcb-spec";
import { activityLog } from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";
import { quoteTestKit } from "../quotes/quote-test-helpers.ts";

/** The company's activity log records what people do with PCB specifications. */

const t = useTestApp({ RATE_LIMIT_MAX: "10000" });
const kit = quoteTestKit(t);
const db = () => t().db.db;

const fields = (overrides: Record<string, unknown> = {}) => ({
  ...PCB_SPEC_DEFAULTS,
  name: "Motor controller",
  revision: "B",
  width_mm: 80,
  height_mm: 60,
  ...overrides,
});

async function entries(companyId: string) {
  return db()
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.companyId, companyId), eq(activityLog.kind, "user")))
    .orderBy(asc(activityLog.createdAt));
}

describe("the activity log of PCB specifications", () => {
  it("records creating, saving a version, duplicating, archiving and restoring, each once", async () => {
    const { company, admin } = await kit.customerCompany();
    const created = await admin.call("POST", "/api/pcbs", { fields: fields() });
    expect(created.statusCode, created.body).toBe(201);
    const spec = created.json().data as { id: string; number: string };
    await admin.call("POST", `/api/pcbs/${spec.id}/versions`, {
      base_version: 1,
      fields: fields({ revision: "C" }),
    });
    // A refused save (based on an old version) writes no entry.
    const stale = await admin.call("POST", `/api/pcbs/${spec.id}/versions`, {
      base_version: 1,
      fields: fields(),
    });
    expect(stale.statusCode).toBe(409);
    const copy = (await admin.call("POST", `/api/pcbs/${spec.id}/duplicate`, {})).json().data as {
      id: string;
      number: string;
    };
    await admin.call("POST", `/api/pcbs/${spec.id}/archive`, {});
    await admin.call("POST", `/api/pcbs/${spec.id}/archive`, {});
    await admin.call("POST", `/api/pcbs/${spec.id}/restore`, {});

    const log = (await entries(company.id)).filter((entry) => entry.action.startsWith("pcb."));
    expect(log.map((entry) => [entry.action, entry.subjectId, entry.details])).toEqual([
      ["pcb.created", spec.id, { label: spec.number, name: "Motor controller" }],
      ["pcb.version_saved", spec.id, { label: spec.number, version: 2 }],
      ["pcb.created", copy.id, { label: copy.number, name: "Motor controller", copied_from: spec.number }],
      ["pcb.archived", spec.id, { label: spec.number }],
      ["pcb.restored", spec.id, { label: spec.number }],
    ]);
    expect(
      log.every((entry) => entry.actorUserId === admin.user.id && entry.subjectType === "pcb_spec"),
    ).toBe(true);
  });
});
