/**
 * Formatted texts the server rendered, reused by the browser while it hydrates the same page.
 *
 * The browser's first Intl formatter of a page load (number, date, country name, list) costs 50 to
 * 150 ms of main thread on a mid-range phone while the engine loads its locale data; on the public
 * pages that was the longest task of hydration and cost Lighthouse's performance score its last
 * point (issue 20, ADR 0021). The server already computed every one of those texts, so it sends
 * them along: each server render records what it formatted in a ledger (one per request), the
 * document carries the ledger as JSON, and the browser looks a text up there before asking Intl.
 * The text is also exactly what the server printed, so hydration cannot disagree with it.
 *
 * Keys name the formatter and the input (`number:de-DE|4425`); values are deterministic, so a
 * stale or missing entry only means formatting again. Code outside a page render (the API's PDFs
 * and mails, loaders, tests) has no ledger and formats as before.
 */
export type FormatLedger = Map<string, string>;

/** The id of the JSON script that carries a page's ledger. */
export const FORMAT_LEDGER_ELEMENT_ID = "format-ledger";

type LedgerProvider = () => { ledger: FormatLedger; record: boolean } | undefined;

let provide: LedgerProvider = () => undefined;

/**
 * Sets where `remembered` finds the current ledger: the server's request-scoped one (recording) or
 * the browser's copy of the page's (lookup only: a long portal session would otherwise grow it).
 */
export function setFormatLedgerProvider(provider: LedgerProvider): void {
  provide = provider;
}

/** The ledger's text for `key`, or `format()`'s, recorded when a server render is in progress. */
export function remembered(key: string, format: () => string): string {
  const current = provide();
  if (!current) return format();
  const known = current.ledger.get(key);
  if (known !== undefined) return known;
  const text = format();
  if (current.record) current.ledger.set(key, text);
  return text;
}

/**
 * The text of the first entry whose key is `prefix` followed by a rest that `accept`s, in the
 * browser's copy of the page's ledger only (on the server it would cost a scan per call and gain
 * nothing: the server formats anyway).
 */
export function rememberedLike(prefix: string, accept: (rest: string) => boolean): string | undefined {
  const current = provide();
  if (!current || current.record) return undefined;
  for (const [key, text] of current.ledger) {
    if (key.startsWith(prefix) && accept(key.slice(prefix.length))) return text;
  }
  return undefined;
}

/** The ledger as the body of a `<script type="application/json">`: "<" escaped so no text can end it. */
export function serializeFormatLedger(ledger: FormatLedger): string {
  return JSON.stringify(Object.fromEntries(ledger)).replace(/</g, "\\u003c");
}

/** A ledger read back from `serializeFormatLedger`'s output; anything malformed reads as empty. */
export function parseFormatLedger(json: string | null | undefined): FormatLedger {
  const ledger: FormatLedger = new Map();
  if (!json) return ledger;
  try {
    const entries: unknown = JSON.parse(json);
    if (entries && typeof entries === "object" && !Array.isArray(entries)) {
      for (const [key, value] of Object.entries(entries)) {
        if (typeof value === "string") ledger.set(key, value);
      }
    }
  } catch {
    // A truncated document: format again instead.
  }
  return ledger;
}
