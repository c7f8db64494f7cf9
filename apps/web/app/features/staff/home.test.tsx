import type { StaffHome } from "@ems/contracts/staff-home";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { messages as de } from "~/locales/de/messages";
import { messages as en } from "~/locales/en/messages";

import { HomeQueues } from "./home";

afterEach(cleanup);

const EMPTY: StaffHome = {
  quotes_to_price: { count: 0, items: [] },
  orders_in_production: { count: 0, on_hold: 0, items: [] },
  deliveries_due: { count: 0, overdue: 0, window_days: 7, items: [] },
  announced_transfers: { count: 0, items: [] },
  contact_messages: { count: 0, items: [] },
  engineering_queries: { count: 0, items: [] },
};

const ID = "00000000-0000-4000-8000-0000000000a1";

const BUSY: StaffHome = {
  quotes_to_price: {
    count: 3,
    items: [
      {
        id: ID,
        number: "QTN-2026-00012",
        title: "Gateway main board",
        company_name: "Nordwind Sensorik GmbH",
        requested_at: "2026-11-20T08:00:00.000Z",
        age_days: 9,
      },
    ],
  },
  orders_in_production: {
    count: 2,
    on_hold: 1,
    items: [
      {
        id: ID,
        number: "SO-2026-00004",
        company_name: "Carpathia Drives SRL",
        placed_at: "2026-11-09T08:00:00.000Z",
        age_days: 20,
        delivery_date: "2026-11-27",
        on_hold: true,
      },
    ],
  },
  deliveries_due: {
    count: 1,
    overdue: 1,
    window_days: 7,
    items: [
      {
        order_id: ID,
        order_number: "SO-2026-00004",
        company_name: "Carpathia Drives SRL",
        position: 1,
        description: "CD-9 encoder interface board",
        open_quantity: 1200,
        delivery_date: "2026-11-27",
        due_in_days: -2,
      },
    ],
  },
  announced_transfers: {
    count: 1,
    items: [
      {
        invoice_id: ID,
        invoice_number: "INV-2026-00003",
        company_name: "Carpathia Drives SRL",
        amount_minor: 500_900,
        currency: "EUR",
        announced_at: "2026-11-28T08:00:00.000Z",
        age_days: 1,
      },
    ],
  },
  contact_messages: {
    count: 1,
    items: [
      {
        id: ID,
        reference: "ENQ-2026-00002",
        name: "Jonas Keller",
        company: null,
        received_at: "2026-11-29T08:00:00.000Z",
        age_days: 0,
      },
    ],
  },
  engineering_queries: {
    count: 2,
    items: [
      {
        id: ID,
        number: "EQ-2026-00001",
        title: "D1 polarity: silkscreen and footprint disagree",
        company_name: "Nordwind Sensorik GmbH",
        raised_at: "2026-11-27T08:00:00.000Z",
        age_days: 2,
      },
    ],
  },
};

function show(home: StaffHome, locale: "en" | "de" = "en") {
  const i18n = setupI18n({ locale, messages: { en, de } });
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <HomeQueues home={home} locale={locale} />
      </MemoryRouter>
    </I18nProvider>,
  );
}

const card = (name: string) => screen.getByRole("region", { name });

describe("HomeQueues", () => {
  it("says each queue is clear when nothing waits, and still links the full lists", () => {
    show(EMPTY);
    expect(within(card("Quotes to price")).getByText(/no quote request is waiting/)).toBeTruthy();
    expect(within(card("Orders in production")).getByText(/no order is in production/)).toBeTruthy();
    expect(within(card("Deliveries due")).getByText(/nothing is due in the next 7 days/)).toBeTruthy();
    expect(within(card("Announced transfers")).getByText(/no announced transfer/)).toBeTruthy();
    expect(
      within(card("New contact messages")).getByText(/every contact message has been handled/),
    ).toBeTruthy();
    expect(within(card("Quotes to price")).getByText("0 waiting")).toBeTruthy();
    expect(
      within(card("Quotes to price")).getByRole("link", { name: "All quote requests" }).getAttribute("href"),
    ).toBe("/staff/quotes?status=In+Progress");
    expect(
      within(card("Announced transfers"))
        .getByRole("link", { name: "All invoices with an announced transfer" })
        .getAttribute("href"),
    ).toBe("/staff/billing?payment=transfer_announced");
    const queries = card("Open engineering queries");
    expect(within(queries).getByText(/no engineering query is waiting/i)).toBeTruthy();
    expect(
      within(queries).getByRole("link", { name: "All open engineering queries" }).getAttribute("href"),
    ).toBe("/staff/engineering-queries?status=open");
  });

  it("lists the oldest items with their age, each linking to its staff page", () => {
    show(BUSY);
    const quotes = card("Quotes to price");
    expect(within(quotes).getByText("3 waiting")).toBeTruthy();
    expect(
      within(quotes).getByRole("link", { name: "QTN-2026-00012 · Gateway main board" }).getAttribute("href"),
    ).toBe(`/staff/quotes/${ID}`);
    expect(within(quotes).getByText("waiting 9 days")).toBeTruthy();

    const orders = card("Orders in production");
    expect(within(orders).getByText("1 of them on hold")).toBeTruthy();
    expect(within(orders).getByText("On hold")).toBeTruthy();

    const deliveries = card("Deliveries due");
    expect(within(deliveries).getByText(/; 1 overdue\.$/)).toBeTruthy();
    expect(within(deliveries).getByText("2 days overdue")).toBeTruthy();
    expect(within(deliveries).getByText(/1,200 still to ship/)).toBeTruthy();

    const transfers = card("Announced transfers");
    expect(within(transfers).getByRole("link", { name: "INV-2026-00003" }).getAttribute("href")).toBe(
      "/staff/billing?payment=transfer_announced&q=INV-2026-00003",
    );
    expect(within(transfers).getByText(/€5,009\.00/)).toBeTruthy();

    const messages = card("New contact messages");
    expect(
      within(messages).getByRole("link", { name: "ENQ-2026-00002 · Jonas Keller" }).getAttribute("href"),
    ).toMatch(new RegExp(`#message-${ID}$`));
    expect(within(messages).getByText("since today")).toBeTruthy();
    const queries = card("Open engineering queries");
    expect(within(queries).getByText("2 waiting")).toBeTruthy();
    expect(
      within(queries)
        .getByRole("link", { name: "EQ-2026-00001 · D1 polarity: silkscreen and footprint disagree" })
        .getAttribute("href"),
    ).toBe(`/staff/engineering-queries?query=${ID}`);
    expect(within(queries).getByText(/Nordwind Sensorik GmbH/)).toBeTruthy();
  });

  it("speaks the page's language, numbers included", () => {
    show(BUSY, "de");
    const deliveries = card("Fällige Lieferungen");
    expect(within(deliveries).getByText(/noch 1\.200 zu liefern/)).toBeTruthy();
    expect(within(deliveries).getByText("2 Tage überfällig")).toBeTruthy();
    expect(
      within(card("Zu kalkulierende Anfragen"))
        .getByRole("link", { name: "QTN-2026-00012 · Gateway main board" })
        .getAttribute("href"),
    ).toBe(`/de/staff/quotes/${ID}`);
  });
});
