import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { QueryDetail } from "@ems/contracts/engineering-queries";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { FormReply } from "~/lib/form-action.server";
import type { QueryBoardSource } from "~/lib/query-board";
import { messages } from "~/locales/en/messages";

import type { SheetQueries } from "./query-helpers";
import { QueryPanel } from "./query-panel";

vi.mock("~/lib/toast", () => ({ showToast: vi.fn() }));

afterEach(cleanup);

const i18n = setupI18n({ locale: "en", messages: { en: messages } });

const message = (overrides: Partial<QueryDetail["messages"][number]>): QueryDetail["messages"][number] => ({
  id: crypto.randomUUID(),
  kind: "question",
  side: "staff",
  author_name: "Lena Lindqvist",
  option_index: null,
  option: null,
  body: "Which one should we follow?",
  attachments: [],
  created_at: "2026-11-27T09:00:00.000Z",
  ...overrides,
});

function query(overrides: Partial<QueryDetail> = {}): QueryDetail {
  return {
    id: "6f1c2b1e-7d0a-4c51-9a7e-0c1b2d3e4f50",
    number: "EQ-2026-0001",
    status: "open",
    title: "D1 polarity: silkscreen and footprint disagree",
    subject: {
      kind: "assembly",
      spec_id: "0b7a5e43-2f4c-4d8e-9a61-5c3b2a1f0e9d",
      version_id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
      number: "ASM-2026-0001",
      version: 1,
      name: "NW-420",
    },
    company_id: "2c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
    company_name: "Nordwind Sensorik GmbH",
    raised_by_name: "Lena Lindqvist",
    created_at: "2026-11-27T09:00:00.000Z",
    updated_at: "2026-11-27T09:00:00.000Z",
    answered_at: null,
    closed_at: null,
    age_days: 2,
    version: 1,
    orders: [],
    description: "Which one should we follow?",
    location: { designators: ["D1"], bom_line_ids: [], points: [] },
    options: ["Follow the footprint", "Follow the silkscreen"],
    messages: [message({})],
    ...overrides,
  };
}

const part = (designator: string, x: number, y: number) => ({
  designator,
  x,
  y,
  side: "top" as const,
  rotation: 0,
  mount: "smt" as const,
  value: null,
  footprint: "0603",
});

const board: QueryBoardSource = {
  bounds: { minX: 0, minY: 0, maxX: 50, maxY: 40 },
  parts: [part("D1", 10, 10), part("R1", 30, 20)],
  images: { top: null, bottom: null },
};

function renderPanel(
  items: QueryDetail[],
  { mayReply = true, answer }: { mayReply?: boolean; answer?: (form: FormData) => FormReply } = {},
) {
  const queries: SheetQueries = { items, total: items.length, bomLines: {} };
  const posted: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <QueryPanel
          queries={queries}
          board={board}
          focusId={null}
          mayReply={mayReply}
          uploadMaxBytes={1_000_000}
        />
      ),
      action: async ({ request }) => {
        const form = await request.formData();
        posted.push(form);
        return answer?.(form) ?? ({ result: { status: "success" }, done: true } satisfies FormReply);
      },
    },
  ]);
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={["/"]} />
    </I18nProvider>,
  );
  return { posted };
}

describe("the engineering queries of a sheet", () => {
  it("shows each query with its status, question and pins, and highlights its designators on the board", () => {
    renderPanel([query()]);
    const region = screen.getByRole("region", { name: "Engineering queries" });
    const article = within(region).getByRole("article", { name: /EQ-2026-0001: D1 polarity/ });
    expect(within(article).getByText("Open")).toBeTruthy();
    expect(within(article).getByText(/Which one should we follow/)).toBeTruthy();
    const pinned = within(article).getByRole("list", { name: "Pinned parts" });
    expect(
      within(pinned)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["D1"]);
    const drawing = screen.getByRole("img", { name: /Board with the pinned parts, top side/ });
    expect(drawing.querySelector('[data-designator="D1"]')?.getAttribute("data-highlighted")).toBe("true");
    expect(drawing.querySelector('[data-designator="R1"]')?.getAttribute("data-highlighted")).toBeNull();
  });

  it("offers the answers as a radio group with the own answer, and checks the form before posting", async () => {
    const { posted } = renderPanel([query()]);
    const form = screen.getByRole("form", { name: "Answer EQ-2026-0001" });
    const group = within(form).getByRole("group", { name: "Choose an answer" });
    expect(
      within(group)
        .getAllByRole("radio")
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(["Follow the footprint", "Follow the silkscreen", "None of these: my own answer below"]);
    // Nothing is chosen for the customer: not even "my own answer".
    expect(within(group).queryAllByRole("radio", { checked: true })).toEqual([]);
    fireEvent.click(within(form).getByRole("button", { name: "Send answer" }));
    expect(await within(form).findByText("Choose one of the answers or write your own.")).toBeTruthy();
    expect(posted).toHaveLength(0);

    fireEvent.click(within(group).getByRole("radio", { name: "Follow the silkscreen" }));
    fireEvent.click(within(form).getByRole("button", { name: "Send answer" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.get("intent")).toBe("queryReply");
    expect(posted[0]?.get("option_index")).toBe("1");
    expect(posted[0]?.get("expected_version")).toBe("1");
  });

  it("asks for the customer's own words when a query offers no answers", async () => {
    const { posted } = renderPanel([query({ options: [] })]);
    const form = screen.getByRole("form", { name: "Answer EQ-2026-0001" });
    expect(within(form).queryByRole("radio")).toBeNull();
    fireEvent.click(within(form).getByRole("button", { name: "Send answer" }));
    expect(await within(form).findByText("Write your answer for our engineers.")).toBeTruthy();
    expect(within(form).queryByText("Choose one of the answers or write your own.")).toBeNull();
    expect(posted).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText("Your answer"), { target: { value: "Rotate it." } });
    fireEvent.click(within(form).getByRole("button", { name: "Send answer" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.get("body")).toBe("Rotate it.");
  });

  it("says clearly when someone else answered meanwhile", async () => {
    renderPanel([query()], {
      answer: () => ({
        result: { status: "error", error: { "": ["CONFLICT"] } },
        done: false,
        otherData: { status: "answered", latest_version: 2 },
      }),
    });
    const form = screen.getByRole("form", { name: "Answer EQ-2026-0001" });
    fireEvent.change(within(form).getByLabelText("Your answer"), { target: { value: "Rotate it." } });
    fireEvent.click(within(form).getByRole("button", { name: "Send answer" }));
    expect(await screen.findByText("Someone answered this query meanwhile")).toBeTruthy();
  });

  it("shows readers the thread without a form, and settled queries without one", () => {
    renderPanel(
      [
        query(),
        query({
          id: "7f1c2b1e-7d0a-4c51-9a7e-0c1b2d3e4f51",
          number: "EQ-2026-0002",
          status: "closed",
          messages: [
            message({}),
            message({
              kind: "reply",
              side: "customer",
              author_name: "Mira Castell",
              option: "Follow the footprint",
              option_index: 0,
              body: null,
            }),
          ],
        }),
      ],
      { mayReply: false },
    );
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.getByText(/Members with the Administrator, Buyer or Engineer role answer/)).toBeTruthy();
    const settled = screen.getByRole("article", { name: /EQ-2026-0002/ });
    const thread = within(settled).getByRole("list", { name: "Conversation" });
    expect(within(thread).getByText("Mira Castell")).toBeTruthy();
    expect(within(thread).getByText(/Follow the footprint/)).toBeTruthy();
  });
});
