/**
 * What the server hands to loaders. apps/api passes `apiFetch`, a fetch-compatible function that
 * answers /api/... in-process (no socket, no second hop). In `react-router dev` there is no load
 * context, so loaders fall back to the global fetch against API_INTERNAL_URL.
 */
declare module "react-router" {
  interface AppLoadContext {
    apiFetch?: typeof fetch;
    /** The nonce of this response's script policy; absent when prerendering (hashes allow those pages' scripts). */
    cspNonce?: string;
  }
}

export {};
