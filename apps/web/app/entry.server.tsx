import { AsyncLocalStorage } from "node:async_hooks";
import { PassThrough } from "node:stream";

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import {
  FORMAT_LEDGER_ELEMENT_ID,
  serializeFormatLedger,
  setFormatLedgerProvider,
  type FormatLedger,
} from "@ems/i18n/format-ledger";

import { loadPageI18n } from "./lib/i18n";
import "./lib/load-context";
import appStyles from "./app.css?inline";
import { editHead, isContentFirst } from "./lib/document-head.server";
import { CspNonceContext } from "./lib/csp-nonce";

export const streamTimeout = 5_000;

// Each render records the texts it formats (dates, numbers, the operator's claims) for the browser's
// hydration of the same page (@ems/i18n/format-ledger, ADR 0021). React renders a request's document
// across many ticks, interleaved with other requests, so the ledger travels with the async context.
const formatLedgers = new AsyncLocalStorage<FormatLedger>();
setFormatLedgerProvider(() => {
  const ledger = formatLedgers.getStore();
  return ledger ? { ledger, record: true } : undefined;
});

// A data block, never run, so the content security policy needs neither a nonce nor a hash for it.
function formatLedgerScript(ledger: FormatLedger): string {
  if (ledger.size === 0) return "";
  return `<script type="application/json" id="${FORMAT_LEDGER_ELEMENT_ID}">${serializeFormatLedger(ledger)}</script>`;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const userAgent = request.headers.get("user-agent");
  const bot = Boolean(userAgent && isbot(userAgent));

  // docs/behaviour/public-site.md#error-page: crawlers get no error page for a runtime error, only the status, so an outage never
  // gets indexed as content. A 404 page is fine to show them.
  if (
    request.method.toUpperCase() === "HEAD" ||
    (bot && responseStatusCode >= 400 && responseStatusCode !== 404)
  ) {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // The page's catalog parts must be ready before the first synchronous render of any component.
  await loadPageI18n(new URL(request.url).pathname);

  const contentFirst = isContentFirst(
    routerContext.staticHandlerContext.matches.map((match) => match.route.id),
  );

  // apps/api allows this response's inline scripts by this nonce: React Router's hydration and
  // streamed-data scripts, React's own streaming scripts and the colour-mode script carry it.
  // Prerendering has none; the API allows those pages' scripts by their hashes instead.
  const nonce = loadContext?.cspNonce;

  const ledger: FormatLedger = new Map();
  return formatLedgers.run(
    ledger,
    () =>
      new Promise<Response>((resolve, reject) => {
        let shellRendered = false;
        // Crawlers and static generation wait for the whole document instead of streaming it.
        const readyOption: keyof RenderToPipeableStreamOptions =
          bot || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

        let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
          () => abort(),
          streamTimeout + 1000,
        );

        const { pipe, abort } = renderToPipeableStream(
          <CspNonceContext.Provider value={nonce}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </CspNonceContext.Provider>,
          {
            nonce,
            [readyOption]() {
              shellRendered = true;
              const body = new PassThrough({
                final(callback) {
                  clearTimeout(timeoutId);
                  timeoutId = undefined;
                  callback();
                },
              });
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              pipe(body);
              resolve(
                new Response(
                  createReadableStreamFromReadable(
                    body.pipe(
                      editHead({
                        styles: appStyles,
                        dropModulePreloads: contentFirst,
                        beforeBodyEnd: () => formatLedgerScript(ledger),
                      }),
                    ),
                  ),
                  {
                    headers: responseHeaders,
                    status: responseStatusCode,
                  },
                ),
              );
            },
            onShellError(error: unknown) {
              reject(error);
            },
            onError(error: unknown) {
              responseStatusCode = 500;
              // Errors before the shell reject above and are logged by React Router; only later ones here.
              if (shellRendered) console.error(error);
            },
          },
        );
      }),
  );
}
