import { REQUEST_TIMEOUT_MS } from "@ems/config/constants";
import {
  pathOf,
  type BodyIn,
  type Endpoint,
  type ParamsIn,
  type QueryIn,
  type ResponseData,
} from "@ems/contracts/endpoints";
import { ERROR_CODES, ERROR_DEFAULTS, type Envelope } from "@ems/contracts/errors";

/**
 * The one typed client for apps/api. Browser code uses it against the page's own origin;
 * server loaders build it with apiFromRequest() in api.server.ts, which forwards the visitor's cookie.
 */

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiClientOptions {
  /** Origin (and optional path) of the API; "" means the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Sent as `Authorization: next <token>`. */
  token?: string | null;
  /** Sent as `X-API-Key`; must match API_KEY_PATTERN. */
  apiKey?: string | null;
  /** The visitor's Cookie header, forwarded by server-side loaders. */
  cookie?: string | null;
  timeoutMs?: number;
}

export interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A creation the server must not repeat (an order, a payment, a request): the call carries an
   * `Idempotency-Key`, new for each action. Sent again with the same path and body after it got no
   * final answer (network failure, timeout, server error), the call reuses its key, so when the first
   * did go through the server answers it again instead of creating twice. While the first is still
   * running the client waits and asks again.
   */
  idempotent?: boolean;
}

/** Timeouts and network failures have no HTTP status; these codes let callers tell them apart. */
export const CLIENT_ERROR_CODES = { timeout: "REQUEST_TIMEOUT", network: "NETWORK_ERROR" } as const;

export const API_KEY_PATTERN = /^[A-Za-z0-9_-]+$/;

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** How often a creation whose first attempt is still running is asked again, at the server's pace. */
export const IN_USE_RETRIES = 5;
/** Creations without a final answer whose key is kept for a retry; older ones are forgotten. */
const UNSETTLED_KEYS_MAX = 20;

/**
 * A random v4 UUID. crypto.randomUUID exists only in secure contexts; a portal reached over plain
 * http on a LAN address still has getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The server still runs the first request with this key: worth asking again shortly. */
function isKeyInUse(response: Response, body: unknown): boolean {
  return response.status === 409 && isEnvelope(body) && body.error === ERROR_CODES.idempotencyKeyInUse;
}

/** An answer the server keeps for the key; anything else leaves the key for a retry of the action. */
function isFinalAnswer(response: Response, body: unknown): boolean {
  if (response.status >= 500 || response.status === 408 || response.status === 429) return false;
  return !isKeyInUse(response, body);
}

/** Retry-After in seconds (RFC 9110), kept between a fifth of a second and five seconds. */
function retryDelayMs(response: Response): number {
  const seconds = Number(response.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(Math.max(seconds * 1000, 200), 5000) : 1000;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string;
  readonly field: string | null;
  readonly otherData: Record<string, unknown> | null;

  constructor(init: {
    status?: number;
    code?: string;
    message?: string;
    field?: string | null;
    otherData?: Record<string, unknown> | null;
  }) {
    super(init.message || ERROR_DEFAULTS.message);
    this.status = init.status || ERROR_DEFAULTS.status;
    this.code = init.code || ERROR_DEFAULTS.code;
    this.field = init.field ?? null;
    this.otherData = init.otherData ?? null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A body counts as an envelope when it carries the envelope's machine fields. */
function isEnvelope(value: unknown): value is Envelope<unknown> {
  return isRecord(value) && "status" in value && "message" in value && "error" in value;
}

/**
 * Turns anything thrown or answered into an ApiError with the defaults (status 500,
 * 'An unexpected error occurred', 'UNKNOWN_ERROR') for whatever the input lacks.
 */
export function normalizeApiError(input: unknown, httpStatus?: number): ApiError {
  if (input instanceof ApiError) return input;
  if (isEnvelope(input)) {
    return new ApiError({
      status: typeof input.status === "number" ? input.status : httpStatus,
      code: typeof input.error === "string" ? input.error : undefined,
      message: typeof input.message === "string" ? input.message : undefined,
      field: typeof input.field === "string" ? input.field : null,
      otherData: isRecord(input.otherData) ? input.otherData : null,
    });
  }
  return new ApiError({ status: httpStatus });
}

/** docs/behaviour/data.md#calling-the-api: paths starting with method/ are prefixed with /api/; others are used as given. */
export function resolvePath(path: string): string {
  if (path.startsWith("method/")) return `/api/${path}`;
  return path.startsWith("/") ? path : `/${path}`;
}

export function buildUrl(baseUrl: string, path: string, params?: QueryParams): string {
  const url = `${baseUrl.replace(/\/+$/, "")}${resolvePath(path)}`;
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== undefined && item !== null) query.append(key, String(item));
    }
  }
  const search = query.toString();
  if (!search) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${search}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<Envelope<T>>;
  get<T>(
    path: string,
    params?: QueryParams,
    options?: Omit<RequestOptions, "params" | "body">,
  ): Promise<Envelope<T>>;
  post<T>(path: string, body: unknown, options?: Omit<RequestOptions, "body">): Promise<Envelope<T>>;
  put<T>(path: string, body: unknown, options?: Omit<RequestOptions, "body">): Promise<Envelope<T>>;
  /** A DELETE sends a JSON body only when `options.body` is given (a rule named by its path, say). */
  delete<T>(
    path: string,
    params?: QueryParams,
    options?: Omit<RequestOptions, "params">,
  ): Promise<Envelope<T>>;
}

export function createApiClient(clientOptions: ApiClientOptions = {}): ApiClient {
  const { baseUrl = "", token, apiKey, cookie, timeoutMs = REQUEST_TIMEOUT_MS } = clientOptions;
  // Read at call time so a test or a polyfill installed after creation is honoured.
  const fetchImpl = (input: string, init: RequestInit) => (clientOptions.fetch ?? fetch)(input, init);
  /** Keys of creations that got no final answer, by method, URL and body: the action's retry reuses it. */
  const unsettledKeys = new Map<string, string>();

  function idempotencyKeyFor(action: string): string {
    const key = unsettledKeys.get(action) ?? newIdempotencyKey();
    unsettledKeys.delete(action);
    unsettledKeys.set(action, key);
    for (const oldest of unsettledKeys.keys()) {
      if (unsettledKeys.size <= UNSETTLED_KEYS_MAX) break;
      unsettledKeys.delete(oldest);
    }
    return key;
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    options: RequestOptions = {},
  ): Promise<Envelope<T>> {
    if (!path) throw new Error("URL is required");
    const needsBody = method === "POST" || method === "PUT";
    if (needsBody && (options.body === undefined || options.body === null))
      throw new Error("Data is required");
    const hasBody = needsBody || (method === "DELETE" && options.body !== undefined);
    if (apiKey && method === "POST" && !API_KEY_PATTERN.test(apiKey))
      throw new Error("Invalid API key format");

    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    if (hasBody) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `next ${token}`;
    if (apiKey) headers["X-API-Key"] = apiKey;
    if (cookie) headers.Cookie = cookie;
    const url = buildUrl(baseUrl, path, options.params);
    const payload = hasBody ? JSON.stringify(options.body) : undefined;
    const action = `${method} ${url} ${payload ?? ""}`;
    if (options.idempotent) headers[IDEMPOTENCY_HEADER] = idempotencyKeyFor(action);

    async function send(): Promise<Response> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const onCallerAbort = () => controller.abort(options.signal?.reason);
      options.signal?.addEventListener("abort", onCallerAbort, { once: true });
      try {
        return await fetchImpl(url, {
          method,
          headers,
          body: payload,
          signal: controller.signal,
          credentials: "same-origin",
        });
      } catch (error) {
        if (controller.signal.aborted && !options.signal?.aborted) {
          throw new ApiError({
            status: 408,
            code: CLIENT_ERROR_CODES.timeout,
            message: `The request took longer than ${timeoutMs / 1000} s`,
          });
        }
        if (options.signal?.aborted) throw error;
        throw new ApiError({
          status: 503,
          code: CLIENT_ERROR_CODES.network,
          message: error instanceof Error ? error.message : undefined,
        });
      } finally {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onCallerAbort);
      }
    }

    let response = await send();
    let body = await readJson(response);
    if (options.idempotent) {
      for (let retry = 0; retry < IN_USE_RETRIES && isKeyInUse(response, body); retry++) {
        await pause(retryDelayMs(response), options.signal);
        response = await send();
        body = await readJson(response);
      }
      if (isFinalAnswer(response, body)) unsettledKeys.delete(action);
    }
    if (!response.ok) throw normalizeApiError(body, response.status);
    if (isEnvelope(body)) return body as Envelope<T>;
    // A 204 or a non-envelope success still gives callers one shape to read.
    return {
      data: (body ?? null) as T,
      status: response.status,
      message: "",
      error: null,
      field: null,
      otherData: null,
    };
  }

  return {
    request,
    get: (path, params, options) => request("GET", path, { ...options, params }),
    post: (path, body, options) => request("POST", path, { ...options, body }),
    put: (path, body, options) => request("PUT", path, { ...options, body }),
    delete: (path, params, options) => request("DELETE", path, { ...options, params }),
  };
}

type ParamsPart<E> = ParamsIn<E> extends undefined ? { params?: undefined } : { params: ParamsIn<E> };
type QueryPart<E> = QueryIn<E> extends undefined ? { query?: undefined } : { query?: QueryIn<E> };
type BodyPart<E> =
  BodyIn<E> extends undefined
    ? { body?: undefined }
    : undefined extends BodyIn<E>
      ? { body?: BodyIn<E> }
      : { body: BodyIn<E> };

/** What a call of this endpoint sends: its path parameters, query and body, typed by its schemas. */
export type CallInput<E> = ParamsPart<E> & QueryPart<E> & BodyPart<E>;
export type CallOptions = Pick<RequestOptions, "signal" | "headers">;
export type CallArgs<E> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "nothing is required"
  {} extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

/**
 * Calls an endpoint by its contracts definition (ADR 0012): the path, the method, the idempotency
 * key and the types come from the definition, so no page spells an API path.
 */
export function call<E extends Endpoint>(
  api: ApiClient,
  endpoint: E,
  ...[input, options]: CallArgs<E>
): Promise<Envelope<ResponseData<E>>> {
  const given = (input ?? {}) as { params?: Record<string, unknown>; query?: QueryParams; body?: unknown };
  const sendsBody = endpoint.method === "POST" || endpoint.method === "PUT";
  return api.request<ResponseData<E>>(endpoint.method, pathOf(endpoint, given.params), {
    ...options,
    params: given.query,
    body: given.body ?? (sendsBody ? {} : undefined),
    idempotent: endpoint.idempotent === true,
  });
}

/** The address of a GET endpoint for a link or a download (a PDF, say), on the page's own origin. */
export function hrefOf<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): string {
  const given = (input ?? {}) as { params?: Record<string, unknown>; query?: QueryParams };
  return buildUrl("", pathOf(endpoint, given.params), given.query);
}
