import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("~/lib/route-map", () => ({
  href: (key: string, locale: string) => (locale === "en" ? `/${key}` : `/${locale}/${key}`),
}));

const { registerChatHandler } = await import("~/lib/contact-entry");
const { ContactEntryLink } = await import("./contact-entry-link");

const i18n = setupI18n({ locale: "en", messages: { en: { "page.contact.nav": ["Contact"] } } });

function renderAt(path: string, closeMenu?: () => void) {
  const router = createMemoryRouter(
    [
      { path: "/contact", element: <p>contact page</p> },
      { path: "/de/contact", element: <p>Kontaktseite</p> },
      { path: "*", element: <ContactEntryLink closeMenu={closeMenu} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

let unregister: (() => void) | undefined;
afterEach(() => {
  unregister?.();
  cleanup();
});

describe("ContactEntryLink", () => {
  it("is a real link to the contact page in the page's language", () => {
    renderAt("/de/irgendwo");
    expect(screen.getByRole("link", { name: "Contact" }).getAttribute("href")).toBe("/de/contact");
  });

  it("without a chat, closes the menu and follows the link", async () => {
    const closeMenu = vi.fn();
    const router = renderAt("/somewhere", closeMenu);
    fireEvent.click(screen.getByRole("link", { name: "Contact" }));
    expect(closeMenu).toHaveBeenCalledOnce();
    await screen.findByText("contact page");
    expect(router.state.location.pathname).toBe("/contact");
  });

  it("stays on the page when the chat handled the request", () => {
    const chat = vi.fn(() => true);
    unregister = registerChatHandler(chat);
    const router = renderAt("/somewhere");
    fireEvent.click(screen.getByRole("link", { name: "Contact" }));
    expect(chat).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe("/somewhere");
  });
});
