import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { createApiClient } from "./api-client";
import {
  ANALYTICS_USER_KEY,
  USER_LANGUAGE_KEY,
  displayName,
  fetchSession,
  hasLoggedInHint,
  logout,
  parseSessionUser,
  refreshSession,
  resetSessionForTests,
  useSession,
  type SessionUser,
} from "./session-client";

const jane: SessionUser = {
  first_name: "Jane",
  last_name: "Doe",
  full_name: "Jane Doe",
  email: "jane@example.com",
  staff: false,
};

function apiAnswering(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  return { api: createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch }), fetch };
}

afterEach(() => resetSessionForTests());

describe("greeting name variants", () => {
  it("uses the full name on desktop and the first name on small screens", () => {
    expect(displayName(jane, "full")).toBe("Jane Doe");
    expect(displayName(jane, "short")).toBe("Jane");
  });

  it("builds the full name from its parts when missing", () => {
    expect(displayName({ ...jane, full_name: "" }, "full")).toBe("Jane Doe");
  });

  it("takes the first word of the full name when the first name is missing", () => {
    expect(displayName({ ...jane, first_name: "" }, "short")).toBe("Jane");
  });

  it("falls back to the e-mail address when there is no name", () => {
    const nameless = { first_name: "", last_name: "", full_name: "", email: "ops@example.com", staff: true };
    expect(displayName(nameless, "full")).toBe("ops@example.com");
    expect(displayName(nameless, "short")).toBe("ops@example.com");
  });
});

describe("refreshing the session (the user is refetched after profile changes)", () => {
  it("gives every component the user the API answers now", async () => {
    const first = apiAnswering(200, { data: { user: jane }, status: 200, message: "", error: null });
    resetSessionForTests(first.api);
    document.cookie = "logged_in=1; Path=/";
    const { result } = renderHook(() => useSession());
    await waitFor(() => expect(result.current.user?.first_name).toBe("Jane"));

    const renamed = { ...jane, first_name: "Janet", full_name: "Janet Doe" };
    const second = apiAnswering(200, { data: { user: renamed }, status: 200, message: "", error: null });
    await act(() => refreshSession(second.api));
    expect(result.current).toEqual({ status: "signed-in", user: renamed });
    expect(second.fetch).toHaveBeenCalledTimes(1);
    document.cookie = "logged_in=; Path=/; Max-Age=0";
  });
});

describe("session answer", () => {
  it("reads the user from data.user or data", () => {
    expect(parseSessionUser({ user: jane })).toEqual(jane);
    expect(parseSessionUser(jane)).toEqual(jane);
    expect(parseSessionUser({ first_name: "Jane", last_name: "Doe" })?.full_name).toBe("Jane Doe");
    expect(parseSessionUser({ user: { ...jane, role: "staff_admin" } })?.staff).toBe(true);
    expect(parseSessionUser({ user: { ...jane, role: "customer" } })?.staff).toBe(false);
    expect(parseSessionUser(null)).toBeNull();
    expect(parseSessionUser({})).toBeNull();
  });

  it("is signed in for a 200 with a user", async () => {
    const { api, fetch } = apiAnswering(200, { data: { user: jane }, status: 200, message: "", error: null });
    expect(await fetchSession(api)).toEqual({ status: "signed-in", user: jane });
    expect(fetch).toHaveBeenCalledWith("/api/auth/session", expect.objectContaining({ method: "GET" }));
  });

  it("is signed out for any other answer", async () => {
    expect((await fetchSession(apiAnswering(404, { message: "nope" }).api)).status).toBe("signed-out");
    expect((await fetchSession(apiAnswering(401, {}).api)).status).toBe("signed-out");
    expect(
      (await fetchSession(apiAnswering(200, { data: null, status: 200, message: "", error: null }).api))
        .status,
    ).toBe("signed-out");
    const failing = createApiClient({
      fetch: (() => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch,
    });
    expect((await fetchSession(failing)).status).toBe("signed-out");
  });

  it("reads the logged_in hint cookie", () => {
    expect(hasLoggedInHint("a=b; logged_in=1")).toBe(true);
    expect(hasLoggedInHint("logged_in=0")).toBe(false);
    expect(hasLoggedInHint("")).toBe(false);
  });

  it("posts to the logout endpoint and rethrows failures", async () => {
    const ok = apiAnswering(200, { data: null, status: 200, message: "", error: null });
    await logout(ok.api);
    expect(ok.fetch).toHaveBeenCalledWith("/api/auth/logout", expect.objectContaining({ method: "POST" }));
    await expect(logout(apiAnswering(500, {}).api)).rejects.toThrow();
  });
});

describe("useSession without the hint cookie", () => {
  it("is signed out at once and asks the API nothing", async () => {
    vi.resetModules();
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    document.cookie = "logged_in=; Max-Age=0; Path=/";
    const { useSession } = await import("./session-client");
    const { renderHook } = await import("@testing-library/react");
    const { result } = renderHook(() => useSession());
    expect(result.current.status).toBe("signed-out");
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe("sign-out resets what the browser kept", () => {
  it("clears the hint, the stored user and language, the app's storage and the analytics id, but not other sites' keys", async () => {
    document.cookie = "logged_in=1; Path=/";
    window.localStorage.setItem(USER_LANGUAGE_KEY, "de");
    window.localStorage.setItem(ANALYTICS_USER_KEY, "u-123");
    window.localStorage.setItem("ems:register_email", "a@example.test");
    window.sessionStorage.setItem("ems:register_verified", "1");
    window.localStorage.setItem("unrelated", "keep");
    const { api } = apiAnswering(200, {
      data: null,
      status: 200,
      message: "OK",
      error: null,
      field: null,
      otherData: null,
    });
    await logout(api);
    expect(hasLoggedInHint()).toBe(false);
    expect(window.localStorage.getItem(USER_LANGUAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(ANALYTICS_USER_KEY)).toBeNull();
    expect(window.localStorage.getItem("ems:register_email")).toBeNull();
    expect(window.sessionStorage.getItem("ems:register_verified")).toBeNull();
    expect(window.localStorage.getItem("unrelated")).toBe("keep");
  });

  it("clears the hint cookie with the attributes the API set it with (Secure, SameSite=Lax, Path=/)", async () => {
    const native = Object.getOwnPropertyDescriptor(Document.prototype, "cookie")!;
    const writes: string[] = [];
    const spy = vi.spyOn(document, "cookie", "set").mockImplementation((value: string) => {
      writes.push(value);
      native.set!.call(document, value);
    });
    try {
      const { api } = apiAnswering(200, {
        data: null,
        status: 200,
        message: "OK",
        error: null,
        field: null,
        otherData: null,
      });
      await logout(api);
    } finally {
      spy.mockRestore();
    }
    const clearing = writes.find((w) => w.startsWith("logged_in=;"));
    expect(clearing).toBeDefined();
    const attributes = clearing!
      .split(";")
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(["path=/", "max-age=0", "samesite=lax", "secure"]));
  });

  it("keeps everything when the server refuses the sign-out", async () => {
    window.localStorage.setItem(USER_LANGUAGE_KEY, "de");
    const { api } = apiAnswering(500, {
      data: null,
      status: 500,
      message: "x",
      error: "UNKNOWN_ERROR",
      field: null,
      otherData: null,
    });
    await expect(logout(api)).rejects.toMatchObject({ status: 500 });
    expect(window.localStorage.getItem(USER_LANGUAGE_KEY)).toBe("de");
  });
});
