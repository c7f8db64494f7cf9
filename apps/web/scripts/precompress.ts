import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files the server sends as they are; prerendered HTML and route data are served from memory. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/i;
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (Brotli quality 11) and `<file>.gz` (gzip level 9) beside every static text
 * file of the client build, which @fastify/static sends to clients that accept them. Compressing
 * once here instead of per request gives smaller files and keeps the server's CPU for pages; on a
 * page load some thirty scripts were being compressed while the browser waited for the page.
 * Returns the files it compressed.
 */
export async function precompressBuild(clientDir: string): Promise<string[]> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const done: string[] = [];
  // zlib runs on the libuv thread pool, so a few files at a time use every core.
  const queue = [...files];
  async function worker(): Promise<void> {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const body = await readFile(file);
      if (body.length < MIN_BYTES) continue;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      done.push(file);
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker));
  return done;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "build", "client");
  const started = Date.now();
  const files = await precompressBuild(clientDir);
  console.log(`precompressed ${files.length} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
