import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { AccountSkeleton, Greeting, homeEntry } from "./account-menu";

const i18n = setupI18n({
  locale: "en",
  messages: {
    en: { "nav.greeting": ["Hello, ", ["name"]], "nav.account_loading": ["Loading your account"] },
  },
});

afterEach(cleanup);

describe("Greeting", () => {
  it("shows 'Hello, full name' for desktop and the first name for small screens", () => {
    render(
      <I18nProvider i18n={i18n}>
        <Greeting
          user={{
            first_name: "Ada",
            last_name: "Lovelace",
            full_name: "Ada Lovelace",
            email: "ada@example.com",
            staff: false,
          }}
        />
      </I18nProvider>,
    );
    const desktop = screen.getByText("Hello, Ada Lovelace");
    const mobile = screen.getByText("Ada");
    expect(desktop.className).toContain("lg:inline");
    expect(desktop.className).toContain("hidden");
    expect(mobile.className).toContain("lg:hidden");
  });

  it("has a skeleton with an accessible loading text", () => {
    render(
      <I18nProvider i18n={i18n}>
        <AccountSkeleton />
      </I18nProvider>,
    );
    expect(screen.getByRole("status").textContent).toBe("Loading your account");
  });
});

describe("names from the account are text, never markup", () => {
  it("shows a name that looks like a script tag as text and runs nothing", () => {
    const hostile = "<img src=x onerror=alert(1)><script>alert(2)</script>";
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <Greeting
          user={{
            first_name: hostile,
            last_name: "X",
            full_name: `${hostile} X`,
            email: "x@example.com",
            staff: false,
          }}
        />
      </I18nProvider>,
    );
    expect(container.querySelector("img, script")).toBeNull();
    expect(container.textContent).toContain("<script>alert(2)</script>");
  });
});

describe("the account menu's way home", () => {
  const user = { first_name: "Ada", last_name: "L", full_name: "Ada L", email: "ada@example.com" };

  it("leads customers to their desk and staff to the back office", () => {
    expect(homeEntry({ ...user, staff: false })).toEqual({ page: "my-desk", label: "nav.customer_desk" });
    expect(homeEntry({ ...user, staff: true })).toEqual({ page: "staff", label: "portal_nav.staff_label" });
  });
});
