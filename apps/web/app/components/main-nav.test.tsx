import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";

import { menuGroups } from "~/lib/nav";
import { messages } from "~/locales/en/messages";

import { MainNav } from "./main-nav";

const i18n = setupI18n({ locale: "en", messages: { en: messages } });

beforeAll(() => {
  // Radix measures its menus with ResizeObserver, which jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(cleanup);

function renderNav() {
  const router = createMemoryRouter([{ path: "*", element: <MainNav groups={menuGroups("en")} /> }], {
    initialEntries: ["/"],
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const group = (name: string) => screen.getByRole("button", { name });

describe("the menu bar's groups", () => {
  it("render plain buttons that say they open a menu, with no menu mounted", () => {
    renderNav();
    const entry = group("Electronics manufacturing");
    expect(entry.getAttribute("aria-haspopup")).toBe("menu");
    expect(entry.getAttribute("aria-expanded")).toBe("false");
    expect(entry.id).toBe("");
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("open on a press before Radix has mounted", () => {
    renderNav();
    fireEvent.pointerDown(group("Electronics manufacturing"), { button: 0, pointerType: "touch" });
    expect(screen.getByRole("menu")).toBeTruthy();
    expect(screen.getByRole("menuitem", { name: "SMT assembly" }).getAttribute("href")).toBe(
      "/electronics-manufacturing/smt-assembly",
    );
    expect(group("Electronics manufacturing").getAttribute("aria-expanded")).toBe("true");
  });

  it("mount Radix when a mouse reaches them, and open on its press", () => {
    renderNav();
    const plain = group("Industries");
    fireEvent.pointerEnter(plain, { pointerType: "mouse" });
    const trigger = group("Industries");
    expect(trigger).not.toBe(plain);
    expect(trigger.id).not.toBe("");
    expect(screen.queryByRole("menu")).toBeNull();
    // The other groups stay plain.
    expect(group("About").id).toBe("");

    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: "mouse" });
    expect(screen.getByRole("menuitem", { name: "Medical devices" })).toBeTruthy();
  });

  it("leave the right button and a ctrl-click alone", () => {
    renderNav();
    fireEvent.pointerDown(group("About"), { button: 2, pointerType: "mouse" });
    fireEvent.pointerDown(group("About"), { button: 0, ctrlKey: true, pointerType: "mouse" });
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
