import { describe, expect, it } from "vitest";

import type { BomDto } from "@ems/contracts/assemblies";

import { releaseForm, releaseState, reviewBody, reviewMarkForm, substituteForm } from "./review-form";

const ids = { id: "00000000-0000-4000-8000-000000000001", line_id: "00000000-0000-4000-8000-000000000002" };

describe("review forms", () => {
  it("turn a mark's toggle into the API body of that mark only", () => {
    const reviewed = reviewMarkForm.parse({ ...ids, mark: "reviewed", value: "true" });
    expect(reviewBody(reviewed)).toEqual({ reviewed: true });
    const consigned = reviewMarkForm.parse({ ...ids, mark: "consigned", value: "false" });
    expect(reviewBody(consigned)).toEqual({ consigned: false });
    expect(reviewMarkForm.safeParse({ ...ids, mark: "dnp", value: "true" }).success).toBe(false);
  });

  it("need an MPN and a reason for a substitute, the manufacturer being optional", () => {
    expect(substituteForm.safeParse({ ...ids, mpn: "MLP2520S2R2MT0S1", reason: "Lead time" }).success).toBe(
      true,
    );
    expect(substituteForm.safeParse({ ...ids, mpn: "", reason: "Lead time" }).success).toBe(false);
    expect(substituteForm.safeParse({ ...ids, mpn: "X1", reason: "" }).success).toBe(false);
  });

  it("release a BOM version by its number", () => {
    expect(releaseForm.parse({ id: ids.id, base_version: "3" })).toEqual({ id: ids.id, base_version: 3 });
    expect(releaseForm.safeParse({ id: ids.id, base_version: "0" }).success).toBe(false);
  });
});

describe("releaseState", () => {
  const line = (over: Partial<BomDto["lines"][number]>) => ({
    dnp: false,
    reviewed: true,
    substitution: null,
    ...over,
  });
  const bom = (lines: object[], released: string | null = null) =>
    ({ lines, released_at: released }) as unknown as BomDto;
  const proposed = { status: "proposed" } as BomDto["lines"][number]["substitution"];

  it("is ready when every fitted line is reviewed and nothing waits for the customer", () => {
    expect(releaseState(bom([line({}), line({ dnp: true, reviewed: false })]))).toEqual({
      fitted: 1,
      reviewed: 1,
      waiting: 0,
      ready: true,
    });
  });

  it("is not ready with an unreviewed line, a waiting substitution or once released", () => {
    expect(releaseState(bom([line({}), line({ reviewed: false })])).ready).toBe(false);
    expect(releaseState(bom([line({ substitution: proposed })])).waiting).toBe(1);
    expect(releaseState(bom([line({ substitution: proposed })])).ready).toBe(false);
    expect(releaseState(bom([line({})], "2026-11-29T10:00:00.000Z")).ready).toBe(false);
  });
});
