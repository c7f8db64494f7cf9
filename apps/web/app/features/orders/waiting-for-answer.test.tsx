import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { LineProgress } from "@ems/contracts/orders";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { messages } from "~/locales/en/messages";

import { ProductionTimeline } from "./production-timeline";
import { WaitingForAnswer } from "./waiting-for-answer";

const i18n = setupI18n({ locale: "en", messages: { en: messages } });

afterEach(cleanup);

function renderWith(element: ReactNode) {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>{element}</MemoryRouter>
    </I18nProvider>,
  );
}

const hold = {
  query_id: "6f1c2b1e-7d0a-4c51-9a7e-0c1b2d3e4f50",
  number: "EQ-2026-00001",
  title: "D1 polarity: silkscreen and footprint disagree",
  line_ids: ["0b7a5e43-2f4c-4d8e-9a61-5c3b2a1f0e9d"],
};

const stage = (name: LineProgress["stages"][number]["stage"], position: number, percent = 0) => ({
  stage: name,
  position,
  percent,
  planned_date: null,
  started_at: null,
  completed_at: null,
});

const line: LineProgress = {
  line_id: hold.line_ids[0]!,
  position: 1,
  description: "NW-420 humidity sensor",
  quantity: 50,
  kind: "assembly",
  progress_percent: 0,
  stages: [stage("data_check", 1, 50), stage("smt", 2)],
};

describe("an order waiting for the customer's answer", () => {
  it("names each query with a link to it", () => {
    renderWith(<WaitingForAnswer holds={[hold]} locale="en" />);
    const notice = screen.getByRole("status");
    expect(within(notice).getByText("Waiting for your answer")).toBeTruthy();
    const link = within(notice).getByRole("link", { name: `EQ-2026-00001: ${hold.title}` });
    expect(link.getAttribute("href")).toBe(`/my/pcbas?query=${hold.query_id}`);
  });

  it("shows nothing when no query holds it", () => {
    renderWith(<WaitingForAnswer holds={[]} locale="en" />);
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("says at the held line's data check that it waits for the answer", () => {
    renderWith(<ProductionTimeline line={line} locale="en" waitingFor={[hold]} />);
    const check = screen.getByRole("listitem", { current: "step" });
    expect(within(check).getByText("Waiting for your answer (EQ-2026-00001)")).toBeTruthy();
  });
});
