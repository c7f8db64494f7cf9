import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { loader } from "./redirect";

const SITE = "https://www.example.test";

/** What /redirect?to=<to> answers: the redirect it throws, or the 400 it returns. */
function open(to: string): unknown {
  try {
    return loader({ request: new Request(`${SITE}/redirect?${new URLSearchParams({ to })}`) } as never);
  } catch (thrown) {
    return thrown;
  }
}

beforeEach(() => vi.stubEnv("PUBLIC_URL", SITE));
afterEach(() => vi.unstubAllEnvs());

describe("/redirect?to= (redirect check, issue 15)", () => {
  it("forwards to a path of this site or to this site's own origin", () => {
    expect((open("/de/kontakt?x=1") as Response).headers.get("Location")).toBe("/de/kontakt?x=1");
    expect((open(`${SITE}/de`) as Response).headers.get("Location")).toBe(`${SITE}/de`);
  });

  it.each([
    "/.//evil.example",
    "//evil.example",
    "/%2F%2Fevil.example",
    "https://evil.example/",
    `${SITE}@evil.example`,
    "javascript:alert(1)",
  ])("answers 400 instead of forwarding to %s", (to) => {
    const answer = open(to);
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer).toMatchObject({ init: { status: 400 } });
  });
});
