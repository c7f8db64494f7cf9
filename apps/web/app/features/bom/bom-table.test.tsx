import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { BomLineDto } from "@ems/contracts/assemblies";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { messages } from "~/locales/en/messages";

import { bomRows } from "./bom-helpers";
import { queriesByLine, type BomLineQuery } from "./bom-queries";
import { BomQueriesNotice } from "./bom-queries-notice";
import { BomTable } from "./bom-table";

afterEach(cleanup);

const i18n = setupI18n({ locale: "en", messages: { en: messages } });

const SPEC = "44444444-4444-4444-8444-444444444444";

function line(position: number, designator: string): BomLineDto {
  return {
    id: `00000000-0000-4000-8000-00000000000${position}`,
    position,
    source_row: position + 1,
    designators: [designator],
    quantity: 1,
    value: "green",
    footprint: "0603",
    description: null,
    parts: [],
    supplier: null,
    supplier_part: null,
    dnp: false,
    file_comment: null,
    comment: null,
    warnings: [],
    stated_quantity: null,
    match_status: "unmatched",
    part: null,
    reviewed: false,
    consigned: false,
    substitution: null,
  };
}

const LINES = [line(1, "D1"), line(2, "U4"), line(3, "U1")];

function query(number: string, status: BomLineQuery["status"], lineIds: string[]): BomLineQuery {
  return {
    id: `${number}-id`,
    number,
    title: `About ${number}`,
    status,
    subject: { kind: "assembly", spec_id: SPEC, version: 2 },
    line_ids: lineIds,
  };
}

const QUERIES = [
  query("EQ-2026-00003", "open", [LINES[0]!.id]),
  query("EQ-2026-00002", "answered", [LINES[1]!.id]),
];

function inPage(children: ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={["/my/pcbas/bom/x"]}>{children}</MemoryRouter>
    </I18nProvider>,
  );
}

describe("the BOM's engineering-query marks", () => {
  it("marks each pinned line with a link to its query on the assembly's sheet, in words", () => {
    inPage(
      <BomTable
        rows={bomRows(LINES, false)}
        locale="en"
        selected={null}
        queries={queriesByLine(QUERIES)}
        onSelect={() => undefined}
        onEdit={null}
      />,
    );
    const table = screen.getByRole("table", { name: "Lines of the bill of materials" });
    const led = within(table).getByRole("row", { name: "Line 1: D1" });
    const mark = within(led).getByRole("link", { name: "Engineering query EQ-2026-00003" });
    expect(mark.getAttribute("href")).toBe(`/my/pcbas?pcba=${SPEC}&version=2&query=EQ-2026-00003-id`);
    expect(
      within(within(table).getByRole("row", { name: "Line 2: U4" })).getByRole("link", {
        name: "Engineering query EQ-2026-00002",
      }),
    ).toBeTruthy();
    expect(
      within(within(table).getByRole("row", { name: "Line 3: U1" })).queryByRole("link", {
        name: /Engineering query/,
      }),
    ).toBeNull();
  });

  it("says above the table how many open queries concern the BOM, each linked", () => {
    inPage(<BomQueriesNotice queries={QUERIES} />);
    const notice = screen.getByRole("region", { name: "1 open engineering query concerns this BOM" });
    const links = within(notice).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual([
      "EQ-2026-00003: About EQ-2026-00003",
      "EQ-2026-00002: About EQ-2026-00002",
    ]);
    expect(notice.textContent).toContain("(waiting for your answer, 1 line marked below)");
    expect(notice.textContent).toContain("(answered, 1 line marked below)");
  });

  it("names the answered ones when none is open, and says nothing without queries", () => {
    const { unmount } = inPage(<BomQueriesNotice queries={[QUERIES[1]!]} />);
    expect(
      screen.getByRole("region", { name: "1 answered engineering query concerns this BOM" }),
    ).toBeTruthy();
    unmount();
    const { container } = inPage(<BomQueriesNotice queries={[]} />);
    expect(container.textContent).toBe("");
  });
});
