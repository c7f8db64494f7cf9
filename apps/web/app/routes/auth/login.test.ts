import { describe, expect, it } from "vitest";

import { loader } from "./login";

const SITE = "https://www.example.test";

/** The in-process API of apps/api, answering the session check as for a signed-in visitor. */
const signedIn: typeof fetch = async () =>
  Response.json({ data: { user: { id: 1 } }, status: 200, message: "", error: null });

async function signedInVisitorOpens(path: string): Promise<Response | null> {
  const request = new Request(`${SITE}${path}`, { headers: { cookie: "session=abc" } });
  return (await loader({ request, context: { apiFetch: signedIn }, params: {} } as never)) as Response | null;
}

describe("login loader (login guard, issue 15 point 3)", () => {
  it("sends a signed-in visitor on to a redirect path of this site", async () => {
    const answer = await signedInVisitorOpens("/login?redirect=%2Fmy%2Fquotes%3Fpage%3D2");
    expect(answer?.status).toBe(302);
    expect(answer?.headers.get("Location")).toBe("/my/quotes?page=2");
  });

  it.each([
    "/.//evil.example",
    "//evil.example",
    "/%2F%2Fevil.example",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
  ])("keeps a signed-in visitor on this site for ?redirect=%s", async (target) => {
    const answer = await signedInVisitorOpens(`/de/login?${new URLSearchParams({ redirect: target })}`);
    const location = answer?.headers.get("Location") ?? "";
    expect(answer?.status).toBe(302);
    expect(location).toBe("/de/my/desk");
    expect(new URL(location, SITE).origin).toBe(SITE);
  });

  it("also keeps a raw, unencoded /.//evil.example on this site", async () => {
    const answer = await signedInVisitorOpens("/login?redirect=/.//evil.example");
    expect(answer?.headers.get("Location")).toBe("/my/desk");
  });

  it("shows the form to a visitor without a session cookie", async () => {
    const request = new Request(`${SITE}/login?redirect=/.//evil.example`);
    expect(await loader({ request, context: {}, params: {} } as never)).toBeNull();
  });
});
