import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ErrorPage, messageLines } from "./error-page";

// Messages in Lingui's compiled form, so the test does not depend on `npm run i18n:compile`.
const i18n = setupI18n({
  locale: "en",
  messages: {
    en: {
      "error.not_found_title": ["Page not found"],
      "error.not_found_message": ["Gone.\nReally gone."],
      "error.default_title": ["Oops! Something went wrong"],
      "error.default_message": ["Unexpected.\nTry again."],
      "error.status": ["Error ", ["status"]],
      "error.go_back": ["Go back"],
      "error.home_link": ["Go to the home page"],
    },
  },
});

function renderAt(path: string, status: number) {
  const router = createMemoryRouter([{ path: "*", element: <ErrorPage status={status} /> }], {
    initialEntries: [path],
  });
  return render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("messageLines", () => {
  it("splits at line breaks and drops empty lines", () => {
    expect(messageLines("One\nTwo\r\n\nThree")).toEqual(["One", "Two", "Three"]);
  });
});

describe("ErrorPage", () => {
  it("shows the not-found title and one paragraph per message line for 404", () => {
    renderAt("/de/missing", 404);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page not found");
    expect(screen.getByText("Gone.")).toBeTruthy();
    expect(screen.getByText("Really gone.")).toBeTruthy();
    expect(screen.getByText("Error 404")).toBeTruthy();
  });

  it("shows the default title and message for other errors", () => {
    renderAt("/", 500);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Oops! Something went wrong");
    expect(screen.getByText("Try again.")).toBeTruthy();
  });

  it("links home in the page's language", () => {
    renderAt("/de/missing", 404);
    expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/de");
  });

  it("goes back in history with the Go back button", () => {
    Object.defineProperty(window.history, "length", { configurable: true, value: 3 });
    const back = vi.spyOn(window.history, "back").mockImplementation(() => undefined);
    renderAt("/missing", 404);
    fireEvent.click(screen.getByRole("button", { name: "Go back" }));
    expect(back).toHaveBeenCalledOnce();
  });
});
