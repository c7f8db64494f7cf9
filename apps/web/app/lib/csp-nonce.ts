import { createContext, useContext } from "react";

/**
 * The nonce of the response's Content-Security-Policy, for inline scripts rendered outside React
 * Router's own (which take it from `<ServerRouter nonce>`). Set by entry.server.tsx; undefined in
 * the browser, where those scripts have already run, and when prerendering (ADR 0010).
 */
export const CspNonceContext = createContext<string | undefined>(undefined);

export function useCspNonce(): string | undefined {
  return useContext(CspNonceContext);
}
