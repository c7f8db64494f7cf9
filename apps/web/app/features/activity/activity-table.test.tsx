import type { ActivityEntry } from "@ems/contracts/activity";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";

import { messages as de } from "~/locales/de/messages";

import { ActivityTable } from "./activity-table";

afterEach(cleanup);

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: crypto.randomUUID(),
  created_at: "2026-11-28T10:00:00.000Z",
  kind: "user",
  action: "quote.requested",
  actor: { id: "00000000-0000-4000-8000-000000000001", name: "Lena Hartmann" },
  subject_type: null,
  subject_id: null,
  ip_address: null,
  user_agent: null,
  details: null,
  ...over,
});

describe("ActivityTable", () => {
  it("names documents by their number and PCB specifications and files by their label, in the page's language", () => {
    const i18n = setupI18n({ locale: "de", messages: { de } });
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <ActivityTable
            caption="Protokoll"
            actorHref={(id) => `/de/my/system-logs?actor=${id}`}
            items={[
              entry({
                subject_type: "quote",
                subject_id: "00000000-0000-4000-8000-0000000000a1",
                details: { number: "QTN-2026-00042", lines: 2 },
              }),
              entry({
                action: "pcb.version_saved",
                subject_type: "pcb_spec",
                subject_id: "00000000-0000-4000-8000-0000000000a2",
                details: { label: "PCB-2026-00007", version: 2 },
              }),
              entry({
                action: "file.deleted",
                subject_type: "file",
                subject_id: "00000000-0000-4000-8000-0000000000a3",
                details: { label: "gerbers.zip", size: 4096 },
              }),
            ]}
          />
        </MemoryRouter>
      </I18nProvider>,
    );
    // The subject cell: its label, then the document's number or the subject's own label.
    const subject = (text: string) =>
      screen.getAllByText((_, element) => element?.tagName === "SPAN" && element.textContent === text)[0];
    expect(subject("Angebot · QTN-2026-00042")).toBeTruthy();
    expect(screen.getAllByText("Leiterplattenspezifikation geändert (neue Version)").length).toBeGreaterThan(
      0,
    );
    expect(subject("Leiterplattenspezifikation · PCB-2026-00007")).toBeTruthy();
    expect(subject("Datei · gerbers.zip")).toBeTruthy();
    expect(screen.getAllByText("Datei gelöscht").length).toBeGreaterThan(0);
  });
});
