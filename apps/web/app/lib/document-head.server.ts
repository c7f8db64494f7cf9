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

/**
 * Edits the <head> of a streamed HTML document: puts `styles` in a <style> element at its end, so
 * the first paint needs no request, and drops the module preloads when asked to. The stylesheet
 * is added here rather than rendered by React so that it is not also shipped inside the scripts
 * (12 KB compressed) only to be ignored by hydration; React 19 skips unknown elements in <head>
 * when it hydrates and leaves them in place. Everything after </head> passes through untouched.
 */
export function editHead(options: { styles: string; dropModulePreloads: boolean }): Transform {
  let head: string | null = "";
  const edit = (text: string, end: number) => {
    const start = options.dropModulePreloads ? text.slice(0, end).replace(PRELOAD, "") : text.slice(0, end);
    return `${start}<style>${options.styles}</style>${text.slice(end)}`;
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      if (head === null) return callback(null, chunk);
      head += chunk.toString();
      const end = head.indexOf(HEAD_END);
      if (end === -1) return callback();
      const text = edit(head, end);
      head = null;
      callback(null, text);
    },
    flush(callback: TransformCallback) {
      // A document without </head> (an error before the shell) goes out as it came.
      callback(null, head ?? "");
    },
  });
}
