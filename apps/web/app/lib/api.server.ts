import type { AppLoadContext } from "react-router";

import { createApiClient, type ApiClient } from "./api-client";
import "./load-context";

/**
 * The API client for a loader or action. Inside apps/api the in-process `apiFetch` answers /api/...
 * without a socket; under `react-router dev` the API is a separate process at API_INTERNAL_URL.
 * The visitor's Cookie header is forwarded so the API sees the same session as the browser.
 */
export function apiFromRequest(request: Request, context?: AppLoadContext): ApiClient {
  const apiFetch = context?.apiFetch;
  return createApiClient({
    baseUrl: apiFetch
      ? new URL(request.url).origin
      : (process.env.API_INTERNAL_URL ?? "http://127.0.0.1:3001"),
    fetch: apiFetch,
    cookie: request.headers.get("cookie"),
  });
}
