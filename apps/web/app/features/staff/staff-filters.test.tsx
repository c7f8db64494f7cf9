import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import type { ListState } from "~/lib/list-query";
import { messages as en } from "~/locales/en/messages";

import { CompanyFilter, FilterSearch, FilterSelect } from "./staff-ui";

afterEach(cleanup);

const i18n = setupI18n({ locale: "en", messages: { en } });

const STATE: ListState = {
  page: 1,
  q: "NW-4",
  sort: "",
  dir: "asc",
  filters: { company_id: "c2", status: "open" },
};

describe("the back office's filter fields", () => {
  it("offer all or one value, the current one chosen, under their label", () => {
    render(
      <FilterSelect
        name="status"
        label="Status"
        value={STATE.filters.status}
        allLabel="All statuses"
        options={[
          { value: "open", label: "Open" },
          { value: "closed", label: "Closed" },
        ]}
      />,
    );
    const select = screen.getByLabelText<HTMLSelectElement>("Status");
    expect(select.name).toBe("status");
    expect(select.value).toBe("open");
    expect([...select.options].map((option) => [option.value, option.text])).toEqual([
      ["", "All statuses"],
      ["open", "Open"],
      ["closed", "Closed"],
    ]);
  });

  it("choose all when the query names none", () => {
    render(<FilterSelect name="kind" label="Kind" value={undefined} allLabel="All kinds" options={[]} />);
    expect(screen.getByLabelText<HTMLSelectElement>("Kind").value).toBe("");
  });

  it("filter by customer through company_id, and search through q with a length limit", () => {
    render(
      <I18nProvider i18n={i18n}>
        <CompanyFilter
          companies={[
            { id: "c1", name: "Nordwind Sensorik GmbH" },
            { id: "c2", name: "Carpathia Drives SRL" },
          ]}
          state={STATE}
        />
        <FilterSearch label="Search orders" value={STATE.q} maxLength={80} />
      </I18nProvider>,
    );
    const company = screen.getByRole<HTMLSelectElement>("combobox");
    expect(company.name).toBe("company_id");
    expect(company.value).toBe("c2");
    const search = screen.getByLabelText<HTMLInputElement>("Search orders");
    expect([search.name, search.value, search.maxLength]).toEqual(["q", "NW-4", 80]);
  });
});
