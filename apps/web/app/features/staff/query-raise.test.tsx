import { parseWithZod } from "@conform-to/zod/v4";
import { queryRaiseSchema } from "@ems/contracts/engineering-queries";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { FormReply } from "~/lib/form-action.server";
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

function show(reply: FormReply) {
  const posted: FormData[] = [];
  const i18n = setupI18n({ locale: "en", messages: { en } });
  const Stub = createRoutesStub([
    {
      path: "/staff/pcbas",
      Component: () => (
        <I18nProvider i18n={i18n}>
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
            bomLines={[{ id: LINE, position: 7, designators: ["R1", "R2"], label: "Yageo RC0402FR-0710KL" }]}
            locale="en"
          />
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
