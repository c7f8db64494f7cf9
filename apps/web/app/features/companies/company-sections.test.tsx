import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { AddressesSection, ContactsSection } from "./company-sections";

const i18n = setupI18n({
  locale: "en",
  messages: {
    en: {
      "my_companies.addresses_empty": [
        "No addresses yet. Add the address we send invoices to and the one we deliver to.",
      ],
      "my_companies.addresses_empty_action": ["Add the first address"],
      "my_companies.addresses_empty_reader": [
        "No addresses yet. Ask your company’s administrators or buyers to add the invoice and delivery addresses.",
      ],
      "my_companies.contacts_empty": [
        "No contacts yet. Add the people we should reach about orders, deliveries and invoices.",
      ],
      "my_companies.contacts_empty_action": ["Add the first contact"],
      "my_companies.contacts_empty_reader": [
        "No contacts yet. Ask your company’s administrators or buyers to add them.",
      ],
      "my_companies.add_address": ["Add address"],
      "my_companies.add_contact": ["Add contact"],
    },
  },
});

function renderInRouter(element: ReactNode) {
  const router = createMemoryRouter([{ path: "*", element }], { initialEntries: ["/my/companies"] });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe("empty company lists say what to do next", () => {
  it("offers to add the first contact to those who may, and opens the form", async () => {
    renderInRouter(<ContactsSection contacts={[]} canCreate />);
    expect(screen.getByText(/No contacts yet\. Add the people we should reach/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add the first contact" }));
    expect(await screen.findByRole("dialog", { name: "Add contact" })).toBeTruthy();
  });

  it("tells readers whom to ask, with no button they could not use", () => {
    renderInRouter(<ContactsSection contacts={[]} canCreate={false} />);
    expect(screen.getByText(/Ask your company’s administrators or buyers to add them/)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("offers the first address to those who may, and opens the address form", async () => {
    renderInRouter(
      <AddressesSection addresses={[]} countries={[]} defaultCountry="DE" canCreate canDelete />,
    );
    expect(screen.getByText(/Add the address we send invoices to and the one we deliver to/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add the first address" }));
    expect(await screen.findByRole("dialog", { name: "Add address" })).toBeTruthy();
  });

  it("tells readers who adds addresses", () => {
    renderInRouter(
      <AddressesSection
        addresses={[]}
        countries={[]}
        defaultCountry="DE"
        canCreate={false}
        canDelete={false}
      />,
    );
    expect(screen.getByText(/add the invoice and delivery addresses/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add the first address" })).toBeNull();
  });
});
