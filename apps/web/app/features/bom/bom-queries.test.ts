import type { QuerySummary } from "@ems/contracts/engineering-queries";
import { describe, expect, it } from "vitest";

import { queriesByLine, queriesOnLines } from "./bom-queries";

const LINE_D1 = "11111111-1111-4111-8111-111111111111";
const LINE_U4 = "22222222-2222-4222-8222-222222222222";
const OTHER_BOM_LINE = "33333333-3333-4333-8333-333333333333";

type Summary = Parameters<typeof queriesOnLines>[0][number];

function summary(
  number: string,
  status: QuerySummary["status"],
  lines: string[],
  createdAt: string,
): Summary {
  return {
    id: `${number}-id`,
    number,
    title: `About ${number}`,
    status,
    created_at: createdAt,
    subject: {
      kind: "assembly",
      spec_id: "44444444-4444-4444-8444-444444444444",
      version_id: "55555555-5555-4555-8555-555555555555",
      number: "PCBA-2026-00001",
      version: 2,
      name: "NW-420",
    },
    location: { designators: [], bom_line_ids: lines, points: [] },
  };
}

describe("the engineering queries a BOM page marks", () => {
  it("keeps the open and answered ones pinning lines shown, waiting ones first, with only those lines", () => {
    const marked = queriesOnLines(
      [
        summary("EQ-2026-00002", "answered", [LINE_U4], "2026-11-20T09:00:00.000Z"),
        summary("EQ-2026-00003", "open", [LINE_D1, OTHER_BOM_LINE], "2026-11-25T09:00:00.000Z"),
        summary("EQ-2026-00004", "closed", [LINE_D1], "2026-11-21T09:00:00.000Z"),
        summary("EQ-2026-00005", "open", [OTHER_BOM_LINE], "2026-11-22T09:00:00.000Z"),
        summary("EQ-2026-00006", "open", [], "2026-11-23T09:00:00.000Z"),
      ],
      [LINE_D1, LINE_U4],
    );
    expect(marked.map((query) => [query.number, query.status, query.line_ids])).toEqual([
      ["EQ-2026-00003", "open", [LINE_D1]],
      ["EQ-2026-00002", "answered", [LINE_U4]],
    ]);
    expect(marked[0]!.subject).toEqual({
      kind: "assembly",
      spec_id: "44444444-4444-4444-8444-444444444444",
      version: 2,
    });
  });

  it("finds each line's queries, a line pinned twice with both", () => {
    const marked = queriesOnLines(
      [
        summary("EQ-2026-00007", "open", [LINE_D1], "2026-11-20T09:00:00.000Z"),
        summary("EQ-2026-00008", "answered", [LINE_D1, LINE_U4], "2026-11-21T09:00:00.000Z"),
      ],
      [LINE_D1, LINE_U4],
    );
    const byLine = queriesByLine(marked);
    expect(byLine.get(LINE_D1)?.map((query) => query.number)).toEqual(["EQ-2026-00007", "EQ-2026-00008"]);
    expect(byLine.get(LINE_U4)?.map((query) => query.number)).toEqual(["EQ-2026-00008"]);
    expect(byLine.has(OTHER_BOM_LINE)).toBe(false);
  });
});
