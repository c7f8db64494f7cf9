import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { Invoice, InvoiceCreditNote } from "@ems/contracts/billing";
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
  tax_treatment: "domestic",
  customer_vat_id: null,
  delivered_on: null,
  subtotal_minor: 100_000,
  tax_minor: 23_000,
  total_minor: 123_000,
  issued_on: "2026-11-23",
  due_on: "2026-12-23",
  paid_at: null,
  paid_minor: 0,
  credited_minor: 0,
  credited_lines: [],
  open_minor: 123_000,
  transfer_announced: null,
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

describe("InvoicesTable: the open amount", () => {
  function table(items: Invoice[], creditNotes: Record<string, InvoiceCreditNote[]> = {}) {
    const i18n = setupI18n({
      locale: "en",
      messages: {
        en: {
          "billing.invoices.open_amount": "{amount} open",
          "billing.invoices.paid_so_far": "{amount} paid",
          "billing.invoices.credit": "Credit {amount}",
          "billing.invoices.transfer_announced": "Transfer of {amount} on {date} announced",
          "billing.invoices.credited": "Credited {amount}",
          "billing.invoices.credit_notes": "Credit notes",
          "billing.pdf_label": "Download {number} as PDF",
          "billing.credit_note_xml_label": "Download credit note {number} as XML e-invoice (XRechnung)",
        },
      },
    });
    render(
      <MemoryRouter initialEntries={["/en/my/invoices"]}>
        <I18nProvider i18n={i18n}>
          <InvoicesTable
            items={items}
            locale="en"
            sort={{ sort: "issued_on", dir: "desc" }}
            sortHref={() => "/en/my/invoices"}
            canPay={false}
            pendingIds={[]}
            creditNotes={creditNotes}
            onPay={() => undefined}
          />
        </I18nProvider>
      </MemoryRouter>,
    );
  }

  it("adds nothing to the total of an invoice nobody has paid anything of yet", () => {
    table([invoice]);
    expect(screen.getAllByText("€1,230.00").length).toBeGreaterThan(0);
    expect(screen.queryByText(/ (open|paid)$/)).toBeNull();
  });

  it("shows what is open after a part payment, with what came in, and an announced transfer", () => {
    table([
      {
        ...invoice,
        paid_minor: 100_500,
        open_minor: 22_500,
        transfer_announced: {
          payment_id: "0b7c4f2e-6a43-4c1f-9d51-7f3b2a1c9e10",
          amount_minor: 23_000,
          transferred_on: "2026-11-27",
          announced_at: "2026-11-27T09:00:00.000Z",
        },
      },
    ]);
    expect(screen.getAllByText("€225.00 open").length).toBeGreaterThan(0);
    expect(screen.getAllByText("€1,005.00 paid").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Transfer of €230.00 on Nov 27, 2026 announced").length).toBeGreaterThan(0);
  });

  it("shows a credit when the customer paid more than the total", () => {
    table([{ ...invoice, status: "paid", display_status: "paid", paid_minor: 124_000, open_minor: -1_000 }]);
    expect(screen.getAllByText("Credit €10.00").length).toBeGreaterThan(0);
    expect(screen.queryByText(/ (open|paid)$/)).toBeNull();
  });

  it("shows what credit notes took back, what is left open, and each credit note's PDF and XML", () => {
    table([{ ...invoice, credited_minor: 23_000, open_minor: 100_000 }], {
      [invoice.id]: [
        {
          id: "5f0e4c2a-8b1d-4e3f-9a6c-2d7b1e0f3a4b",
          number: "CN-2026-00003",
          issued_on: "2026-11-28",
          total_minor: 23_000,
          reason: "Damaged boards",
        },
      ],
    });
    expect(screen.getAllByText("Credited €230.00").length).toBeGreaterThan(0);
    expect(screen.getAllByText("€1,000.00 open").length).toBeGreaterThan(0);
    expect(screen.getAllByText("CN-2026-00003").length).toBeGreaterThan(0);
    const pdf = screen.getAllByRole("link", { name: "Download CN-2026-00003 as PDF" })[0]!;
    expect(pdf.getAttribute("href")).toBe("/api/credit-notes/5f0e4c2a-8b1d-4e3f-9a6c-2d7b1e0f3a4b/pdf");
    const xml = screen.getAllByRole("link", {
      name: "Download credit note CN-2026-00003 as XML e-invoice (XRechnung)",
    })[0]!;
    expect(xml.getAttribute("href")).toBe("/api/credit-notes/5f0e4c2a-8b1d-4e3f-9a6c-2d7b1e0f3a4b/xml");
    expect(xml.getAttribute("download")).toBe("CN-2026-00003.xml");
  });
});

describe("InvoicesTable: the e-invoice", () => {
  it("offers each invoice's XRechnung XML next to its PDF, named with the invoice's number", () => {
    const i18n = setupI18n({
      locale: "en",
      messages: {
        en: {
          "billing.pdf_label": "Download {number} as PDF",
          "billing.xml": "E-invoice (XML)",
          "billing.xml_label": "Download e-invoice {number} as XML (XRechnung)",
        },
      },
    });
    render(
      <MemoryRouter initialEntries={["/en/my/invoices"]}>
        <I18nProvider i18n={i18n}>
          <InvoicesTable
            items={[invoice]}
            locale="en"
            sort={{ sort: "issued_on", dir: "desc" }}
            sortHref={() => "/en/my/invoices"}
            canPay={false}
            pendingIds={[]}
            onPay={() => undefined}
          />
        </I18nProvider>
      </MemoryRouter>,
    );
    const xml = screen.getAllByRole("link", {
      name: "Download e-invoice INV-2026-00042 as XML (XRechnung)",
    })[0]!;
    expect(xml.getAttribute("href")).toBe(`/api/invoices/${invoice.id}/xml`);
    expect(xml.getAttribute("download")).toBe("INV-2026-00042.xml");
    expect(screen.getAllByRole("link", { name: "Download INV-2026-00042 as PDF" }).length).toBeGreaterThan(0);
  });
});
