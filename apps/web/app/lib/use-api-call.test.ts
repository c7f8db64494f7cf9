import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "./api-client";
import { useApiCall } from "./use-api-call";

const revalidate = vi.fn(async () => undefined);
const refreshSession = vi.fn(async () => undefined);
const showToast = vi.fn();

vi.mock("react-router", () => ({ useRevalidator: () => ({ revalidate, state: "idle" }) }));
vi.mock("./session-client", () => ({ refreshSession: () => refreshSession() }));
vi.mock("./toast", () => ({ showToast: (input: unknown) => showToast(input) }));

beforeEach(() => {
  revalidate.mockClear();
  refreshSession.mockClear();
  showToast.mockClear();
});

const fieldError = new ApiError({ status: 400, code: "VALIDATION", message: "Too long", field: "name" });
const describeField = (error: unknown) =>
  error instanceof ApiError && error.field ? { [error.field]: error.message } : null;

describe("useApiCall, the one way a browser form calls the API", () => {
  it("answers the data, toasts the success and loads the page's data again", async () => {
    const { result } = renderHook(() => useApiCall({ describe: describeField }));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.run(async () => 42, { success: "Saved" });
    });
    expect(answer).toEqual({ ok: true, data: 42 });
    expect(showToast).toHaveBeenCalledWith({ title: "Saved", color: "success" });
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(refreshSession).not.toHaveBeenCalled();
    expect(result.current.pending).toBe(false);
    expect(result.current.problem).toBeNull();
  });

  it("fetches the signed-in user again when the call changes it, and skips reloading when told", async () => {
    const { result } = renderHook(() => useApiCall({ describe: describeField, refreshesSession: true }));
    await act(async () => {
      await result.current.run(async () => "ok");
    });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    await act(async () => {
      await result.current.run(async () => "ok", { revalidate: false });
    });
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("turns a failure into the feature's problem and keeps the stale page as it is", async () => {
    const { result } = renderHook(() => useApiCall({ describe: describeField }));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.run(async () => {
        throw fieldError;
      });
    });
    expect(answer).toEqual({ ok: false, problem: { name: "Too long" } });
    expect(result.current.problem).toEqual({ name: "Too long" });
    expect(revalidate).not.toHaveBeenCalled();
    // The next attempt starts without the old problem.
    await act(async () => {
      await result.current.run(async () => 1);
    });
    expect(result.current.problem).toBeNull();
  });

  it("leaves an expired session (401) to the client: nothing described, nothing shown", async () => {
    const describe = vi.fn(describeField);
    const { result } = renderHook(() => useApiCall({ describe }));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.run(async () => {
        throw new ApiError({ status: 401, code: "UNAUTHORIZED", field: "session" });
      });
    });
    expect(answer).toEqual({ ok: false, problem: null });
    expect(describe).not.toHaveBeenCalled();
  });

  it("loads the page again after the statuses that make it stale, and lets one call describe its own way", async () => {
    const { result } = renderHook(() => useApiCall({ describe: describeField, revalidateOn: [409] }));
    let answer: unknown;
    await act(async () => {
      answer = await result.current.run(
        async () => {
          throw new ApiError({ status: 409, code: "CONFLICT", message: "Paid already" });
        },
        { describe: () => ({ conflict: "Someone else paid it" }) },
      );
    });
    expect(answer).toEqual({ ok: false, problem: { conflict: "Someone else paid it" } });
    expect(revalidate).toHaveBeenCalledTimes(1);
  });
});
