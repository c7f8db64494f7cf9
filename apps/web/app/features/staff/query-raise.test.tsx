import { parseWithZod } from "@conform-to/zod/v4";
import { QUERY_LIMITS, queryRaiseSchema } from "@ems/contracts/engineering-queries";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { FormReply } from "~/lib/form-action.server";
import type { QueryBoardSource } from "~/lib/query-board";
import { withoutIntent } from "~/lib/use-fetcher-form";
import { messages as en } from "~/locales/en/messages";

import { matchDesignators, RaiseQueryDialog, raiseDesignators } from "./query-raise";

vi.mock("~/lib/toast", () => ({ showToast: vi.fn() }));

afterEach(cleanup);

const VERSION = "00000000-0000-4000-8000-0000000000a2";
const LINE = "00000000-0000-4000-8000-0000000000b1";

describe("raiseDesignators", () => {
  it("offers every designator of the BOM and the placements once, upper-case, in natural order", () => {
    expect(
      raiseDesignators(
        [{ designators: ["C10", "c2", "C1"] }, { designators: ["R1"] }, { designators: [] }],
        ["R1", "u3", "TP1"],
      ),
    ).toEqual(["C1", "C2", "C10", "R1", "TP1", "U3"]);
  });

  it("narrows to the designators holding what was typed", () => {
    const all = ["C1", "C10", "R1", "U1"];
    expect(matchDesignators(all, " c1 ")).toEqual(["C1", "C10"]);
    expect(matchDesignators(all, "")).toEqual(all);
    expect(matchDesignators(all, "x")).toEqual([]);
  });
});

const PCB_VERSION = "00000000-0000-4000-8000-0000000000a3";

/** A bare 100 × 60 mm board, as the PCB view passes it. */
const BARE_BOARD: QueryBoardSource = {
  bounds: { minX: 0, minY: 0, maxX: 100, maxY: 60 },
  parts: [],
  images: { top: null, bottom: null },
};

function show(reply: FormReply, { pcb }: { pcb?: { board: QueryBoardSource | null } } = {}) {
  const posted: FormData[] = [];
  const i18n = setupI18n({ locale: "en", messages: { en } });
  const Stub = createRoutesStub([
    {
      path: "/staff/pcbas",
      Component: () => (
        <I18nProvider i18n={i18n}>
          {pcb ? (
            <RaiseQueryDialog
              subject={{
                kind: "pcb",
                versionId: PCB_VERSION,
                companyId: "00000000-0000-4000-8000-0000000000c1",
                companyName: "Nordwind Sensorik GmbH",
                number: "PCB-2026-00001",
                version: 2,
              }}
              designators={[]}
              bomLines={[]}
              board={pcb.board}
              locale="en"
            />
          ) : (
            <RaiseQueryDialog
              subject={{
                kind: "assembly",
                versionId: VERSION,
                companyId: "00000000-0000-4000-8000-0000000000c1",
                companyName: "Nordwind Sensorik GmbH",
                number: "ASM-2026-00001",
                version: 1,
              }}
              designators={["C1", "C7", "R1", "R2"]}
              bomLines={[
                { id: LINE, position: 7, designators: ["R1", "R2"], label: "Yageo RC0402FR-0710KL" },
              ]}
              board={null}
              locale="en"
            />
          )}
        </I18nProvider>
      ),
      action: async ({ request }) => {
        const form = await request.formData();
        posted.push(form);
        return reply;
      },
    },
  ]);
  render(<Stub initialEntries={["/staff/pcbas"]} />);
  return posted;
}

describe("RaiseQueryDialog", () => {
  it("posts what the API takes: the version, the ticked designators and lines, the answers", async () => {
    const posted = show({ done: true, result: { status: "success" } } as FormReply);
    fireEvent.click(await screen.findByRole("button", { name: "Raise engineering query" }));
    const dialog = await screen.findByRole("dialog", { name: "Raise an engineering query" });
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "R1 and C7 values" } });
    fireEvent.change(within(dialog).getByLabelText("Question"), { target: { value: "Which values?" } });
    const designators = within(dialog).getByRole("group", { name: "Designators" });
    fireEvent.change(within(designators).getByLabelText("Find a designator"), { target: { value: "r" } });
    // Filtering hides, never drops: C7 is ticked while only the R parts show.
    expect(
      within(designators).getByRole("checkbox", { name: "C7", hidden: true }).closest("li")?.hidden,
    ).toBe(true);
    fireEvent.click(within(designators).getByRole("checkbox", { name: "R1" }));
    fireEvent.change(within(designators).getByLabelText("Find a designator"), { target: { value: "" } });
    fireEvent.click(within(designators).getByRole("checkbox", { name: "C7" }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /^Line 7: R1, R2/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add an answer" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add an answer" }));
    fireEvent.change(await within(dialog).findByLabelText("Answer 1"), { target: { value: "BOM values" } });
    fireEvent.change(within(dialog).getByLabelText("Answer 2"), { target: { value: "Schematic values" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Raise query" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const form = posted[0]!;
    expect(form.get("intent")).toBe("query_raise");
    const parsed = parseWithZod(withoutIntent(form), { schema: queryRaiseSchema });
    expect(parsed.status).toBe("success");
    expect(parsed.status === "success" ? parsed.value : null).toEqual({
      assembly_spec_version_id: VERSION,
      title: "R1 and C7 values",
      description: "Which values?",
      location: { designators: ["C7", "R1"], bom_line_ids: [LINE], points: [] },
      options: ["BOM values", "Schematic values"],
      attachment_ids: [],
    });
  });

  it("shows the API's refusal at the field it names", async () => {
    show({
      done: false,
      intent: "query_raise",
      result: { status: "error", error: { title: ["VALIDATION_ERROR"] } },
    } as FormReply);
    fireEvent.click(await screen.findByRole("button", { name: "Raise engineering query" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "R1" } });
    fireEvent.change(within(dialog).getByLabelText("Question"), { target: { value: "Which values?" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Raise query" }));
    expect(await within(dialog).findByText("Give the query a title of up to 160 characters.")).toBeTruthy();
  });

  it("refuses an empty answer row before posting", async () => {
    const posted = show({ done: true, result: { status: "success" } } as FormReply);
    fireEvent.click(await screen.findByRole("button", { name: "Raise engineering query" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "R1" } });
    fireEvent.change(within(dialog).getByLabelText("Question"), { target: { value: "Which value?" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add an answer" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Raise query" }));
    expect(
      await within(dialog).findByText("Write the answer in up to 200 characters, or remove it."),
    ).toBeTruthy();
    expect(posted).toHaveLength(0);
  });
});

describe("RaiseQueryDialog's points on the board", () => {
  async function openPcbForm(board: QueryBoardSource | null) {
    const posted = show({ done: true, result: { status: "success" } } as FormReply, { pcb: { board } });
    fireEvent.click(await screen.findByRole("button", { name: "Raise engineering query" }));
    const dialog = await screen.findByRole("dialog", { name: "Raise an engineering query" });
    fireEvent.change(within(dialog).getByLabelText("Title"), { target: { value: "Fiducials" } });
    fireEvent.change(within(dialog).getByLabelText("Question"), { target: { value: "Add two fiducials?" } });
    return { posted, dialog, points: within(dialog).getByRole("group", { name: "Points on the board" }) };
  }

  const typePoint = (points: HTMLElement, side: "top" | "bottom", x: string, y: string) => {
    fireEvent.change(within(points).getByLabelText("Side of the board"), { target: { value: side } });
    fireEvent.change(within(points).getByLabelText("X position in mm"), { target: { value: x } });
    fireEvent.change(within(points).getByLabelText("Y position in mm"), { target: { value: y } });
    fireEvent.click(within(points).getByRole("button", { name: "Add point" }));
  };

  it("pins a point where the board is clicked and one typed in, lists them and posts both", async () => {
    const { posted, dialog, points } = await openPcbForm(BARE_BOARD);
    const board = within(points).getByRole("img", {
      name: "Board of this version, top side: click to pin a point",
    });
    // The drawing (the board and a 3 mm margin, 106 × 66 mm) fills 212 × 132 px: 2 px a millimetre.
    board.getBoundingClientRect = () => ({ left: 0, top: 0, width: 212, height: 132 }) as DOMRect;
    // 25 mm from the left edge, 40 mm up from the bottom one.
    fireEvent.click(board, { clientX: (25 + 3) * 2, clientY: (60 - 40 + 3) * 2 });
    // A click in the margin pins nothing.
    fireEvent.click(board, { clientX: 2, clientY: 2 });
    typePoint(points, "bottom", "80,5", "12");
    const list = within(points).getByRole("list", { name: "Pinned points" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Pin 1: top side, x 25 mm, y 40 mm", "Pin 2: bottom side, x 80.5 mm, y 12 mm"]);
    // The board shows the side of the point typed last, with its pin.
    const bottom = within(points).getByRole("img", {
      name: "Board of this version, bottom side: click to pin a point",
    });
    expect(bottom.querySelectorAll("[data-point]")).toHaveLength(1);
    expect(bottom.querySelector('[data-point="2"]')).not.toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Raise query" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const parsed = parseWithZod(withoutIntent(posted[0]!), { schema: queryRaiseSchema });
    expect(parsed.status === "success" ? parsed.value : parsed.error).toEqual({
      pcb_spec_version_id: PCB_VERSION,
      title: "Fiducials",
      description: "Add two fiducials?",
      location: {
        designators: [],
        bom_line_ids: [],
        points: [
          { side: "top", x_mm: 25, y_mm: 40 },
          { side: "bottom", x_mm: 80.5, y_mm: 12 },
        ],
      },
      options: [],
      attachment_ids: [],
    });
  });

  it("refuses a typed point that is no number or off the board, and removes a pin", async () => {
    const { points } = await openPcbForm(BARE_BOARD);
    typePoint(points, "top", "12", "");
    expect(
      within(points).getByText("Type X and Y in millimetres between −1,000 and 1,000, such as 12.5."),
    ).toBeTruthy();
    typePoint(points, "top", "120", "10");
    expect(
      within(points).getByText("This point is off the board: X runs from 0 to 100 mm, Y from 0 to 60 mm."),
    ).toBeTruthy();
    expect(within(points).queryByRole("list", { name: "Pinned points" })).toBeNull();
    typePoint(points, "top", "10", "10");
    typePoint(points, "top", "20", "20");
    fireEvent.click(within(points).getByRole("button", { name: "Remove pin 1" }));
    expect(
      within(within(points).getByRole("list", { name: "Pinned points" }))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Pin 1: top side, x 20 mm, y 20 mm"]);
  });

  it("takes no more than the API's points and says so", async () => {
    const { points } = await openPcbForm(BARE_BOARD);
    const board = within(points).getByRole("img");
    board.getBoundingClientRect = () => ({ left: 0, top: 0, width: 212, height: 132 }) as DOMRect;
    // One click a pin, 5 mm apart along the board.
    const click = (n: number) => fireEvent.click(board, { clientX: (n * 5 + 3) * 2, clientY: 60 });
    for (let n = 1; n <= QUERY_LIMITS.pointsMax; n++) click(n);
    expect(within(points).getAllByRole("listitem")).toHaveLength(QUERY_LIMITS.pointsMax);
    expect(
      within(points).getByText(
        `${QUERY_LIMITS.pointsMax} points are pinned, the most one query can have. Remove one to pin another.`,
      ),
    ).toBeTruthy();
    expect(within(points).queryByRole("button", { name: "Add point" })).toBeNull();
    click(QUERY_LIMITS.pointsMax + 1);
    expect(within(points).getAllByRole("listitem")).toHaveLength(QUERY_LIMITS.pointsMax);
  });

  it("offers only the fields when the version has no board to draw", async () => {
    const { posted, dialog, points } = await openPcbForm(null);
    expect(within(points).queryByRole("img")).toBeNull();
    expect(within(points).getByText(/^This version has no board outline and no placements/)).toBeTruthy();
    typePoint(points, "top", "-4.24", "1200");
    expect(within(points).getByText(/^Type X and Y in millimetres/)).toBeTruthy();
    typePoint(points, "top", "-4.24", "300");
    fireEvent.click(within(dialog).getByRole("button", { name: "Raise query" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const parsed = parseWithZod(withoutIntent(posted[0]!), { schema: queryRaiseSchema });
    expect(parsed.status === "success" ? parsed.value.location.points : null).toEqual([
      { side: "top", x_mm: -4.2, y_mm: 300 },
    ]);
  });
});
