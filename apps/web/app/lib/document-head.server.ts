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
const HEAD_END = "</head>";
const BODY_END = "</body>";

/**
 * Edits a streamed HTML document: puts `styles` in a <style> element at the end of <head>, so the
 * first paint needs no request, drops the module preloads there when asked to, and inserts
 * `beforeBodyEnd()` (asked when </body> arrives, after everything React rendered) just before
 * </body>. The stylesheet is added here rather than rendered by React so that it is not also
 * shipped inside the scripts (12 KB compressed) only to be ignored by hydration; React 19 skips
 * unknown elements in <head> when it hydrates and leaves them in place. The rest passes untouched.
 */
export function editHead(options: {
  styles: string;
  dropModulePreloads: boolean;
  beforeBodyEnd?: () => string;
}): Transform {
  let head: string | null = "";
  // After </head>: the end of the text seen so far that could still begin "</body>".
  let tail = "";
  let bodyDone = !options.beforeBodyEnd;
  const edit = (text: string, end: number) => {
    const start = options.dropModulePreloads ? text.slice(0, end).replace(PRELOAD, "") : text.slice(0, end);
    return `${start}<style>${options.styles}</style>${text.slice(end)}`;
  };
  const editBody = (text: string): string => {
    if (bodyDone) return text;
    const seen = tail + text;
    const end = seen.indexOf(BODY_END);
    if (end !== -1) {
      bodyDone = true;
      tail = "";
      return `${seen.slice(0, end)}${options.beforeBodyEnd?.() ?? ""}${seen.slice(end)}`;
    }
    const keep = Math.min(seen.length, BODY_END.length - 1);
    tail = seen.slice(seen.length - keep);
    return seen.slice(0, seen.length - keep);
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      if (head === null) return callback(null, editBody(chunk.toString()));
      head += chunk.toString();
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const split = end + HEAD_END.length;
      const text = edit(head.slice(0, split), end) + editBody(head.slice(split));
      head = null;
      callback(null, text);
    },
    flush(callback: TransformCallback) {
      // A document without </head> or </body> (an error before the shell) goes out as it came.
      callback(null, head ?? tail);
    },
  });
}
