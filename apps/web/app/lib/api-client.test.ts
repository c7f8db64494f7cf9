import { defineEndpoints, PDF_DOWNLOAD, SIGNED_IN } from "@ems/contracts/endpoints";
import { ERROR_DEFAULTS } from "@ems/contracts/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import {
  ApiError,
  call,
  createApiClient,
  hrefOf,
  IDEMPOTENCY_HEADER,
  IN_USE_RETRIES,
  newIdempotencyKey,
  normalizeApiError,
} from "./api-client";
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

/** A fetch double answering one scripted step per call: a status and body, or a network failure. */
function scriptedFetch(
  steps: ({ status: number; body?: unknown; headers?: Record<string, string> } | "offline")[],
) {
  const calls: Call[] = [];
  const impl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)]!;
    if (step === "offline") throw new TypeError("Failed to fetch");
    const body = step.body ?? envelope({ id: calls.length }, step.status);
    return new Response(JSON.stringify(body), {
      status: step.status,
      headers: { "Content-Type": "application/json", ...step.headers },
    });
  });
  return { fetch: impl as unknown as typeof fetch, calls };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const keyOf = (call: Call | undefined) => header(call, "Idempotency-Key");
const inUse = {
  status: 409,
  headers: { "Retry-After": "1" },
  body: {
    data: null,
    status: 409,
    message: "still running",
    error: "IDEMPOTENCY_KEY_IN_USE",
    field: null,
    otherData: null,
  },
};

describe("api client: Idempotency-Key on creations", () => {
  it("sends a new random key with each idempotent action, and none on other calls", async () => {
    const f = scriptedFetch([{ status: 201 }]);
    const client = createApiClient({ fetch: f.fetch });
    await client.post("/api/quotes", { title: "Rev C" }, { idempotent: true });
    await client.post("/api/quotes", { title: "Rev C" }, { idempotent: true });
    await client.post("/api/quotes/1/decline", { reason: "Too late" });
    await client.get("/api/quotes");
    expect(keyOf(f.calls[0])).toMatch(UUID);
    expect(keyOf(f.calls[1])).toMatch(UUID);
    // Two answered actions are two creations, even with the same form content.
    expect(keyOf(f.calls[1])).not.toBe(keyOf(f.calls[0]));
    expect(keyOf(f.calls[2])).toBeUndefined();
    expect(keyOf(f.calls[3])).toBeUndefined();
  });

  it("reuses the key when the same action is sent again after it got no answer", async () => {
    const f = scriptedFetch(["offline", { status: 502 }, { status: 201 }, { status: 201 }]);
    const client = createApiClient({ fetch: f.fetch });
    const send = () =>
      client.post("/api/orders", { quote_id: "q1", po_number: "PO-1" }, { idempotent: true });
    await expect(send()).rejects.toMatchObject({ code: "NETWORK_ERROR" });
    await expect(send()).rejects.toMatchObject({ status: 502 });
    await expect(send()).resolves.toMatchObject({ status: 201 });
    expect(new Set(f.calls.slice(0, 3).map(keyOf)).size).toBe(1);
    // Answered: the next order is a new action.
    await send();
    expect(keyOf(f.calls[3])).not.toBe(keyOf(f.calls[2]));
  });

  it("reuses the key after a timeout, but not for another body or after a final refusal", async () => {
    vi.useFakeTimers();
    let call = 0;
    const calls: Call[] = [];
    const fetchImpl = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init: init ?? {} });
      if (++call === 1)
        return new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
        );
      const status = call === 3 ? 400 : 201;
      return Promise.resolve(new Response(JSON.stringify(envelope(null, status)), { status }));
    });
    const client = createApiClient({ fetch: fetchImpl as unknown as typeof fetch, timeoutMs: 1000 });
    const body = { invoice_id: "i1", method: "bank_transfer" };
    const slow = client.post("/api/payments/charge", body, { idempotent: true });
    const timedOut = expect(slow).rejects.toMatchObject({ code: "REQUEST_TIMEOUT" });
    await vi.advanceTimersByTimeAsync(1000);
    await timedOut;
    await client.post("/api/payments/charge", { ...body, method: "card" }, { idempotent: true });
    await expect(client.post("/api/payments/charge", body, { idempotent: true })).rejects.toMatchObject({
      status: 400,
    });
    await client.post("/api/payments/charge", body, { idempotent: true });
    expect(keyOf(calls[1])).not.toBe(keyOf(calls[0]));
    expect(keyOf(calls[2])).toBe(keyOf(calls[0]));
    expect(keyOf(calls[3])).not.toBe(keyOf(calls[2]));
  });

  it("waits as Retry-After says while the first attempt still runs, then gets its answer", async () => {
    vi.useFakeTimers();
    const replay = envelope({ id: "order-1" }, 200);
    const f = scriptedFetch([
      inUse,
      inUse,
      { status: 200, body: replay, headers: { "Idempotent-Replayed": "true" } },
    ]);
    const client = createApiClient({ fetch: f.fetch });
    const answer = client.post("/api/orders", { quote_id: "q1" }, { idempotent: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1001);
    await expect(answer).resolves.toEqual(replay);
    expect(f.calls).toHaveLength(3);
    expect(new Set(f.calls.map(keyOf)).size).toBe(1);
  });

  it("gives up after a few waits and keeps the key for the user's next try", async () => {
    vi.useFakeTimers();
    const f = scriptedFetch([inUse]);
    const client = createApiClient({ fetch: f.fetch });
    const send = () => client.post("/api/orders", { quote_id: "q1" }, { idempotent: true });
    const first = expect(send()).rejects.toMatchObject({ status: 409, code: "IDEMPOTENCY_KEY_IN_USE" });
    await vi.advanceTimersByTimeAsync(IN_USE_RETRIES * 1000);
    await first;
    expect(f.calls).toHaveLength(1 + IN_USE_RETRIES);
    const second = expect(send()).rejects.toMatchObject({ status: 409 });
    await vi.advanceTimersByTimeAsync(IN_USE_RETRIES * 1000);
    await second;
    expect(new Set(f.calls.map(keyOf)).size).toBe(1);
  });

  it("makes a v4 UUID without crypto.randomUUID (plain http on a LAN address)", () => {
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    vi.stubGlobal("crypto", { getRandomValues });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID);
    } finally {
      vi.unstubAllGlobals();
    }
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

describe("calls by endpoint definition", () => {
  const widgets = defineEndpoints("widgets", {
    update: {
      method: "PUT",
      path: "/api/widgets/:id",
      summary: "Changes a widget",
      access: SIGNED_IN,
      params: z.strictObject({ id: z.string() }),
      query: z.strictObject({ dry: z.coerce.boolean().optional() }),
      body: z.strictObject({ name: z.string() }),
      response: z.object({ name: z.string() }),
      caching: "private",
    },
    create: {
      method: "POST",
      path: "/api/widgets",
      summary: "Makes a widget",
      access: SIGNED_IN,
      response: z.object({ id: z.string() }),
      idempotent: true,
      created: true,
      caching: "private",
    },
    sheet: {
      method: "GET",
      path: "/api/widgets/:id/sheet",
      summary: "A widget's sheet",
      access: SIGNED_IN,
      params: z.strictObject({ id: z.string() }),
      query: z.strictObject({ language: z.string().optional() }),
      response: PDF_DOWNLOAD,
      caching: "private",
    },
  });

  it("sends the method, the path with its parameters, the query and the body", async () => {
    const { fetch, calls } = fakeFetch(200, envelope({ name: "B" }));
    const answer = await call(createApiClient({ fetch }), widgets.update, {
      params: { id: "a/1" },
      query: { dry: true },
      body: { name: "B" },
    });
    expect(answer.data.name).toBe("B");
    expect(calls[0]!.url).toBe("/api/widgets/a%2F1?dry=true");
    expect(calls[0]!.init.method).toBe("PUT");
    expect(calls[0]!.init.body).toBe('{"name":"B"}');
    expect(header(calls[0], IDEMPOTENCY_HEADER)).toBeUndefined();
  });

  it("sends an empty body and an idempotency key where the definition asks for one", async () => {
    const { fetch, calls } = fakeFetch(201, envelope({ id: "w1" }, 201));
    await call(createApiClient({ fetch }), widgets.create);
    expect(calls[0]!.init.body).toBe("{}");
    expect(header(calls[0], IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("builds links to downloads", () => {
    expect(hrefOf(widgets.sheet, { params: { id: "7" } })).toBe("/api/widgets/7/sheet");
    expect(hrefOf(widgets.sheet, { params: { id: "7" }, query: { language: "pt" } })).toBe(
      "/api/widgets/7/sheet?language=pt",
    );
  });
});
