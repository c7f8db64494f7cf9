import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import {
  FORMAT_LEDGER_ELEMENT_ID,
  parseFormatLedger,
  setFormatLedgerProvider,
  type FormatLedger,
} from "@ems/i18n/format-ledger";

import { browserApi } from "./lib/browser-api";
import { loadPageI18n } from "./lib/i18n";
import { setSessionApiClient } from "./lib/session-client";

// The header's session check goes through the client that handles expiry.
setSessionApiClient(browserApi());

// The texts the server formatted for this page (dates, numbers, the operator's claims, merged class
// lists; ADRs 0021, 0022), so hydrating needs neither Intl locale data nor tailwind-merge's class map. Read when first asked for: the module may run before a
// streamed document has reached the ledger at its end, and then formats as usual.
let pageLedger: FormatLedger | undefined;
setFormatLedgerProvider(() => {
  if (!pageLedger) {
    const element = document.getElementById(FORMAT_LEDGER_ELEMENT_ID);
    if (!element) return undefined;
    pageLedger = parseFormatLedger(element.textContent);
  }
  return { ledger: pageLedger, record: false };
});

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
