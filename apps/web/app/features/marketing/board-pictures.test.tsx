import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";

import { PAGES } from "@ems/i18n/pages";

import { BoardCredits, HeroBoard, PageBoards } from "./board-pictures";
import { BOARDS, PAGE_BOARDS } from "./boards";

const i18n = setupI18n({
  locale: "en",
  messages: {
    en: {
      "board.alt_hero": ["Hero ", ["project"]],
      "board.alt_top": ["Top of ", ["project"]],
      "board.alt_bottom": ["Bottom of ", ["project"]],
      "board.caption": [["project"], " by ", ["author"], ", licence ", ["licence"]],
      "board.credits_heading": ["Board pictures"],
      "board.credits_text": ["Credits"],
    },
  },
});

const wrap = (node: ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

afterEach(cleanup);

describe("board pictures", () => {
  it("shows the hero eagerly with high priority, in every width, sized, with its credit", () => {
    wrap(<HeroBoard />);
    const img = screen.getByRole("img", { name: "Hero USBKVM" });
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("fetchpriority")).toBe("high");
    expect(img.getAttribute("width")).toBe("1536");
    expect(img.getAttribute("height")).toBe("1152");
    expect(img.getAttribute("srcset")).toContain("/images/board-hero-1536.webp 1536w");
    expect(screen.getByRole("figure").textContent).toContain(
      "USBKVM by Lukas K. (carrotIndustries), licence CERN-OHL-P-2.0",
    );
  });

  it("gives every service page a board and the case studies two, the second lazily", () => {
    const servicePages = Object.keys(PAGES).filter((key) => key.startsWith("em-"));
    expect(servicePages.length).toBeGreaterThan(0);
    for (const key of servicePages) expect(PAGE_BOARDS[key], key).toBeDefined();
    for (const key of Object.keys(PAGE_BOARDS)) expect(PAGES, key).toHaveProperty(key);

    wrap(<PageBoards pageKey="resources-case-studies" />);
    const [first, second] = screen.getAllByRole("img");
    expect(first!.getAttribute("alt")).toBe("Top of SimpleFOCShield v3");
    expect(first!.getAttribute("loading")).toBe("eager");
    expect(second!.getAttribute("alt")).toBe("Top of FD-1 mainboard");
    expect(second!.getAttribute("loading")).toBe("lazy");
    expect(second!.getAttribute("src")).toMatch(/^\/images\/board-fd1-top-\d+\.webp$/);
  });

  it("shows nothing on a page without a board", () => {
    const { container } = wrap(<PageBoards pageKey="about-company" />);
    expect(container.innerHTML).toBe("");
  });

  it("credits every board with links to its files and licence", () => {
    wrap(<BoardCredits />);
    for (const board of Object.values(BOARDS)) {
      expect(screen.getByRole("link", { name: board.project }).getAttribute("href")).toBe(board.sourceUrl);
      expect(screen.getAllByRole("link", { name: board.licence })[0]!.getAttribute("href")).toBe(
        `https://spdx.org/licenses/${board.licence}.html`,
      );
    }
  });
});
