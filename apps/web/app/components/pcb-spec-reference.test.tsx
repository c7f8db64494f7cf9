import type { PcbSpecReference } from "@ems/contracts/pcbs";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { messages as de } from "~/locales/de/messages";
import { messages as en } from "~/locales/en/messages";

import { PcbSpecReferenceCard, PcbSpecReferenceLink } from "./pcb-spec-reference";

afterEach(cleanup);

const SPEC: PcbSpecReference = {
  spec_id: "00000000-0000-4000-8000-0000000000a1",
  version_id: "00000000-0000-4000-8000-0000000000b2",
  number: "PCB-2026-00007",
  version: 3,
  name: "Motor controller",
  revision: "D",
  layers: 4,
  width_mm: 100.5,
  height_mm: 80,
  has_gerber: true,
  analysis_status: "done",
  dfm_errors: 2,
  dfm_warnings: 1,
  preview_top_url: "/api/pcbs/00000000-0000-4000-8000-0000000000a1/versions/3/preview/top",
};

function show(ui: React.ReactNode, locale: "en" | "de" = "en") {
  const i18n = setupI18n({ locale, messages: { en, de } });
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>{ui}</MemoryRouter>
    </I18nProvider>,
  );
}

describe("PcbSpecReferenceCard", () => {
  it("names the version, shows its image and DFM counts, and links the customer's sheet", () => {
    show(<PcbSpecReferenceCard spec={SPEC} audience="customer" locale="en" />);
    expect(screen.getByText("PCB-2026-00007: Motor controller")).toBeTruthy();
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === "P" && element.textContent === "Version 3 · Rev. D · 4 layers · 100.5 × 80 mm",
      ),
    ).toBeTruthy();
    expect(screen.getByText("2 errors, 1 warning")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Top side of Motor controller" }).getAttribute("src")).toBe(
      SPEC.preview_top_url,
    );
    expect(screen.getByRole("link", { name: "Open the specification" }).getAttribute("href")).toBe(
      `/my/pcbs?pcb=${SPEC.spec_id}&version=3`,
    );
  });

  it("links staff to the back office's sheet, in the page's language", () => {
    show(<PcbSpecReferenceCard spec={SPEC} audience="staff" locale="de" />, "de");
    expect(screen.getByRole("link", { name: "Spezifikation öffnen" }).getAttribute("href")).toBe(
      `/de/staff/pcbs?pcb=${SPEC.spec_id}&version=3`,
    );
    expect(screen.getByText(/100,5 × 80 mm/)).toBeTruthy();
  });

  it("says what the files' check stands at", () => {
    const cases: [Partial<PcbSpecReference>, string][] = [
      [
        { has_gerber: false, analysis_status: "none", dfm_errors: null, dfm_warnings: null },
        "No Gerber files",
      ],
      [{ analysis_status: "pending", dfm_errors: null, dfm_warnings: null }, "Files being checked"],
      [{ analysis_status: "failed", dfm_errors: null, dfm_warnings: null }, "Files could not be read"],
      [{ dfm_errors: 0, dfm_warnings: 0 }, "No DFM findings"],
    ];
    for (const [over, text] of cases) {
      show(<PcbSpecReferenceCard spec={{ ...SPEC, ...over }} audience="customer" locale="en" />);
      expect(screen.getByText(text)).toBeTruthy();
      cleanup();
    }
  });

  it("leaves the image out while the version has none", () => {
    show(<PcbSpecReferenceCard spec={{ ...SPEC, preview_top_url: null }} audience="customer" locale="en" />);
    expect(screen.queryByRole("img")).toBeNull();
  });
});

describe("PcbSpecReferenceLink", () => {
  it("is the number and version as a link to the sheet", () => {
    show(<PcbSpecReferenceLink spec={SPEC} audience="customer" locale="en" />);
    const link = screen.getByRole("link", { name: "PCB-2026-00007, version 3: Motor controller" });
    expect(link.getAttribute("href")).toBe(`/my/pcbs?pcb=${SPEC.spec_id}&version=3`);
  });
});
