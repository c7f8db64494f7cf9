import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { messages as en } from "~/locales/en/messages";

import { DataTable } from "./data-table";

afterEach(cleanup);

const columns = [
  {
    id: "name",
    header: "Name",
    cell: ({ row }: { row: { original: { name: string } } }) => row.original.name,
  },
];

function show(children: ReactNode) {
  const i18n = setupI18n({ locale: "en", messages: { en } });
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>{children}</MemoryRouter>
    </I18nProvider>,
  );
}

describe("DataTable without rows", () => {
  it("says what comes next in the list's own words instead of a header over nothing", () => {
    show(
      <DataTable
        data={[] as { name: string }[]}
        columns={columns}
        caption="Parts"
        rowId={(row) => row.name}
        empty="No parts yet. Add your first part."
      />,
    );
    expect(screen.getByText("No parts yet. Add your first part.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("falls back to the general note when the list passes none", () => {
    show(
      <DataTable
        data={[] as { name: string }[]}
        columns={columns}
        caption="Parts"
        rowId={(row) => row.name}
      />,
    );
    expect(screen.getByText("Nothing here yet. Entries appear here as soon as they are added.")).toBeTruthy();
  });

  it("shows the rows when there are some", () => {
    show(<DataTable data={[{ name: "R1" }]} columns={columns} caption="Parts" rowId={(row) => row.name} />);
    expect(screen.getByRole("table")).toBeTruthy();
  });
});
