import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { createAssemblySpec } from "@ems/db/assembly-factories";
import { createEngineeringQuery } from "@ems/db/engineering-query-factories";
import { createCompany, createPcbSpec, createSession, createUser, type CompanyRole } from "@ems/db/factories";
import { createSalesOrder } from "@ems/db/order-factories";
import {
  activityLog,
  assemblySpecVersions,
  bomLines,
  companyFiles,
  deliveryNotes,
  engineeringQueries,
  engineeringQueryMessages,
  mailOutbox,
  placementSets,
  salesOrderLines,
  storedFiles,
  workOrderStages,
} from "@ems/db/schema";
import { useTestApp } from "../../test/test-app.ts";

/**
 * Issue 21 points 1, 2 (badges) and 4: staff raise engineering queries on a specification version,
 * the customer answers, staff close or withdraw; an open query holds the orders built to its version
 * at their data check.
 */

const t = useTestApp({ RATE_LIMIT_MAX: "10000" });
const db = () => t().db.db;

type Auth = Record<string, string>;

const get = (auth: Auth, url: string) => t().app.inject({ method: "GET", url, headers: auth });
const post = (auth: Auth, url: string, payload: unknown) =>
  t().app.inject({ method: "POST", url, headers: auth, payload: payload as object });
const put = (auth: Auth, url: string, payload: unknown) =>
  t().app.inject({ method: "PUT", url, headers: auth, payload: payload as object });

async function signIn(companyId: string, companyRole: CompanyRole, role: "customer" | "staff" = "customer") {
  const user = await createUser(db(), { companyId, companyRole, role });
  const { token } = await createSession(db(), { userId: user.id });
  return { user, auth: { cookie: `session=${token}` } as Auth };
}

let operatorId: string | undefined;
async function staff() {
  operatorId ??= (await createCompany(db(), { name: "Lindqvar Elektronik GmbH", isOperator: true })).id;
  return (await signIn(operatorId, "admin", "staff")).auth;
}

/** A stored file of the company as an upload leaves it. */
async function fileOf(
  companyId: string,
  purpose: "query" | "share" | "gerber" = "query",
  name = "photo.jpg",
) {
  const sha256 = randomBytes(32).toString("hex");
  await db().insert(storedFiles).values({ sha256, size: 10 });
  const [row] = await db()
    .insert(companyFiles)
    .values({ companyId, sha256, name, mediaType: "image/jpeg", size: 10, purpose })
    .returning();
  return row!;
}

/** A customer company with an assembly (BOM and placements) on a PCB version, and its people. */
async function customer() {
  const company = await createCompany(db(), { name: `Nordwind ${randomBytes(3).toString("hex")}` });
  const engineer = await signIn(company.id, "engineer");
  const viewer = await signIn(company.id, "viewer");
  const pcb = await createPcbSpec(db(), { companyId: company.id });
  const assembly = await createAssemblySpec(db(), {
    companyId: company.id,
    pcbSpecVersionId: pcb.versions[0]!.id,
    bom: [
      { designators: ["D1", "D2"], value: "green", footprint: "0603" },
      { designators: ["U1"], value: "STM32", footprint: "LQFP-64" },
      { designators: ["TP1"], value: "TP", dnp: true },
    ],
  });
  const [placements] = await db()
    .insert(placementSets)
    .values({
      assemblyId: assembly.spec.id,
      sourceName: "pnp.csv",
      tool: "kicad",
      unit: "mm",
      panelCopies: 1,
      placements: [
        { row: 2, designator: "D1", x: 10, y: 5, rotation: 0, side: "top", mount: "smt" },
        { row: 3, designator: "FID1", x: 1, y: 1, rotation: 0, side: "top", mount: "smt" },
      ],
      problems: [],
    })
    .returning();
  await db()
    .update(assemblySpecVersions)
    .set({ placementSetId: placements!.id })
    .where(eq(assemblySpecVersions.id, assembly.version.id));
  const lines = await db()
    .select()
    .from(bomLines)
    .where(eq(bomLines.bomVersionId, assembly.bomVersion!.id))
    .orderBy(bomLines.position);
  return { company, engineer, viewer, pcb, assembly, lines };
}

type Customer = Awaited<ReturnType<typeof customer>>;

const raiseBody = (c: Customer, changes: object = {}) => ({
  assembly_spec_version_id: c.assembly.version.id,
  title: "D1 polarity: silkscreen and footprint disagree",
  description: "The silkscreen marks the cathode on pad 2, the footprint library on pad 1. Which is right?",
  location: {
    designators: ["d1", "D1", "fid1"],
    bom_line_ids: [c.lines[0]!.id],
    points: [{ side: "top", x_mm: 10.5, y_mm: 5.25 }],
  },
  options: ["Rotate D1 by 180°", "Keep as drawn"],
  ...changes,
});

interface Detail {
  id: string;
  number: string;
  title: string;
  status: string;
  version: number;
  age_days: number;
  company_name: string;
  subject: { kind: string; number: string; version: number };
  location: { designators: string[]; bom_line_ids: string[] };
  options: string[];
  orders: { order_id: string; number: string; line_positions: number[] }[];
  messages: {
    kind: string;
    side: string;
    option: string | null;
    option_index: number | null;
    body: string | null;
    attachments: { id: string; name: string }[];
  }[];
}

async function raise(staffAuth: Auth, c: Customer, changes: object = {}): Promise<Detail> {
  const response = await post(staffAuth, "/api/staff/engineering-queries", raiseBody(c, changes));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Detail;
}

const queryCount = async () => (await db().select({ n: count() }).from(engineeringQueries))[0]!.n;
const messageCount = async () => (await db().select({ n: count() }).from(engineeringQueryMessages))[0]!.n;
const actions = async (queryId: string) =>
  (
    await db()
      .select({ action: activityLog.action })
      .from(activityLog)
      .where(eq(activityLog.subjectId, queryId))
      .orderBy(activityLog.createdAt)
  ).map((row) => row.action);

describe("raising a query", () => {
  it("pins it to the version's designators, BOM lines and points, numbered EQ-<year>-<serial>", async () => {
    const staffAuth = await staff();
    const c = await customer();
    const photo = await fileOf(c.company.id);
    const query = await raise(staffAuth, c, { attachment_ids: [photo.id] });
    expect(query.number).toMatch(/^EQ-\d{4}-\d{5}$/);
    expect(query).toMatchObject({
      status: "open",
      version: 1,
      age_days: 0,
      company_name: c.company.name,
      subject: { kind: "assembly", number: c.assembly.spec.number, version: 1 },
      location: { designators: ["D1", "FID1"], bom_line_ids: [c.lines[0]!.id] },
      options: ["Rotate D1 by 180°", "Keep as drawn"],
      orders: [],
    });
    expect(query.messages).toEqual([
      expect.objectContaining({
        kind: "question",
        side: "staff",
        body: raiseBody(c).description,
        attachments: [expect.objectContaining({ id: photo.id, name: "photo.jpg", deleted: false })],
      }),
    ]);
    expect(await actions(query.id)).toEqual(["query.raised"]);

    // The customer reads it, counts it and sees it on the desk; staff see it on their home.
    const detail = await get(c.engineer.auth, `/api/engineering-queries/${query.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.messages).toHaveLength(1);
    expect((await get(c.viewer.auth, "/api/engineering-queries/counts")).json().data).toEqual({
      open: 1,
      answered: 0,
    });
    const desk = (await get(c.viewer.auth, "/api/desk")).json().data;
    expect(desk.counts.open_queries).toBe(1);
    expect(desk.open_queries).toEqual([expect.objectContaining({ id: query.id, number: query.number })]);
    const home = (await get(staffAuth, "/api/staff/home")).json().data;
    expect(home.engineering_queries.items).toContainEqual(
      expect.objectContaining({ id: query.id, company_name: c.company.name, age_days: 0 }),
    );
  });

  it("raises one on a PCB version with points only", async () => {
    const staffAuth = await staff();
    const c = await customer();
    const query = await raise(staffAuth, c, {
      assembly_spec_version_id: undefined,
      pcb_spec_version_id: c.pcb.versions[0]!.id,
      location: { points: [{ side: "bottom", x_mm: -1, y_mm: 2 }] },
      options: [],
    });
    expect(query.subject).toMatchObject({ kind: "pcb", number: c.pcb.spec.number });
    const designators = await post(
      staffAuth,
      "/api/staff/engineering-queries",
      raiseBody(c, {
        assembly_spec_version_id: undefined,
        pcb_spec_version_id: c.pcb.versions[0]!.id,
      }),
    );
    expect(designators.statusCode).toBe(400);
    expect(designators.json().field).toBe("location.designators");
  });

  it("refuses what is not the version's or the company's, and hostile input, writing nothing", async () => {
    const staffAuth = await staff();
    const c = await customer();
    const other = await customer();
    const theirFile = await fileOf(other.company.id);
    const gerber = await fileOf(c.company.id, "gerber");
    const deleted = await fileOf(c.company.id);
    await db().update(companyFiles).set({ deletedAt: new Date() }).where(eq(companyFiles.id, deleted.id));
    const before = [await queryCount(), await messageCount()];
    const location = (changes: object) => ({ location: { ...raiseBody(c).location, ...changes } });
    const cases: [number, string | null, object][] = [
      [400, "location.designators.1", location({ designators: ["D1", "R99"] })],
      [400, "location.designators.0", location({ designators: ["U1/../../etc"] })],
      [400, "location.designators.0", location({ designators: ["D1\u0000"] })],
      [400, "location.designators", location({ designators: Array.from({ length: 51 }, (_, i) => `R${i}`) })],
      [404, "location.bom_line_ids.0", location({ bom_line_ids: [other.lines[0]!.id] })],
      [400, "location.points.0.x_mm", location({ points: [{ side: "top", x_mm: 1e9, y_mm: 0 }] })],
      [400, "location.points.0.side", location({ points: [{ side: "inner", x_mm: 0, y_mm: 0 }] })],
      [404, "attachment_ids.0", { attachment_ids: [theirFile.id] }],
      [404, "attachment_ids.0", { attachment_ids: [deleted.id] }],
      [400, "attachment_ids.0", { attachment_ids: [gerber.id] }],
      [
        400,
        "attachment_ids",
        { attachment_ids: Array.from({ length: 11 }, () => "00000000-0000-4000-8000-000000000001") },
      ],
      [404, "assembly_spec_version_id", { assembly_spec_version_id: "00000000-0000-4000-8000-000000000009" }],
      [400, "assembly_spec_version_id", { pcb_spec_version_id: c.pcb.versions[0]!.id }],
      [400, "assembly_spec_version_id", { assembly_spec_version_id: undefined }],
      [400, "title", { title: "x".repeat(300) }],
      [400, "title", { title: "Line\nbreak" }],
      [400, "title", { title: "   " }],
      [400, "description", { description: "" }],
      [400, "options", { options: ["Keep", "keep"] }],
      [400, "options", { options: ["a", "b", "c", "d", "e", "f", "g"] }],
      [400, "options.0", { options: [""] }],
      [400, "company_id", { company_id: c.company.id }],
    ];
    for (const [status, field, changes] of cases) {
      const response = await post(staffAuth, "/api/staff/engineering-queries", raiseBody(c, changes));
      expect(response.statusCode, `${field} ${response.body}`).toBe(status);
      if (field) expect(response.json().field, response.body).toBe(field);
    }
    const notJson = await t().app.inject({
      method: "POST",
      url: "/api/staff/engineering-queries",
      headers: { ...staffAuth, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(notJson.statusCode).toBe(400);
    // Customers do not raise queries.
    const customerRaise = await post(c.engineer.auth, "/api/staff/engineering-queries", raiseBody(c));
    expect(customerRaise.statusCode).toBe(403);
    expect([await queryCount(), await messageCount()]).toEqual(before);
  });
});

describe("answering", () => {
  it("an option and a file answer it; another reply keeps it answered; every change is logged", async () => {
    const staffAuth = await staff();
    const c = await customer();
    const query = await raise(staffAuth, c);
    const drawing = await fileOf(c.company.id, "query", "d1-marking.pdf");
    const reply = await post(c.engineer.auth, `/api/engineering-queries/${query.id}/replies`, {
      expected_version: 1,
      option_index: 0,
      attachment_ids: [drawing.id],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const answered = reply.json().data as Detail & { answered_at: string };
    expect(answered).toMatchObject({ status: "answered", version: 2 });
    expect(answered.answered_at).not.toBeNull();
    expect(answered.messages[1]).toMatchObject({
      kind: "reply",
      side: "customer",
      option_index: 0,
      option: "Rotate D1 by 180°",
      body: null,
      attachments: [expect.objectContaining({ id: drawing.id })],
    });

    const again = await post(c.engineer.auth, `/api/engineering-queries/${query.id}/replies`, {
      expected_version: 2,
      body: "Also: D2 is drawn the same way.",
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({ status: "answered", version: 3 });
    expect((await get(c.viewer.auth, "/api/engineering-queries/counts")).json().data).toEqual({
      open: 0,
      answered: 1,
    });
    expect(await actions(query.id)).toEqual(["query.raised", "query.answered", "query.answered"]);
  });

  it("refuses readers, other companies, stale versions, bad options and foreign files", async () => {
    const staffAuth = await staff();
    const c = await customer();
    const other = await customer();
    const query = await raise(staffAuth, c);
    const url = `/api/engineering-queries/${query.id}/replies`;
    const before = await messageCount();

    expect((await post(c.viewer.auth, url, { expected_version: 1, body: "ok" })).statusCode).toBe(403);
    expect((await post(other.engineer.auth, url, { expected_version: 1, body: "ok" })).statusCode).toBe(404);
    expect((await get(other.engineer.auth, `/api/engineering-queries/${query.id}`)).statusCode).toBe(404);
    expect((await get(other.engineer.auth, "/api/engineering-queries")).json().data.items).toEqual([]);
    expect((await get(c.engineer.auth, "/api/engineering-queries/not-a-uuid")).statusCode).toBe(400);

    const theirFile = await fileOf(other.company.id);
    const cases: [number, string | null, object][] = [
      [409, null, { expected_version: 7, body: "ok" }],
      [400, "option_index", { expected_version: 1, option_index: 2 }],
      [400, "option_index", { expected_version: 1, option_index: -1 }],
      [400, "body", { expected_version: 1 }],
      [400, "body", { expected_version: 1, body: "" }],
      [400, "body", { expected_version: 1, body: "x".repeat(5_001) }],
      [404, "attachment_ids.0", { expected_version: 1, body: "see file", attachment_ids: [theirFile.id] }],
      [400, "expected_version", { body: "ok" }],
      [400, "status", { expected_version: 1, body: "ok", status: "closed" }],
    ];
    for (const [status, field, body] of cases) {
      const response = await post(c.engineer.auth, url, body);
      expect(response.statusCode, `${field} ${response.body}`).toBe(status);
      if (field) expect(response.json().field).toBe(field);
    }
    const stale = await post(c.engineer.auth, url, { expected_version: 7, body: "ok" });
    expect(stale.json().otherData).toMatchObject({ latest_version: 1 });
    expect(await messageCount()).toBe(before);
    expect((await get(c.engineer.auth, `/api/engineering-queries/${query.id}`)).json().data.status).toBe(
      "open",
    );
  });
});

describe("closing and withdrawing", () => {
  it("of two staff closing the same query the second gets 409; a closed query takes no replies", async () => {
    const staffAuth = await staff();
    const colleague = await staff();
    const c = await customer();
    const query = await raise(staffAuth, c);
    const [first, second] = await Promise.all([
      post(staffAuth, `/api/staff/engineering-queries/${query.id}/close`, {
        expected_version: 1,
        note: "Rotated as proposed.",
      }),
      post(colleague, `/api/staff/engineering-queries/${query.id}/close`, { expected_version: 1 }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const closed = (first.statusCode === 200 ? first : second).json().data as Detail;
    expect(closed).toMatchObject({ status: "closed", version: 2 });
    expect(closed.messages.map((m) => m.kind)).toEqual(["question", "closed"]);
    const before = await messageCount();
    const refused = [
      await post(c.engineer.auth, `/api/engineering-queries/${query.id}/replies`, {
        expected_version: 2,
        body: "Too late?",
      }),
      await post(staffAuth, `/api/staff/engineering-queries/${query.id}/replies`, {
        expected_version: 2,
        body: "Note",
      }),
      await post(staffAuth, `/api/staff/engineering-queries/${query.id}/withdraw`, { expected_version: 2 }),
      await post(staffAuth, `/api/staff/engineering-queries/${query.id}/close`, { expected_version: 2 }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409, 409]);
    expect(await messageCount()).toBe(before);
    expect(await actions(query.id)).toEqual(["query.raised", "query.closed"]);
  });

  it("staff comment without changing the status, then withdraw; unknown ids 404, customers 403", async () => {
    const staffAuth = await staff();
    const c = await customer();
    const query = await raise(staffAuth, c);
    const share = await fileOf(c.company.id, "share", "drawing.pdf");
    const comment = await post(staffAuth, `/api/staff/engineering-queries/${query.id}/replies`, {
      expected_version: 1,
      body: "The drawing of rev B shows it too.",
      attachment_ids: [share.id],
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(comment.json().data).toMatchObject({ status: "open", version: 2 });
    const withdrawn = await post(staffAuth, `/api/staff/engineering-queries/${query.id}/withdraw`, {
      expected_version: 2,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ status: "withdrawn", version: 3 });
    expect(await actions(query.id)).toEqual(["query.raised", "query.commented", "query.withdrawn"]);
    // The customer's people learn that nothing waits for their answer (the comment mailed nobody).
    const withdrawalMails = await db()
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "query_withdrawn"));
    expect(withdrawalMails.map((row) => row.to)).toContain(c.engineer.user.email);

    const missing = "00000000-0000-4000-8000-000000000042";
    for (const path of ["close", "withdraw", "replies"])
      expect(
        (
          await post(staffAuth, `/api/staff/engineering-queries/${missing}/${path}`, {
            expected_version: 1,
            ...(path === "replies" ? { body: "x" } : {}),
          })
        ).statusCode,
      ).toBe(404);
    expect((await get(staffAuth, `/api/staff/engineering-queries/${missing}`)).statusCode).toBe(404);
    expect((await post(staffAuth, `/api/staff/engineering-queries/${query.id}/close`, {})).statusCode).toBe(
      400,
    );
    expect(
      (
        await post(c.engineer.auth, `/api/staff/engineering-queries/${query.id}/close`, {
          expected_version: 3,
        })
      ).statusCode,
    ).toBe(403);
    expect((await get(c.engineer.auth, "/api/staff/engineering-queries")).statusCode).toBe(403);
  });
});

describe("the queue and the lists", () => {
  it("staff see every customer's, oldest first, with age, company and the orders held", async () => {
    const staffAuth = await staff();
    const c = await customer();
    const other = await customer();
    const old = await createEngineeringQuery(db(), {
      companyId: other.company.id,
      assemblySpecVersionId: other.assembly.version.id,
      title: "U1 pin 1 marking",
      createdAt: new Date(Date.now() - 5 * 24 * 60 * 60 * 1000),
    });
    const fresh = await raise(staffAuth, c);
    const { order, lines } = await createSalesOrder(db(), {
      companyId: other.company.id,
      stages: ["data_check", "smt", "shipped"],
    });
    await db()
      .update(salesOrderLines)
      .set({ assemblySpecVersionId: other.assembly.version.id })
      .where(eq(salesOrderLines.id, lines[0]!.id));

    const queue = (await get(staffAuth, "/api/staff/engineering-queries?status=open&page_size=100")).json()
      .data;
    const ids = queue.items.map((item: { id: string }) => item.id);
    expect(ids.indexOf(old.id)).toBeLessThan(ids.indexOf(fresh.id));
    expect(queue.items.find((item: { id: string }) => item.id === old.id)).toMatchObject({
      age_days: 5,
      company_name: other.company.name,
      orders: [{ order_id: order.id, number: order.number, line_positions: [1] }],
    });
    const one = (await get(staffAuth, `/api/staff/engineering-queries?company=${c.company.id}`)).json().data;
    expect(one.items.map((item: { id: string }) => item.id)).toEqual([fresh.id]);
    expect((await get(staffAuth, `/api/staff/engineering-queries/${old.id}`)).json().data.title).toBe(
      "U1 pin 1 marking",
    );

    const mine = (await get(c.viewer.auth, "/api/engineering-queries")).json().data;
    expect(mine.items.map((item: { id: string }) => item.id)).toEqual([fresh.id]);
    const search = (await get(c.viewer.auth, `/api/engineering-queries?q=${fresh.number}`)).json().data;
    expect(search.total).toBe(1);
    const byVersion = (
      await get(c.viewer.auth, `/api/engineering-queries?pcb_spec_version_id=${c.pcb.versions[0]!.id}`)
    ).json().data;
    expect(byVersion.total).toBe(0);
    const closedOnes = (await get(c.viewer.auth, "/api/engineering-queries?status=closed")).json().data;
    expect(closedOnes.total).toBe(0);
    expect((await get(c.viewer.auth, "/api/engineering-queries?status=lost")).statusCode).toBe(400);
    expect((await get(c.viewer.auth, "/api/engineering-queries?company=x")).statusCode).toBe(400);
  });

  it("narrows the customer's list to every version of one assembly, each with where it applies", async () => {
    const c = await customer();
    const other = await customer();
    // A second version of the assembly saved with the same BOM: its queries pin lines of that BOM too.
    const [second] = await db()
      .insert(assemblySpecVersions)
      .values({
        specId: c.assembly.spec.id,
        version: 2,
        fields: c.assembly.version.fields,
        bomVersionId: c.assembly.bomVersion!.id,
      })
      .returning();
    const onFirst = await createEngineeringQuery(db(), {
      companyId: c.company.id,
      assemblySpecVersionId: c.assembly.version.id,
      location: { designators: ["D1"], bom_line_ids: [c.lines[0]!.id] },
    });
    const onSecond = await createEngineeringQuery(db(), {
      companyId: c.company.id,
      assemblySpecVersionId: second!.id,
      location: { bom_line_ids: [c.lines[1]!.id] },
    });
    const onBoard = await createEngineeringQuery(db(), {
      companyId: c.company.id,
      pcbSpecVersionId: c.pcb.versions[0]!.id,
    });
    await createEngineeringQuery(db(), {
      companyId: other.company.id,
      assemblySpecVersionId: other.assembly.version.id,
    });

    const list = (
      await get(
        c.viewer.auth,
        `/api/engineering-queries?assembly_spec_id=${c.assembly.spec.id}&sort=number&dir=asc`,
      )
    ).json().data;
    expect(list.total).toBe(2);
    expect(list.items.map((item: { id: string }) => item.id)).toEqual([onFirst.id, onSecond.id]);
    expect(list.items[0].location).toEqual({
      designators: ["D1"],
      bom_line_ids: [c.lines[0]!.id],
      points: [],
    });
    expect(list.items[1].location.bom_line_ids).toEqual([c.lines[1]!.id]);
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(onBoard.id);
    const open = (
      await get(
        c.viewer.auth,
        `/api/engineering-queries?assembly_spec_id=${c.assembly.spec.id}&status=answered`,
      )
    ).json().data;
    expect(open.total).toBe(0);

    // Another company's assembly answers an empty list, as one that does not exist; a malformed id is a 400.
    const foreign = (
      await get(c.viewer.auth, `/api/engineering-queries?assembly_spec_id=${other.assembly.spec.id}`)
    ).json().data;
    expect(foreign).toMatchObject({ items: [], total: 0 });
    const bad = await get(c.viewer.auth, "/api/engineering-queries?assembly_spec_id=NW-420");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe("assembly_spec_id");
  });
});

describe("the order hold", () => {
  async function heldOrder(c: Customer, version: { assembly?: string; pcb?: string }) {
    const created = await createSalesOrder(db(), {
      companyId: c.company.id,
      stages: ["data_check", "smt", "shipped"],
      lines: [{ description: "Sensor board" }, { description: "Other board" }],
    });
    await db()
      .update(salesOrderLines)
      .set({ assemblySpecVersionId: version.assembly ?? null, pcbSpecVersionId: version.pcb ?? null })
      .where(eq(salesOrderLines.id, created.lines[0]!.id));
    return created;
  }

  const saveBody = (base: number, lineId: string, stages: object[]) => ({
    base_version: base,
    lines: [{ line_id: lineId, stages }],
    hold: null,
  });

  it("an open query keeps the line at its data check until the customer answers", async () => {
    const staffAuth = await staff();
    const c = await customer();
    const { order, lines } = await heldOrder(c, { assembly: c.assembly.version.id });
    const query = await raise(staffAuth, c);
    const progressUrl = `/api/staff/orders/${order.id}/progress`;

    const progress = (await get(c.viewer.auth, `/api/orders/${order.id}/progress`)).json().data;
    expect(progress.waiting_for_answer).toEqual([
      { query_id: query.id, number: query.number, title: query.title, line_ids: [lines[0]!.id] },
    ]);
    expect((await get(staffAuth, `/api/staff/engineering-queries/${query.id}`)).json().data.orders).toEqual([
      expect.objectContaining({ order_id: order.id, line_positions: [1] }),
    ]);

    const refusals = [
      saveBody(0, lines[0]!.id, [{ stage: "data_check", percent: 100, planned_date: null }]),
      saveBody(0, lines[0]!.id, [{ stage: "smt", percent: 10, planned_date: null }]),
    ];
    for (const body of refusals) {
      const refused = await put(staffAuth, progressUrl, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain(query.number);
      expect(refused.json().otherData).toMatchObject({ line_id: lines[0]!.id, queries: [query.number] });
    }
    const stage = await db()
      .select()
      .from(workOrderStages)
      .where(and(eq(workOrderStages.orderLineId, lines[0]!.id), eq(workOrderStages.stage, "data_check")));
    expect(stage[0]!.percent).toBe(0);
    // Nor can the order's status move it on.
    const started = await put(staffAuth, `/api/staff/orders/${order.id}/status`, { status: "in_production" });
    expect(started.statusCode).toBe(409);
    expect(started.json().otherData).toEqual({ queries: [query.number] });
    // Nor can a delivery note ship the held line; nothing is written.
    const shipped = await post(staffAuth, "/api/staff/deliveries", {
      order_id: order.id,
      carrier: "DHL Express",
      lines: [{ order_line_id: lines[0]!.id, quantity: 1 }],
    });
    expect(shipped.statusCode, shipped.body).toBe(409);
    expect(shipped.json().otherData).toEqual({ queries: [query.number] });
    expect(
      await db().select({ n: count() }).from(deliveryNotes).where(eq(deliveryNotes.orderId, order.id)),
    ).toEqual([{ n: 0 }]);

    // Work on the data check itself, a plan and the other line go on.
    const partial = await put(staffAuth, progressUrl, {
      base_version: 0,
      lines: [
        { line_id: lines[0]!.id, stages: [{ stage: "data_check", percent: 50, planned_date: "2030-01-10" }] },
        { line_id: lines[1]!.id, stages: [{ stage: "smt", percent: 40, planned_date: null }] },
      ],
      hold: null,
    });
    expect(partial.statusCode, partial.body).toBe(200);

    const answer = await post(c.engineer.auth, `/api/engineering-queries/${query.id}/replies`, {
      expected_version: 1,
      option_index: 1,
    });
    expect(answer.statusCode).toBe(201);
    const released = await put(
      staffAuth,
      progressUrl,
      saveBody(1, lines[0]!.id, [{ stage: "data_check", percent: 100, planned_date: null }]),
    );
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().data.waiting_for_answer).toEqual([]);
    // The work saved on the other line started production meanwhile.
    expect(released.json().data.status).toBe("in_production");
  });

  it("a query on a PCB version holds the assembly lines built on it", async () => {
    const staffAuth = await staff();
    const c = await customer();
    const { order, lines } = await heldOrder(c, { assembly: c.assembly.version.id });
    const query = await raise(staffAuth, c, {
      assembly_spec_version_id: undefined,
      pcb_spec_version_id: c.pcb.versions[0]!.id,
      location: {},
    });
    const progress = (await get(staffAuth, `/api/staff/orders/${order.id}/progress`)).json().data;
    expect(progress.waiting_for_answer).toEqual([
      expect.objectContaining({ query_id: query.id, line_ids: [lines[0]!.id] }),
    ]);
    const withdrawn = await post(staffAuth, `/api/staff/engineering-queries/${query.id}/withdraw`, {
      expected_version: 1,
      note: "Raised on the wrong revision.",
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(
      (await get(staffAuth, `/api/staff/orders/${order.id}/progress`)).json().data.waiting_for_answer,
    ).toEqual([]);
  });
});
