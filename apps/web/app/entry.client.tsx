import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import { browserApi } from "./lib/browser-api";
import { loadPageI18n } from "./lib/i18n";
import { setSessionApiClient } from "./lib/session-client";

// The header's session check goes through the client that handles expiry.
setSessionApiClient(browserApi());

// Hydration must render the same text as the server did, so the page's catalog parts (lazy chunks
// per language: the public part, and the portal part where the server loaded it too) come first.
void loadPageI18n(window.location.pathname).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
