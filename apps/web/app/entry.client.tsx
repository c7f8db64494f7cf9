import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

import { browserApi } from "./lib/browser-api";
import { loadI18n } from "./lib/i18n";
import { localeFromPath } from "./lib/locale";
import { setSessionApiClient } from "./lib/session-client";

// The header's session check goes through the client that handles expiry.
setSessionApiClient(browserApi());

// Hydration must render the same text as the server did, so the page's catalog (one lazy chunk per
// language) is loaded first.
void loadI18n(localeFromPath(window.location.pathname)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
