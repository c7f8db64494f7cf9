import type { QueryDetail } from "@ems/contracts/engineering-queries";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { FormReply } from "~/lib/form-action.server";
import { messages as en } from "~/locales/en/messages";

import { entryKind, isConflict, QueryDialog, queryHref, withQuery } from "./engineering-queries";

vi.mock("~/lib/toast", () => ({ showToast: vi.fn() }));

afterEach(cleanup);

const ID = "00000000-0000-4000-8000-0000000000e1";
const FILE = "00000000-0000-4000-8000-0000000000f1";

const QUERY: QueryDetail = {
  id: ID,
  number: "EQ-2026-00007",
  status: "answered",
  title: "R1 and C7 values",
  subject: {
    kind: "assembly",
    spec_id: "00000000-0000-4000-8000-0000000000a1",
    version_id: "00000000-0000-4000-8000-0000000000a2",
    number: "ASM-2026-00001",
    version: 1,
    name: "NW-420 humidity sensor",
  },
  company_id: "00000000-0000-4000-8000-0000000000c1",
  company_name: "Nordwind Sensorik GmbH",
  raised_by_name: "Petra Keller",
  created_at: "2026-11-27T08:00:00.000Z",
  updated_at: "2026-11-28T08:00:00.000Z",
  answered_at: "2026-11-28T08:00:00.000Z",
  closed_at: null,
  age_days: 2,
  version: 2,
  orders: [
    {
      order_id: "00000000-0000-4000-8000-0000000000d1",
      number: "SO-2026-00009",
      status: "confirmed",
      line_positions: [1],
    },
  ],
  description: "Which values should we fit?",
  location: {
    designators: ["R1", "C7"],
    bom_line_ids: [],
    points: [{ side: "bottom", x_mm: 12.5, y_mm: 3 }],
  },
  options: ["BOM values", "Schematic values"],
  messages: [
    {
      id: "00000000-0000-4000-8000-000000000101",
      kind: "question",
      side: "staff",
      author_name: "Petra Keller",
      option_index: null,
      option: null,
      body: "Which values should we fit?",
      attachments: [{ id: FILE, name: "review.png", media_type: "image/png", size: 2048, deleted: false }],
      created_at: "2026-11-27T08:00:00.000Z",
    },
    {
      id: "00000000-0000-4000-8000-000000000102",
      kind: "reply",
      side: "customer",
      author_name: "Mira Castell",
      option_index: 1,
      option: "Schematic values",
      body: "The schematic is right.",
      attachments: [],
      created_at: "2026-11-28T08:00:00.000Z",
    },
  ],
};

function withI18n(children: ReactNode) {
  const i18n = setupI18n({ locale: "en", messages: { en } });
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** The dialog on a page whose action answers every post with `reply`. */
function show(query: QueryDetail, reply: (form: FormData) => FormReply) {
  const posted: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: "/staff/engineering-queries",
      Component: () =>
        withI18n(
          <QueryDialog query={query} missing={false} closeTo="/staff/engineering-queries" locale="en" />,
        ),
      action: async ({ request }) => {
        const form = await request.formData();
        posted.push(form);
        return reply(form);
      },
    },
  ]);
  render(<Stub initialEntries={[`/staff/engineering-queries?query=${ID}`]} />);
  return posted;
}

describe("pure helpers", () => {
  it("names staff replies comments and customer replies answers", () => {
    expect(entryKind({ kind: "reply", side: "staff" })).toBe("comment");
    expect(entryKind({ kind: "reply", side: "customer" })).toBe("answer");
    expect(entryKind({ kind: "closed", side: "staff" })).toBe("closed");
  });

  it("recognises the API's 409 among the action's answers", () => {
    const refused = { done: false, result: { status: "error", error: { "": ["CONFLICT"] } } } as FormReply;
    const invalid = { done: false, result: { status: "error", error: { body: ["too_big"] } } } as FormReply;
    expect(isConflict(refused)).toBe(true);
    expect(isConflict(invalid)).toBe(false);
    expect(isConflict(undefined)).toBe(false);
  });

  it("opens a query by its address and closes it keeping the rest of the page's state", () => {
    expect(queryHref("de", ID)).toBe(`/de/staff/engineering-queries?query=${ID}`);
    expect(withQuery("/staff/pcbas", "?pcba=a1&page=2", ID)).toBe(`/staff/pcbas?pcba=a1&page=2&query=${ID}`);
    expect(withQuery("/staff/pcbas", `?pcba=a1&query=${ID}`, null)).toBe("/staff/pcbas?pcba=a1");
    expect(withQuery("/staff/pcbas", `?query=${ID}`, null)).toBe("/staff/pcbas");
  });
});

describe("QueryDialog", () => {
  it("shows where the query applies, the answers offered, the held orders and the thread", async () => {
    show(QUERY, () => ({ done: true, result: { status: "success" } }) as FormReply);
    const dialog = await screen.findByRole("dialog", { name: "EQ-2026-00007 · R1 and C7 values" });
    expect(within(dialog).getByRole("list", { name: "Designators" }).textContent).toBe("R1C7");
    expect(within(dialog).getByText("Bottom side at x 12.5 mm, y 3 mm")).toBeTruthy();
    expect(within(dialog).getByText("Schematic values", { selector: "li" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "SO-2026-00009" }).getAttribute("href")).toMatch(
      /\/staff\/orders\/00000000-0000-4000-8000-0000000000d1$/,
    );
    expect(within(dialog).getByText("Chosen answer: Schematic values")).toBeTruthy();
    expect(within(dialog).getByText(/^Answer by Mira Castell, /)).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "review.png" }).getAttribute("href")).toBe(
      `/api/staff/files/${FILE}`,
    );
    expect(within(dialog).getByRole("button", { name: "Close query" })).toBeTruthy();
  });

  it("takes nothing more once the query is closed", async () => {
    show({ ...QUERY, status: "closed" }, () => ({ done: true, result: { status: "success" } }) as FormReply);
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("This query is closed: nothing more can be added.")).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Close query" })).toBeNull();
    expect(within(dialog).queryByLabelText("Comment")).toBeNull();
  });

  it("closes with the version shown and says so clearly when someone else settled it first", async () => {
    const posted = show(QUERY, () => ({
      done: false,
      intent: "query_close",
      result: { status: "error", error: { "": ["CONFLICT"] } },
    }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Note for the customer (optional)"), {
      target: { value: "Settled on the phone." },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Close query" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get("intent")).toBe("query_close");
    expect(posted[0]!.get("expected_version")).toBe("2");
    expect(posted[0]!.get("id")).toBe(ID);
    expect(posted[0]!.get("note")).toBe("Settled on the phone.");
    expect(await within(dialog).findByText("The query has changed")).toBeTruthy();
  });

  it("asks for a comment before posting one", async () => {
    const posted = show(QUERY, () => ({ done: true, result: { status: "success" } }) as FormReply);
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add comment" }));
    expect(await within(dialog).findByText("Write a comment of up to 5,000 characters.")).toBeTruthy();
    expect(posted).toHaveLength(0);
  });
});
