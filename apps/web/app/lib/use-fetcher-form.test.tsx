import { getFormProps, getInputProps } from "@conform-to/react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { IntentField } from "~/components/ui/form-field";

import type { FormReply } from "./form-action.server";
import { showToast } from "./toast";
import { FetcherToasts } from "./fetcher-toasts";
import { useFetcherForm } from "./use-fetcher-form";

vi.mock("./toast", () => ({ showToast: vi.fn() }));

const schema = z.strictObject({ name: z.string().min(3) });

function NameForm({ onDone, id }: { onDone: (data: unknown) => void; id?: string }) {
  const { fetcher, form, fields, formErrors } = useFetcherForm({
    schema,
    success: "Saved",
    onDone,
    ...(id ? { id } : {}),
  });
  return (
    <fetcher.Form method="post" {...getFormProps(form)}>
      <IntentField intent="rename" />
      <label>
        Name
        <input {...getInputProps(fields.name, { type: "text" })} />
      </label>
      <output aria-label="Field error">{fields.name.errors?.join(",")}</output>
      <output aria-label="Form error">{formErrors?.join(",")}</output>
      <button type="submit">Save</button>
    </fetcher.Form>
  );
}

function renderForm(answer: (form: FormData) => FormReply) {
  const posted: FormData[] = [];
  const onDone = vi.fn();
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => <NameForm onDone={onDone} />,
      action: async ({ request }) => {
        const form = await request.formData();
        posted.push(form);
        return answer(form);
      },
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return { posted, onDone };
}

const typeAndSave = (name: string) => {
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: name } });
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
};

describe("useFetcherForm", () => {
  afterEach(() => {
    cleanup();
    vi.mocked(showToast).mockClear();
  });

  it("checks the form with the schema in the browser and posts nothing while it is invalid", async () => {
    const { posted } = renderForm(() => ({ result: { status: "success" }, done: true }));
    typeAndSave("x");
    await waitFor(() => expect(screen.getByLabelText("Field error").textContent).not.toBe(""));
    expect(posted).toHaveLength(0);
  });

  it("posts the fields with the intent, then toasts once and hands the action's data to onDone", async () => {
    const { posted, onDone } = renderForm(() => ({
      result: { status: "success" },
      done: true,
      data: { id: "q1" },
    }));
    typeAndSave("Ada Lovelace");
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ id: "q1" }));
    expect(posted[0]?.get("intent")).toBe("rename");
    expect(posted[0]?.get("name")).toBe("Ada Lovelace");
    expect(showToast).toHaveBeenCalledExactlyOnceWith({ title: "Saved", color: "success" });
  });

  it("shows the action's refusal on the form and neither toasts nor finishes", async () => {
    const { onDone } = renderForm(() => ({
      result: { status: "error", error: { "": ["CONFLICT"] } },
      done: false,
    }));
    typeAndSave("Ada Lovelace");
    await waitFor(() => expect(screen.getByLabelText("Form error").textContent).toBe("CONFLICT"));
    expect(onDone).not.toHaveBeenCalled();
    expect(showToast).not.toHaveBeenCalled();
  });

  it("posts the second of a row's two renderings (card and table row) with its own form id", async () => {
    const posted: FormData[] = [];
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <>
            <section aria-label="Card">
              <NameForm id="row-1" onDone={() => undefined} />
            </section>
            <section aria-label="Table">
              <NameForm id="row-1" onDone={() => undefined} />
            </section>
          </>
        ),
        action: async ({ request }) => {
          posted.push(await request.formData());
          return { result: { status: "success" }, done: true } satisfies FormReply;
        },
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const table = screen.getByRole("region", { name: "Table" });
    const ids = [...document.forms].map((form) => form.id);
    expect(new Set(ids).size).toBe(2);
    fireEvent.change(within(table).getByLabelText("Name"), { target: { value: "Ada Lovelace" } });
    fireEvent.click(within(table).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.get("name")).toBe("Ada Lovelace");
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledExactlyOnceWith({ title: "Saved", color: "success" }),
    );
  });

  it("still toasts when the page's new data comes at once and takes the form away (FetcherToasts)", async () => {
    let rows = ["Ada"];
    function Rows() {
      const { rows } = useLoaderData<{ rows: string[] }>();
      // The form never sees its answer: the router brings it with the data that removes the row.
      return (
        <>
          {rows.length ? <NameForm onDone={() => undefined} /> : <p>No rows</p>}
          <FetcherToasts />
        </>
      );
    }
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: Rows,
        HydrateFallback: () => null,
        loader: () => ({ rows }),
        action: () => {
          rows = [];
          return { result: { status: "success" }, done: true } satisfies FormReply;
        },
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    await screen.findByLabelText("Name");
    typeAndSave("Ada Lovelace");
    await screen.findByText("No rows");
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledExactlyOnceWith({ title: "Saved", color: "success" }),
    );
  });

  it("still toasts when the page's new data takes the form away (a row's form goes with its row)", async () => {
    let rows = ["Ada"];
    function Rows() {
      const { rows } = useLoaderData<{ rows: string[] }>();
      return rows.length ? <NameForm onDone={() => undefined} /> : <p>No rows</p>;
    }
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: Rows,
        HydrateFallback: () => null,
        // The page's data comes back a moment after the action answered, as over the network.
        loader: async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { rows };
        },
        action: () => {
          rows = [];
          return { result: { status: "success" }, done: true } satisfies FormReply;
        },
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    await screen.findByLabelText("Name");
    typeAndSave("Ada Lovelace");
    await screen.findByText("No rows");
    expect(showToast).toHaveBeenCalledExactlyOnceWith({ title: "Saved", color: "success" });
  });
});
