import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";

/**
 * Whether a client takes a prerendered page in Brotli, as stored; if not, it gets the page decoded
 * (and Fastify's compression hook gzips it for clients that want gzip). Negotiated as
 * @fastify/static and @fastify/compress do: q-values count, `br;q=0` refuses, `*` accepts.
 */
export function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  return acceptEncoding ? negotiate(acceptEncoding, ["br"]) === "br" : false;
}

/** Brotli at quality 5: within 10 % of the smallest output at a fiftieth of quality 11's time. */
export function compressPage(body: Buffer): Buffer {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi;
const SRC = /(?:^|\s)src\s*=/i;
const TYPE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
/** Script types a browser runs (and CSP checks); any other type, JSON-LD for one, is a data block. */
const EXECUTABLE_TYPE =
  /^(?:|module|importmap|speculationrules|(?:text|application)\/(?:x-)?(?:javascript|ecmascript))$/i;

/**
 * The SHA-256 hashes (base64) of the inline scripts a page runs, for its Content-Security-Policy:
 * a prerendered page is fixed at build time, so it cannot carry a per-response nonce. The hash is
 * over the script's text as the browser sees it, which is the text between the tags with line
 * breaks normalised to \n (the HTML parser does that before anything else).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes)) continue;
    const type = TYPE.exec(attributes);
    if (type && !EXECUTABLE_TYPE.test((type[1] ?? type[2] ?? type[3] ?? "").trim())) continue;
    const normalised = text.replace(/\r\n?/g, "\n");
    hashes.add(createHash("sha256").update(normalised, "utf8").digest("base64"));
  }
  return [...hashes];
}

interface StoredPage {
  compressed: Buffer;
  /** Empty for route data, which is not HTML. */
  scriptHashes: readonly string[];
}

/**
 * The prerendered pages (URL path → HTML) and the route data React Router fetches on client-side
 * navigations (`/path.data`). At start only their paths are listed; a page is read on its first
 * request and kept in memory Brotli-compressed: about 28 MB for every page in 12 languages, where
 * the plain files take about 160 MB (each carries its inline stylesheet, ADR 0008). Browsers get the
 * stored bytes as they are; the rare client without Brotli gets the page decoded, which takes a
 * fraction of a millisecond. The hashes of a page's inline scripts are taken on the same first read.
 */
export class PrerenderedPages {
  private readonly cache = new Map<string, Promise<StoredPage>>();

  private constructor(private readonly files: ReadonlyMap<string, string>) {}

  static async scan(clientDir: string): Promise<PrerenderedPages> {
    const files = new Map<string, string>();
    const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const relative = path.relative(clientDir, file).split(path.sep).join("/");
      if (entry.name === "index.html")
        files.set(`/${relative.slice(0, -"index.html".length)}`.replace(/(.)\/$/, "$1"), file);
      else if (entry.name.endsWith(".data")) files.set(`/${relative}`, file);
    }
    return new PrerenderedPages(files);
  }

  /**
   * The page in Brotli when the client takes it, else decoded, with the hashes of its inline
   * scripts; undefined when not prerendered.
   */
  async body(
    urlPath: string,
    brotli: boolean,
  ): Promise<{ body: Buffer; encoding?: "br"; scriptHashes: readonly string[] } | undefined> {
    const file = this.files.get(urlPath);
    if (!file) return undefined;
    let pending = this.cache.get(urlPath);
    if (!pending) {
      const html = !urlPath.endsWith(".data");
      pending = readFile(file).then((plain) => ({
        compressed: compressPage(plain),
        scriptHashes: html ? inlineScriptHashes(plain.toString("utf8")) : [],
      }));
      this.cache.set(urlPath, pending);
      // A failed read is not kept: the next request tries again.
      pending.catch(() => this.cache.delete(urlPath));
    }
    const { compressed, scriptHashes } = await pending;
    return brotli
      ? { body: compressed, encoding: "br", scriptHashes }
      : { body: brotliDecompressSync(compressed), scriptHashes };
  }
}
