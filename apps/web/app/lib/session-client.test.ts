import { afterEach, describe, expect, it, vi } from "vitest";

import { createApiClient } from "./api-client";
import {
  displayName,
  fetchSession,
  hasLoggedInHint,
  logout,
  parseSessionUser,
  resetSessionForTests,
  type SessionUser,
} from "./session-client";

const jane: SessionUser = {
  first_name: "Jane",
  last_name: "Doe",
  full_name: "Jane Doe",
  email: "jane@example.com",
};

function apiAnswering(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  return { api: createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch }), fetch };
}

afterEach(() => resetSessionForTests());

describe("greeting name variants (SPEC §2)", () => {
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
    const nameless = { first_name: "", last_name: "", full_name: "", email: "ops@example.com" };
    expect(displayName(nameless, "full")).toBe("ops@example.com");
    expect(displayName(nameless, "short")).toBe("ops@example.com");
  });
});

describe("session answer", () => {
  it("reads the user from data.user or data", () => {
    expect(parseSessionUser({ user: jane })).toEqual(jane);
    expect(parseSessionUser(jane)).toEqual(jane);
    expect(parseSessionUser({ first_name: "Jane", last_name: "Doe" })?.full_name).toBe("Jane Doe");
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
