import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";

import { createPcbSpec } from "@ems/db/factories";
import { pdfText } from "@ems/testing/pdf-text";
import { pcbSpecVersions, quoteLines, quotes } from "@ems/db/schema";
import { TERMS_VERSION } from "../documents/document-texts.ts";
import { useTestApp } from "../../test/test-app.ts";
import { quoteTestKit } from "./quote-test-helpers.ts";

/**
 * Quote and order lines that refer to PCB specification versions (issue 17, point 7): the reference
 * is checked against the company, frozen, shown to the customer and to staff, kept when staff price
 * the request, and the order marks the version as ordered.
 */

const t = useTestApp({ RATE_LIMIT_MAX: "10000", PUBLIC_URL: "https://portal.example.test" });
const kit = quoteTestKit(t);
const db = () => t().db.db;

const SHA = "a".repeat(64);
/** PDF text with its line breaks and spacing made plain, to find a phrase that wrapped. */
const flat = (text: string) => text.replace(/\s+/g, " ");
const ANALYSIS = {
  board: { layers: 2 },
  dfm: {
    findings: [
      { rule: "track-width", severity: "error" },
      { rule: "clearance", severity: "error" },
      { rule: "copper-to-edge", severity: "warning" },
      { rule: "silkscreen-on-pad", severity: "info" },
    ],
    omitted: [],
    skipped: [],
  },
};

const request = (versionId: string | undefined, extra: Record<string, unknown> = {}) => ({
  title: "Motor controller boards",
  lines: [
    { category: "assemblies", description: "Controller assembly", quantities: [50] },
    {
      category: "pcb",
      description: "Bare boards",
      quantities: [100, 500],
      ...(versionId ? { pcb_spec_version_id: versionId } : {}),
      ...extra,
    },
  ],
});

async function versionRow(id: string) {
  const [row] = await db().select().from(pcbSpecVersions).where(eq(pcbSpecVersions.id, id));
  return row!;
}

/** A company with an administrator and a specification of two versions, the second analysed. */
async function setup() {
  const { company, admin, address } = await kit.customerCompany();
  const { spec, versions } = await createPcbSpec(db(), {
    companyId: company.id,
    fields: { name: "Motor controller", revision: "C", layers: 4 },
    versions: [{}, { revision: "D" }],
    version: { analysisStatus: "done", analysis: ANALYSIS, previewTopSha256: SHA },
  });
  return { company, admin, address, spec, first: versions[0]!, latest: versions[1]! };
}

describe("quote requests that refer to a PCB specification", () => {
  it("stores the reference, freezes the version and shows it on the line", async () => {
    const s = await setup();
    const res = await s.admin.call("POST", "/api/quotes", request(s.latest.id));
    expect(res.statusCode, res.body).toBe(201);
    const quote = res.json().data;
    expect(quote.lines[0].pcb_spec).toBeNull();
    expect(quote.lines[1].pcb_spec).toEqual({
      spec_id: s.spec.id,
      version_id: s.latest.id,
      number: s.spec.number,
      version: 2,
      name: "Motor controller",
      revision: "D",
      layers: 4,
      width_mm: 100,
      height_mm: 80,
      has_gerber: false,
      analysis_status: "done",
      dfm_errors: 2,
      dfm_warnings: 1,
      preview_top_url: `/api/pcbs/${s.spec.id}/versions/2/preview/top`,
    });
    expect(await versionRow(s.latest.id)).toMatchObject({ frozenReason: "quote" });
    expect((await versionRow(s.first.id)).frozenAt).toBeNull();

    const read = (await s.admin.call("GET", `/api/quotes/${quote.id}`)).json().data;
    expect(read.lines[1].pcb_spec.version_id).toBe(s.latest.id);
  });

  it("answers 404 for another company's version and 400 for a malformed one, writing nothing", async () => {
    const s = await setup();
    const other = await setup();
    const before = await kit.rows(quotes);
    const foreign = await s.admin.call("POST", "/api/quotes", request(other.latest.id));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: 404, error: "NOT_FOUND" });
    expect(foreign.json().field).toBe("lines.1.pcb_spec_version_id");
    expect((await versionRow(other.latest.id)).frozenAt).toBeNull();

    for (const bad of ["not-a-uuid", 42, null, "00000000-0000-4000-8000-000000000000"]) {
      const res = await s.admin.call("POST", "/api/quotes", request(undefined, { pcb_spec_version_id: bad }));
      expect(res.statusCode, String(bad)).toBe(bad === "00000000-0000-4000-8000-000000000000" ? 404 : 400);
    }
    expect(await kit.rows(quotes)).toBe(before);
  });

  it("refuses a version of an archived specification with 409 and writes nothing", async () => {
    const s = await setup();
    await s.admin.call("POST", `/api/pcbs/${s.spec.id}/archive`, {});
    const before = await kit.rows(quoteLines);
    const res = await s.admin.call("POST", "/api/quotes", request(s.latest.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("CONFLICT");
    expect(await kit.rows(quoteLines)).toBe(before);
    expect((await versionRow(s.latest.id)).frozenAt).toBeNull();
  });
});

describe("staff pricing a request that refers to a specification", () => {
  const priced = (versionId?: string) => ({
    category: "pcb",
    description: "Bare boards",
    lead_time_days: 12,
    engineering_cost_minor: 5_000,
    tiers: [{ quantity: 100, unit_price_minor: 420 }],
    ...(versionId ? { pcb_spec_version_id: versionId } : {}),
  });

  it("shows staff the specification with their own links and keeps the reference when pricing", async () => {
    const s = await setup();
    const staff = await kit.staff();
    const quote = (await s.admin.call("POST", "/api/quotes", request(s.latest.id))).json().data;

    const detail = (await staff.call("GET", `/api/staff/quotes/${quote.id}`)).json().data;
    expect(detail.lines[1].pcb_spec).toMatchObject({
      number: s.spec.number,
      dfm_errors: 2,
      preview_top_url: `/api/staff/pcbs/${s.spec.id}/versions/2/preview/top`,
    });

    const saved = await staff.call("PUT", `/api/staff/quotes/${quote.id}/lines`, {
      lines: [priced(s.latest.id), priced()],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved
        .json()
        .data.lines.map((line: { pcb_spec: { version: number } | null }) => line.pcb_spec?.version ?? null),
    ).toEqual([2, null]);

    // The quote's PDF names the specification version under the line's description.
    const pdf = await staff.call("GET", `/api/staff/quotes/${quote.id}/pdf?language=en`);
    expect(pdf.statusCode).toBe(200);
    expect(flat(await pdfText(pdf.rawPayload))).toContain(`PCB specification ${s.spec.number}, version 2`);

    // Staff may also name another version of the same company's specification.
    const older = await staff.call("PUT", `/api/staff/quotes/${quote.id}/lines`, {
      lines: [priced(s.first.id)],
    });
    expect(older.json().data.lines[0].pcb_spec.version).toBe(1);
    expect(await versionRow(s.first.id)).toMatchObject({ frozenReason: "quote" });
  });

  it("refuses another company's version (404) and changes no line", async () => {
    const s = await setup();
    const other = await setup();
    const staff = await kit.staff();
    const quote = (await s.admin.call("POST", "/api/quotes", request(s.latest.id))).json().data;
    const res = await staff.call("PUT", `/api/staff/quotes/${quote.id}/lines`, {
      lines: [priced(s.latest.id), priced(other.latest.id)],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("NOT_FOUND");
    const lines = await db().select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id));
    expect(lines.map((line) => line.engineeringCostMinor)).toEqual([0, 0]);
    expect((await versionRow(other.latest.id)).frozenAt).toBeNull();

    const create = await staff.call("POST", "/api/staff/quotes", {
      company_id: s.company.id,
      title: "Boards for another company",
      currency: "EUR",
      valid_until: "2999-01-01",
      lines: [priced(other.latest.id)],
    });
    expect(create.statusCode).toBe(404);
  });
});

describe("ordering a line that refers to a specification", () => {
  it("marks the version as ordered and shows it on the order's line", async () => {
    const s = await setup();
    const parcel = await kit.parcelService({ priceMinor: 900 });
    const { quote, lines } = await kit.openQuote({
      companyId: s.company.id,
      lines: [
        { category: "pcb", pcbSpecVersionId: s.latest.id, tiers: [{ quantity: 100, unit_price_minor: 420 }] },
        { tiers: [{ quantity: 10, unit_price_minor: 9_900 }] },
      ],
    });
    const placed = await s.admin.call("POST", "/api/orders", {
      quote_id: quote.id,
      lines: [
        { line_id: lines[0]!.id, quantity: 100 },
        { line_id: lines[1]!.id, quantity: 10 },
      ],
      po_number: "PO-77",
      billing_address_id: s.address.id,
      shipping_address_id: s.address.id,
      parcel_service_id: parcel.id,
      terms_version: TERMS_VERSION,
      accept_terms: true,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await versionRow(s.latest.id)).toMatchObject({ frozenReason: "order" });
    // The specification lists where it is used: the order and the quote, newest first.
    const spec = (await s.admin.call("GET", `/api/pcbs/${s.spec.id}`)).json().data;
    expect(spec.used_in).toEqual([
      { kind: "order", id: placed.json().data.order_id, number: placed.json().data.order_number, version: 2 },
      { kind: "quote", id: quote.id, number: quote.number, version: 2 },
    ]);
    const order = { id: placed.json().data.order_id as string };
    const details = (await s.admin.call("GET", `/api/orders/${order.id}`)).json().data;
    const orderPdf = await s.admin.call("GET", `/api/orders/${order.id}/pdf`);
    expect(flat(await pdfText(orderPdf.rawPayload))).toContain(
      `PCB specification ${s.spec.number}, version 2`,
    );
    expect(
      details.lines.map((line: { pcb_spec: { number: string } | null }) => line.pcb_spec?.number ?? null),
    ).toEqual([s.spec.number, null]);
  });
});
