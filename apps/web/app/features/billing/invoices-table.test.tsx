import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { Invoice } from "@ems/contracts/billing";
import { formatDate } from "@ems/i18n/format";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { InvoicesTable } from "./invoices-table";

afterEach(cleanup);

const invoice: Invoice = {
  id: "7d0b8f0e-3c55-4f86-9a57-1f3b1b7d2a10",
  number: "INV-2026-00042",
  order_id: "2f6a7f0c-9b2e-4c1a-8f0d-5a7d3e9b1c22",
  order_number: "SO-2026-00017",
  po_number: "PO-77",
  status: "unpaid",
  display_status: "unpaid",
  currency: "EUR",
  tax_rate_bp: 2300,
  subtotal_minor: 100_000,
  tax_minor: 23_000,
  total_minor: 123_000,
  issued_on: "2026-11-23",
  due_on: "2026-12-23",
  paid_at: null,
  lines: [],
};

describe("InvoicesTable in Portuguese", () => {
  it("shows dates as Portugal writes them, the same text PDFs and mails print", () => {
    const i18n = setupI18n({ locale: "pt", messages: { pt: {} } });
    render(
      <MemoryRouter initialEntries={["/pt/my/invoices"]}>
        <I18nProvider i18n={i18n}>
          <InvoicesTable
            items={[invoice]}
            locale="pt"
            sort={{ sort: "issued_on", dir: "desc" }}
            sortHref={() => "/pt/my/invoices"}
            canPay={false}
            pendingIds={[]}
            onPay={() => undefined}
          />
        </I18nProvider>
      </MemoryRouter>,
    );
    // Portugal's day/month/year, not Brazil's "23 de nov. de 2026" (Intl's default for "pt").
    expect(screen.getAllByText("23/11/2026").length).toBeGreaterThan(0);
    expect(screen.getAllByText("23/12/2026").length).toBeGreaterThan(0);
    expect(formatDate("2026-11-23", "pt")).toBe("23/11/2026");
  });
});
