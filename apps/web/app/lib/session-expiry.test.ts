import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError } from "./api-client";
import {
  EXPIRY_REDIRECT_DELAY_MS,
  createExpiryAwareClient,
  handleApiFailure,
  hasCrossOriginError,
  isSessionExpiry,
  resetExpiryStateForTests,
  signInUrl,
} from "./session-expiry";

afterEach(() => resetExpiryStateForTests());

function handlers(signedIn = true) {
  const scheduled: { fn: () => void; ms: number }[] = [];
  return {
    scheduled,
    h: {
      isSignedIn: () => signedIn,
      onExpired: vi.fn(),
      redirect: vi.fn(),
      schedule: (fn: () => void, ms: number) => scheduled.push({ fn, ms }),
    },
  };
}

describe("session expiry", () => {
  it("treats a 401 on an ordinary call as expiry, but not on sign-in or verification", () => {
    const e = new ApiError({ status: 401, code: "UNAUTHORIZED" });
    expect(isSessionExpiry(e, "/api/profile")).toBe(true);
    expect(isSessionExpiry(e, "/api/auth/login")).toBe(false);
    expect(isSessionExpiry(e, "/api/auth/verify")).toBe(false);
  });

  it("treats a 500 as expiry only when its text speaks of tokens or authorisation", () => {
    for (const word of [
      "token",
      "JWT",
      "unauthorised",
      "Unauthorized",
      "forbidden",
      "expired",
      "signature",
      "authorization",
    ])
      expect(isSessionExpiry(new ApiError({ status: 500, message: `bad ${word}` }), "/api/x"), word).toBe(
        true,
      );
    expect(isSessionExpiry(new ApiError({ status: 500, message: "database down" }), "/api/x")).toBe(false);
  });

  it("notifies once and redirects after 3 s, only while signed in", () => {
    const { h, scheduled } = handlers();
    const e = new ApiError({ status: 401 });
    expect(handleApiFailure(e, "/api/a", h)).toBe(true);
    expect(handleApiFailure(e, "/api/b", h)).toBe(true);
    expect(h.onExpired).toHaveBeenCalledTimes(1);
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.ms).toBe(EXPIRY_REDIRECT_DELAY_MS);
    expect(EXPIRY_REDIRECT_DELAY_MS).toBe(3000);
    scheduled[0]!.fn();
    expect(h.redirect).toHaveBeenCalledTimes(1);

    const visitor = handlers(false);
    expect(handleApiFailure(e, "/api/a", visitor.h)).toBe(false);
    expect(visitor.h.onExpired).not.toHaveBeenCalled();
  });

  it("sets the cross-origin flag for 403, CORS texts and 'Failed to fetch'", () => {
    const { h } = handlers();
    expect(hasCrossOriginError()).toBe(false);
    handleApiFailure(new ApiError({ status: 400 }), "/api/a", h);
    expect(hasCrossOriginError()).toBe(false);
    handleApiFailure(new TypeError("Failed to fetch"), "/api/a", h);
    expect(hasCrossOriginError()).toBe(true);
    resetExpiryStateForTests();
    handleApiFailure(new ApiError({ status: 403 }), "/api/a", h);
    expect(hasCrossOriginError()).toBe(true);
    resetExpiryStateForTests();
    handleApiFailure(new ApiError({ status: 503, message: "blocked by CORS policy" }), "/api/a", h);
    expect(hasCrossOriginError()).toBe(true);
  });

  it("wraps a client so every failure passes the handler and still reaches the caller", async () => {
    const { h } = handlers();
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            data: null,
            status: 401,
            message: "Sign in",
            error: "UNAUTHORIZED",
            field: null,
            otherData: null,
          }),
          { status: 401 },
        ),
    );
    const client = createExpiryAwareClient(h, { fetch });
    await expect(client.get("/api/profile")).rejects.toMatchObject({ status: 401 });
    expect(h.onExpired).toHaveBeenCalledTimes(1);
  });
});

describe("signInUrl (issue 15: the way back after signing in)", () => {
  it("asks the sign-in page of the page's language to come back to the page", () => {
    expect(signInUrl("/my/quotes", "?page=2")).toBe("/login?redirect=%2Fmy%2Fquotes%3Fpage%3D2");
    expect(signInUrl("/de/my/desk")).toBe("/de/login?redirect=%2Fde%2Fmy%2Fdesk");
  });

  it("leaves out a way back that is no clean path of this site", () => {
    expect(signInUrl("//evil.example/my/desk")).toBe("/login");
    expect(signInUrl("/my/x/..//evil.example")).toBe("/login");
    expect(signInUrl("/de/my/%2F%2Fevil.example")).toBe("/de/login");
  });
});
