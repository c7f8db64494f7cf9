import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { messages } from "~/locales/en/messages";

import { Pagination, pageWindow } from "./pagination";

afterEach(cleanup);

const i18n = setupI18n({ locale: "en", messages: { en: messages } });

function renderPagination(page: number, pages: number, label?: string) {
  return render(
    <MemoryRouter initialEntries={["/my/invoices"]}>
      <I18nProvider i18n={i18n}>
        <Pagination page={page} pages={pages} href={(p) => `/my/invoices?page=${p}`} label={label} />
      </I18nProvider>
    </MemoryRouter>,
  );
}

describe("Pagination", () => {
  it("links the previous, next and nearby pages and marks the current one", () => {
    renderPagination(5, 10);
    const nav = screen.getByRole("navigation", { name: "Pages" });
    expect(within(nav).getByRole("link", { name: "Previous page" }).getAttribute("href")).toBe(
      "/my/invoices?page=4",
    );
    expect(within(nav).getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      "/my/invoices?page=6",
    );
    const current = within(nav).getByRole("link", { name: "Page 5 of 10" });
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(current.getAttribute("href")).toBe("/my/invoices?page=5");
    expect(within(nav).getByRole("link", { name: "Page 4 of 10" }).getAttribute("aria-current")).toBeNull();
    const numbers = within(nav)
      .getAllByRole("link", { name: /^Page \d+ of 10$/ })
      .map((link) => link.textContent);
    expect(numbers).toEqual(["1", "4", "5", "6", "10"]);
  });

  it("shows the previous link disabled on the first page and the next link disabled on the last", () => {
    renderPagination(1, 3);
    expect(screen.queryByRole("link", { name: "Previous page" })).toBeNull();
    expect(screen.getByText("Previous page").getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe("/my/invoices?page=2");
    cleanup();

    renderPagination(3, 3);
    expect(screen.queryByRole("link", { name: "Next page" })).toBeNull();
    expect(screen.getByText("Next page").getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("link", { name: "Page 3 of 3" }).getAttribute("aria-current")).toBe("page");
  });

  it("takes the name of the list's navigation", () => {
    renderPagination(1, 2, "Pages of quotes");
    expect(screen.getByRole("navigation", { name: "Pages of quotes" })).toBeTruthy();
  });

  it("is not there for a single page", () => {
    renderPagination(1, 1);
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});

describe("pageWindow", () => {
  it("keeps the ends and the neighbours of the current page, with gaps between", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    expect(pageWindow(12, 12)).toEqual([1, null, 11, 12]);
  });
});
