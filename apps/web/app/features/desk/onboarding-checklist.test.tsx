import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { messages as de } from "~/locales/de/messages";
import { messages as en } from "~/locales/en/messages";

import { greetingKey, OnboardingChecklist, onboardingSteps } from "./onboarding-checklist";

afterEach(cleanup);

const ALL = { address: true, invite: true, quote: true, pcb: true };
const FRESH = { first_visit: true, address: false, colleagues: false, first_request: false };

function inLanguage(locale: "en" | "de", children: ReactNode) {
  const i18n = setupI18n({ locale, messages: { [locale]: locale === "de" ? de : en } });
  return render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>{children}</MemoryRouter>
    </I18nProvider>,
  );
}

describe("the first steps on the desk", () => {
  it("lists the three steps with links to where each is done, ticking what the data says", () => {
    inLanguage("en", <OnboardingChecklist onboarding={{ ...FRESH, address: true }} may={ALL} locale="en" />);
    const list = screen.getByRole("region", { name: "Your first steps" });
    expect(within(list).getByText("1 of 3 done")).toBeTruthy();
    const steps = within(list).getAllByRole("listitem");
    expect(steps.map((step) => step.getAttribute("data-done"))).toEqual(["true", "false", "false"]);
    expect(steps[0]!.textContent).toContain("(done)");
    // A done step needs no link; the others lead to where they are done.
    expect(within(steps[0]!).queryByRole("link")).toBeNull();
    expect(within(steps[1]!).getByRole("link", { name: "Invite a colleague" }).getAttribute("href")).toBe(
      "/my/companies#users",
    );
    expect(
      within(steps[2]!)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/my/pcbs", "/my/quotes"]);
  });

  it("speaks the page's language and links within it", () => {
    inLanguage("de", <OnboardingChecklist onboarding={FRESH} may={ALL} locale="de" />);
    expect(screen.getByRole("heading", { name: "Ihre ersten Schritte" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Adresse hinzufügen" }).getAttribute("href")).toMatch(
      /^\/de\/.*#addresses$/,
    );
  });

  it("offers only the steps the role may take, and disappears once they are all done", () => {
    const label = (key: string) => key;
    const buyer = { address: true, invite: false, quote: true, pcb: false };
    expect(onboardingSteps(FRESH, buyer, "en", label).map((step) => step.key)).toEqual([
      "address",
      "first_request",
    ]);
    expect(onboardingSteps({ ...FRESH, address: true, first_request: true }, buyer, "en", label)).toEqual([]);
    const viewer = { address: false, invite: false, quote: false, pcb: false };
    expect(onboardingSteps(FRESH, viewer, "en", label)).toEqual([]);
    const { container } = inLanguage(
      "en",
      <OnboardingChecklist
        onboarding={{ first_visit: false, address: true, colleagues: true, first_request: true }}
        may={ALL}
        locale="en"
      />,
    );
    expect(container.textContent).toBe("");
  });
});

describe("the desk's greeting", () => {
  const DONE = { first_visit: false, address: true, colleagues: true, first_request: true };

  it("welcomes back only a returning customer with no first step left", () => {
    expect(greetingKey(DONE, ALL)).toBe("desk.greeting");
    expect(greetingKey({ ...DONE, first_visit: true }, ALL)).toBe("desk.greeting_new");
    expect(greetingKey({ ...DONE, colleagues: false }, ALL)).toBe("desk.greeting_new");
  });

  it("counts only the steps the caller's role may take", () => {
    const viewer = { address: false, invite: false, quote: false, pcb: false };
    expect(greetingKey({ ...FRESH, first_visit: false }, viewer)).toBe("desk.greeting");
    expect(greetingKey({ ...DONE, colleagues: false }, { ...ALL, invite: false })).toBe("desk.greeting");
  });
});
