import type { AssemblySpecReference } from "@ems/contracts/assemblies";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type * as Pages from "@ems/i18n/pages";
import { afterEach, describe, expect, it, vi } from "vitest";

import { messages as de } from "~/locales/de/messages";
import { messages as en } from "~/locales/en/messages";

import { AssemblySpecReferenceCard, AssemblySpecReferenceLink } from "./assembly-spec-reference";

// Hides the back office's assembly page from the route map on demand, as before that page existed.
const routeMap = vi.hoisted(() => ({ hideStaffAssemblies: false }));
vi.mock("@ems/i18n/pages", async (original) => {
  const real = await original<typeof Pages>();
  const hidden = (key: string | symbol) => routeMap.hideStaffAssemblies && key === "staff-pcbas";
  return {
    ...real,
    PAGES: new Proxy(real.PAGES, {
      has: (target, key) => !hidden(key) && Reflect.has(target, key),
      getOwnPropertyDescriptor: (target, key) =>
        hidden(key) ? undefined : Reflect.getOwnPropertyDescriptor(target, key),
    }),
  };
});

afterEach(() => {
  cleanup();
  routeMap.hideStaffAssemblies = false;
});

const SPEC: AssemblySpecReference = {
  spec_id: "00000000-0000-4000-8000-0000000000a1",
  version_id: "00000000-0000-4000-8000-0000000000b2",
  number: "PCBA-2026-00001",
  version: 2,
  name: "Motor shield",
  revision: "C",
  bom_version: 3,
  bom_lines: 42,
  pcb_number: "PCB-2026-00007",
};

function show(ui: React.ReactNode, locale: "en" | "de" = "en") {
  const i18n = setupI18n({ locale, messages: { en, de } });
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>{ui}</MemoryRouter>
    </I18nProvider>,
  );
}

const factsLine = (text: string) =>
  screen.getByText((_, element) => element?.tagName === "P" && element.textContent === text);

describe("AssemblySpecReferenceCard", () => {
  it("names the version, its BOM and board, and links the customer's sheet", () => {
    show(<AssemblySpecReferenceCard spec={SPEC} audience="customer" locale="en" />);
    expect(screen.getByText("Assembly specification")).toBeTruthy();
    expect(screen.getByText("PCBA-2026-00001: Motor shield")).toBeTruthy();
    expect(factsLine("Version 2 · Rev. C · BOM version 3 · 42 lines · on PCB-2026-00007")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open the specification" }).getAttribute("href")).toBe(
      `/my/pcbas?pcba=${SPEC.spec_id}&version=2`,
    );
  });

  it("says when the version names no BOM, and leaves out what it lacks", () => {
    show(
      <AssemblySpecReferenceCard
        spec={{ ...SPEC, revision: null, bom_version: null, bom_lines: null, pcb_number: null }}
        audience="customer"
        locale="en"
      />,
    );
    expect(factsLine("Version 2 · No BOM yet")).toBeTruthy();
  });

  it("links staff to the back office's page, in the page's language", () => {
    show(<AssemblySpecReferenceCard spec={{ ...SPEC, bom_lines: 1 }} audience="staff" locale="de" />, "de");
    expect(screen.getByText(/Stücklistenversion 3 · 1 Position/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Spezifikation öffnen" }).getAttribute("href")).toBe(
      `/de/staff/pcbas?pcba=${SPEC.spec_id}&version=2`,
    );
  });

  it("shows staff no link while the back office has no assembly page", () => {
    routeMap.hideStaffAssemblies = true;
    show(<AssemblySpecReferenceCard spec={SPEC} audience="staff" locale="en" />);
    expect(screen.getByText("PCBA-2026-00001: Motor shield")).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });
});

describe("AssemblySpecReferenceLink", () => {
  it("is the number and version as a link to the sheet", () => {
    show(<AssemblySpecReferenceLink spec={SPEC} audience="customer" locale="en" />);
    const link = screen.getByRole("link", { name: "PCBA-2026-00001, version 2: Motor shield" });
    expect(link.getAttribute("href")).toBe(`/my/pcbas?pcba=${SPEC.spec_id}&version=2`);
  });

  it("is plain text for staff while there is no page to open", () => {
    routeMap.hideStaffAssemblies = true;
    show(<AssemblySpecReferenceLink spec={SPEC} audience="staff" locale="en" />);
    expect(screen.getByText("PCBA-2026-00001, version 2: Motor shield")).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });
});
