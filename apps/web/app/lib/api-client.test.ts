import { ERROR_DEFAULTS } from "@ems/contracts/errors";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ApiError, createApiClient, normalizeApiError } from "./api-client";
import { apiFromRequest } from "./api.server";

interface Call {
  url: string;
  init: RequestInit;
}

function envelope(data: unknown, status = 200) {
  return { data, status, message: "OK", error: null, field: null, otherData: null };
}

/** A fetch double that records calls and answers with the given status and JSON body. */
function fakeFetch(status = 200, body: unknown = envelope({ ok: true }, status)) {
  const calls: Call[] = [];
  const impl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const text = typeof body === "string" ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { "Content-Type": "application/json" } });
  });
  return { fetch: impl as unknown as typeof fetch, calls };
}

function header(call: Call | undefined, name: string): string | undefined {
  const headers = (call?.init.headers ?? {}) as Record<string, string>;
  return headers[name];
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("api client: DELETE", () => {
  it("sends no body by default, and a JSON body when one is given", async () => {
    const f = fakeFetch();
    const client = createApiClient({ fetch: f.fetch });
    await client.delete("/api/staff/holidays/1");
    expect(f.calls[0]?.init.body).toBeUndefined();
    expect(header(f.calls[0], "Content-Type")).toBeUndefined();
    await client.delete("/api/staff/redirect-rules", undefined, { body: { fromPath: "/old" } });
    expect(f.calls[1]?.init.method).toBe("DELETE");
    expect(f.calls[1]?.init.body).toBe('{"fromPath":"/old"}');
    expect(header(f.calls[1], "Content-Type")).toBe("application/json");
  });
});

describe("api client: addressing", () => {
  it("sends calls to the configured API base", async () => {
    const f = fakeFetch();
    await createApiClient({ baseUrl: "https://api.example.test/", fetch: f.fetch }).get("/api/health");
    expect(f.calls[0]?.url).toBe("https://api.example.test/api/health");
  });

  it("prefixes paths starting with method/ with /api/", async () => {
    const f = fakeFetch();
    await createApiClient({ baseUrl: "http://x", fetch: f.fetch }).get("method/auth.check_email_exists");
    expect(f.calls[0]?.url).toBe("http://x/api/method/auth.check_email_exists");
  });

  it("leaves other paths unprefixed", async () => {
    const f = fakeFetch();
    await createApiClient({ baseUrl: "http://x", fetch: f.fetch }).get("/api/languages");
    expect(f.calls[0]?.url).toBe("http://x/api/languages");
  });

  it("puts GET parameters in the query string, skipping empty ones and repeating arrays", async () => {
    const f = fakeFetch();
    await createApiClient({ fetch: f.fetch }).get("/api/countries", {
      lang: "de",
      page: 2,
      skip: undefined,
      none: null,
      tag: ["a", "b c"],
    });
    const url = new URL(f.calls[0]?.url ?? "", "http://origin");
    expect(url.pathname).toBe("/api/countries");
    expect(url.searchParams.get("lang")).toBe("de");
    expect(url.searchParams.get("page")).toBe("2");
    expect(url.searchParams.has("skip")).toBe(false);
    expect(url.searchParams.has("none")).toBe(false);
    expect(url.searchParams.getAll("tag")).toEqual(["a", "b c"]);
    expect(f.calls[0]?.init.body).toBeUndefined();
  });
});

describe("api client: headers", () => {
  it("sends Authorization: next <token> when a token is given", async () => {
    const f = fakeFetch();
    await createApiClient({ fetch: f.fetch, token: "abc123" }).get("/api/health");
    expect(header(f.calls[0], "Authorization")).toBe("next abc123");
  });

  it("sends no Authorization header without a token", async () => {
    const f = fakeFetch();
    await createApiClient({ fetch: f.fetch }).get("/api/health");
    expect(header(f.calls[0], "Authorization")).toBeUndefined();
  });

  it("forwards the visitor's Cookie header", async () => {
    const f = fakeFetch();
    await createApiClient({ fetch: f.fetch, cookie: "session=s1; color_mode=dark" }).get("/api/health");
    expect(header(f.calls[0], "Cookie")).toBe("session=s1; color_mode=dark");
  });
});

describe("api client: bodies", () => {
  it.each(["post", "put"] as const)("sends %s bodies as JSON", async (method) => {
    const f = fakeFetch();
    await createApiClient({ fetch: f.fetch })[method]("/api/auth/captcha/validate", { answer: 42 });
    expect(f.calls[0]?.init.method).toBe(method.toUpperCase());
    expect(f.calls[0]?.init.body).toBe('{"answer":42}');
    expect(header(f.calls[0], "Content-Type")).toBe("application/json");
  });

  it("accepts an empty object as a body", async () => {
    const f = fakeFetch();
    await createApiClient({ fetch: f.fetch }).post("/api/languages", {});
    expect(f.calls[0]?.init.body).toBe("{}");
  });
});

describe("api client: refusals before any request", () => {
  it("throws 'URL is required' for an empty path", async () => {
    const f = fakeFetch();
    await expect(createApiClient({ fetch: f.fetch }).get("")).rejects.toThrow(new Error("URL is required"));
    expect(f.calls).toHaveLength(0);
  });

  it.each(["post", "put"] as const)("throws 'Data is required' for %s without a body", async (method) => {
    const f = fakeFetch();
    const client = createApiClient({ fetch: f.fetch });
    await expect(client[method]("/api/languages", undefined)).rejects.toThrow(new Error("Data is required"));
    await expect(client[method]("/api/languages", null)).rejects.toThrow(new Error("Data is required"));
    expect(f.calls).toHaveLength(0);
  });

  it.each(["key with space", "key;drop", "ключ", "a/b", "x\r\ny"])(
    "throws 'Invalid API key format' for a POST with apiKey %j",
    async (apiKey) => {
      const f = fakeFetch();
      await expect(createApiClient({ fetch: f.fetch, apiKey }).post("/api/x", {})).rejects.toThrow(
        new Error("Invalid API key format"),
      );
      expect(f.calls).toHaveLength(0);
    },
  );

  it("accepts an API key of letters, digits, hyphen and underscore and sends it", async () => {
    const f = fakeFetch();
    await createApiClient({ fetch: f.fetch, apiKey: "Key_01-ab" }).post("/api/x", {});
    expect(header(f.calls[0], "X-API-Key")).toBe("Key_01-ab");
  });
});

describe("api client: timeout", () => {
  it("aborts after 30 s by default and throws a timeout ApiError", async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const hanging = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        }),
    );
    const pending = createApiClient({ fetch: hanging as unknown as typeof fetch }).get("/api/health");
    const settled = pending.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(29_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);

    const error = await settled;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("REQUEST_TIMEOUT");
  });
});

describe("api client: answers", () => {
  it("returns the envelope of a 2xx answer", async () => {
    const f = fakeFetch(200, envelope([{ code: "de" }]));
    const result = await createApiClient({ fetch: f.fetch }).post<{ code: string }[]>("/api/languages", {});
    expect(result.data).toEqual([{ code: "de" }]);
    expect(result.status).toBe(200);
  });

  it("throws an ApiError carrying the error envelope of a non-2xx answer", async () => {
    const f = fakeFetch(400, {
      data: null,
      status: 400,
      message: "Answer is wrong",
      error: "CAPTCHA_INVALID",
      field: "answer",
      otherData: { attemptsLeft: 2 },
    });
    const error = await createApiClient({ fetch: f.fetch })
      .post("/api/auth/captcha/validate", { answer: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "CAPTCHA_INVALID",
      message: "Answer is wrong",
      field: "answer",
      otherData: { attemptsLeft: 2 },
    });
  });

  it("normalises a non-envelope error body with the defaults", async () => {
    const f = fakeFetch(502, "<html>Bad gateway</html>");
    const error = await createApiClient({ fetch: f.fetch })
      .get("/api/health")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 502,
      code: ERROR_DEFAULTS.code,
      message: ERROR_DEFAULTS.message,
      field: null,
      otherData: null,
    });
  });

  it("defaults the status to 500 when nothing names one", () => {
    const error = normalizeApiError({});
    expect(error.status).toBe(500);
    expect(error.code).toBe("UNKNOWN_ERROR");
    expect(error.message).toBe("An unexpected error occurred");
  });
});

describe("apiFromRequest", () => {
  it("uses the in-process apiFetch of the load context and forwards the Cookie header", async () => {
    const f = fakeFetch();
    const request = new Request("https://shop.example.test/de/my/desk", { headers: { Cookie: "session=t" } });
    await apiFromRequest(request, { apiFetch: f.fetch }).get("/api/auth/session");
    expect(f.calls[0]?.url).toBe("https://shop.example.test/api/auth/session");
    expect(header(f.calls[0], "Cookie")).toBe("session=t");
  });

  it("falls back to the global fetch against API_INTERNAL_URL without a load context", async () => {
    vi.stubEnv("API_INTERNAL_URL", "http://api.internal:4000");
    const f = fakeFetch();
    vi.stubGlobal("fetch", f.fetch);
    try {
      await apiFromRequest(new Request("http://localhost:5173/")).get("/api/health");
    } finally {
      vi.unstubAllGlobals();
    }
    expect(f.calls[0]?.url).toBe("http://api.internal:4000/api/health");
  });
});
