import { Transform, type TransformCallback } from "node:stream";
import { PAGES } from "@ems/i18n/pages";
import { parseRouteId } from "@ems/i18n/route-map";

/**
 * Public pages are read before they are used: they paint from their HTML and inline stylesheet
 * alone, and React takes over when its scripts arrive. React Router announces every script of the
 * page as a module preload at the top of <head>, which on a slow connection made some thirty
 * scripts compete with the document, and the first paint wait for them (Lighthouse mobile measured
 * the largest paint at 2.3 to 3.0 s with them, 0.8 to 1.1 s without; ADR 0008). On these pages the
 * preloads are left out: the module script at the end of <body> fetches the same files once the
 * document is in. Portal and sign-in pages are used at once and keep them.
 */
export function isContentFirst(routeIds: readonly string[]): boolean {
  const leaf = routeIds.map(parseRouteId).findLast((page) => page !== null);
  return leaf ? PAGES[leaf.key].kind === "marketing" : false;
}

const PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;
const PRELOAD_START = '<link rel="modulepreload"';

/**
 * Removes the module preload tags from a streamed HTML document. A tag split between chunks is
 * caught by holding back a chunk's tail from the last unclosed "<link".
 */
export function withoutModulePreloads(): Transform {
  let pending = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = (pending + chunk.toString()).replace(PRELOAD, "");
      const cut = holdBackFrom(text);
      pending = text.slice(cut);
      callback(null, text.slice(0, cut));
    },
    flush(callback: TransformCallback) {
      callback(null, pending.replace(PRELOAD, ""));
    },
  });
}

/** Where the part that may be an unfinished preload tag begins (the text's length if none). */
function holdBackFrom(text: string): number {
  const open = text.lastIndexOf("<");
  if (open === -1) return text.length;
  const tail = text.slice(open);
  if (tail.includes(">")) return text.length;
  const prefix = tail.slice(0, PRELOAD_START.length);
  return PRELOAD_START.startsWith(prefix) ? open : text.length;
}
