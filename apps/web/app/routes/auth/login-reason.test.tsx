import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { messages as de } from "~/locales/de/messages";
import { messages as en } from "~/locales/en/messages";

import Login from "./login";

afterEach(cleanup);

function open(path: string, locale: "en" | "de" = "en") {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === "de" ? de : en } });
  const pathname = path.split("?")[0]!;
  const Stub = createRoutesStub([{ path: pathname, Component: Login as never }]);
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={[path]} />
    </I18nProvider>,
  );
}

describe("the sign-in page opened from a page that needs an account", () => {
  it("explains that a quote request needs an account and keeps the way back through registration", () => {
    open("/login?redirect=%2Fmy%2Fquotes");
    const reason = screen.getByRole("status");
    expect(within(reason).getByText("Sign in to request a quote")).toBeTruthy();
    const links = screen.getAllByRole("link", { name: "Register your company" });
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/register?redirect=%2Fmy%2Fquotes",
      "/register?redirect=%2Fmy%2Fquotes",
    ]);
  });

  it("speaks generically of any other page, in the page's language", () => {
    open("/de/login?redirect=%2Fde%2Fmy%2Forders", "de");
    expect(
      within(screen.getByRole("status")).getByText("Für diese Seite brauchen Sie ein Konto"),
    ).toBeTruthy();
  });

  it("says nothing extra without a way back, or with one that leaves the site", () => {
    open("/login");
    expect(screen.queryByRole("status")).toBeNull();
    cleanup();
    open("/login?redirect=%2F%2Fevil.example");
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("link", { name: "Register your company" }).getAttribute("href")).toBe(
      "/register",
    );
  });
});
