import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { ApiError } from "./api-client";
import { formFieldName, formIntent, submitForm, submitIntent } from "./form-action.server";

const schema = z.strictObject({ reason: z.string().min(3) });

function post(body: Record<string, string>, url = "http://portal.test/de/my/quotes/q1?decline") {
  return new Request(url, { method: "POST", body: new URLSearchParams(body) });
}

const context = { apiFetch: vi.fn() } as never;

describe("submitForm", () => {
  it("answers the schema's errors without calling the API", async () => {
    const send = vi.fn();
    const reply = await submitForm(post({ reason: "x" }), context, schema, send);
    expect(send).not.toHaveBeenCalled();
    expect(reply.done).toBe(false);
    expect(reply.result.error?.reason).toHaveLength(1);
  });

  it("hands the parsed value to the API call and reports it done", async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    const reply = await submitForm(post({ reason: "Too far away" }), context, schema, send);
    expect(send).toHaveBeenCalledWith(expect.anything(), { reason: "Too far away" });
    expect(reply.done).toBe(true);
  });

  it("puts the API's code beside the field it names, or on the form when the form has no such field", async () => {
    const onField = await submitForm(post({ reason: "Too far away" }), context, schema, () =>
      Promise.reject(new ApiError({ status: 400, code: "VALIDATION_ERROR", field: "reason" })),
    );
    expect(onField.result.error).toEqual({ reason: ["VALIDATION_ERROR"] });
    const onForm = await submitForm(post({ reason: "Too far away" }), context, schema, () =>
      Promise.reject(new ApiError({ status: 409, code: "CONFLICT", field: "status" })),
    );
    expect(onForm.done).toBe(false);
    expect(onForm.result.error).toEqual({ "": ["CONFLICT"] });
    expect(onForm.otherData).toBeUndefined();
  });

  it("keeps what the API said beside its refusal (attempts left)", async () => {
    const reply = await submitForm(post({ reason: "Too far away" }), context, schema, () =>
      Promise.reject(
        new ApiError({ status: 400, code: "CODE_INVALID", field: "reason", otherData: { attempts_left: 2 } }),
      ),
    );
    expect(reply.otherData).toEqual({ attempts_left: 2 });
  });

  it("sends an expired session to sign-in with the way back, and lets server failures through", async () => {
    const expired = submitForm(post({ reason: "Too far away" }), context, schema, () =>
      Promise.reject(new ApiError({ status: 401, code: "UNAUTHORIZED" })),
    );
    const response = (await expired.catch((thrown: unknown) => thrown)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/de/login?redirect=${encodeURIComponent("/de/my/quotes/q1?decline")}`,
    );
    await expect(
      submitForm(post({ reason: "Too far away" }), context, schema, () =>
        Promise.reject(new ApiError({ status: 500 })),
      ),
    ).rejects.toBeInstanceOf(ApiError);
  });
});

describe("submitIntent", () => {
  const intents = {
    decline: formIntent(schema, (_api, value) => Promise.resolve({ declined: value.reason })),
    renew: formIntent(z.strictObject({}), () => Promise.resolve({ renewed: true })),
  };

  it("reads the form the intent names with that form's schema and answers which it was", async () => {
    const reply = await submitIntent(post({ intent: "decline", reason: "Too far away" }), context, intents);
    expect(reply).toMatchObject({ done: true, intent: "decline", data: { declined: "Too far away" } });
    const invalid = await submitIntent(post({ intent: "decline", reason: "x" }), context, intents);
    expect(invalid).toMatchObject({ done: false, intent: "decline" });
    expect(invalid.result.error?.reason).toHaveLength(1);
    // The intent field is not part of the form the schema reads (a strict schema would refuse it).
    expect(await submitIntent(post({ intent: "renew" }), context, intents)).toMatchObject({ done: true });
  });

  it("answers 400 for a missing or unknown intent, and for one inherited from Object", async () => {
    for (const body of [{}, { intent: "delete" }, { intent: "toString" }] as Record<string, string>[]) {
      const thrown = (await submitIntent(post(body), context, intents).catch((e: unknown) => e)) as {
        init: { status: number };
      };
      expect(thrown.init.status).toBe(400);
    }
  });
});

describe("formFieldName", () => {
  it("turns the API's path of a list's field into Conform's name", () => {
    expect(formFieldName("lines.1.pcb_spec_version_id")).toBe("lines[1].pcb_spec_version_id");
    expect(formFieldName("lines.0.tiers.12.quantity")).toBe("lines[0].tiers[12].quantity");
    expect(formFieldName("quantities.3")).toBe("quantities[3]");
    expect(formFieldName("reason")).toBe("reason");
    expect(formFieldName("address.line2")).toBe("address.line2");
  });
});
