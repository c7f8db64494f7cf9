import { mkdtemp, mkdir, readFile, rm, writeFile, access } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressBuild } from "./precompress";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

describe("precompressBuild", () => {
  it("writes Brotli and gzip copies of static text files that decode to the original", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "precompress-"));
    await mkdir(path.join(dir, "assets"));
    const script = Buffer.from("export const hello = 'Bestückung';\n".repeat(200));
    await writeFile(path.join(dir, "assets", "app-abc.js"), script);
    await writeFile(path.join(dir, "assets", "tiny.css"), "a{color:red}");
    await writeFile(path.join(dir, "index.html"), "<html>".repeat(500));
    await writeFile(path.join(dir, "photo.webp"), Buffer.alloc(4096, 7));

    const done = await precompressBuild(dir);

    expect(done.map((file) => path.relative(dir!, file))).toEqual([path.join("assets", "app-abc.js")]);
    const br = await readFile(path.join(dir, "assets", "app-abc.js.br"));
    const gz = await readFile(path.join(dir, "assets", "app-abc.js.gz"));
    expect(brotliDecompressSync(br).equals(script)).toBe(true);
    expect(gunzipSync(gz).equals(script)).toBe(true);
    // Too small to gain, served from memory anyway, or already compressed: left alone.
    expect(await exists(path.join(dir, "assets", "tiny.css.br"))).toBe(false);
    expect(await exists(path.join(dir, "index.html.br"))).toBe(false);
    expect(await exists(path.join(dir, "photo.webp.br"))).toBe(false);
  });
});
