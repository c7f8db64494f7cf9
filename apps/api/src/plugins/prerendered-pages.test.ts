import { createHash } from "node:crypto";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { acceptsBrotli, inlineScriptHashes, PrerenderedPages } from "./prerendered-pages.ts";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

describe("acceptsBrotli", () => {
  it("follows Accept-Encoding, its q-values and wildcard", () => {
    expect(acceptsBrotli("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsBrotli("*")).toBe(true);
    expect(acceptsBrotli("br;q=0.5, gzip")).toBe(true);
    expect(acceptsBrotli("gzip, deflate")).toBe(false);
    expect(acceptsBrotli("br;q=0, gzip")).toBe(false);
    expect(acceptsBrotli("*;q=0")).toBe(false);
    expect(acceptsBrotli("identity")).toBe(false);
    expect(acceptsBrotli("")).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});

describe("inlineScriptHashes", () => {
  const colourMode =
    '(function () {\n  var root = document.documentElement;\n  root.dataset.colorMode = "dark";\n})();';
  const context = 'window.__reactRouterContext = {"url":"/de/\u00fcber-uns","note":"<\\/script>"};';
  const modules = 'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-2.js";';

  it("hashes the exact text of every inline script a browser runs", () => {
    const html =
      `<!DOCTYPE html><html><head><script>${colourMode}</script>` +
      `<script type="application/ld+json">{"@type":"Organization"}</script>` +
      `<link rel="modulepreload" href="/assets/x.js"/><script src="/assets/app.js"></script>` +
      `<script async="" src="https://js.stripe.com/v3/"></script></head><body><p>Bestückung</p>` +
      `<script>${context}</script><script type="module" async="">${modules}</script>` +
      `<SCRIPT TYPE='text/javascript' >${colourMode}</SCRIPT ></body></html>`;
    // Scripts with a src are allowed by origin and data blocks never run: neither is hashed, and
    // the same script twice is listed once.
    expect(inlineScriptHashes(html)).toEqual([sha256(colourMode), sha256(context), sha256(modules)]);
    // Known value: the CSP specification's example hash of `alert('Hello, world.');`.
    expect(inlineScriptHashes("<script>alert('Hello, world.');</script>")).toEqual([
      "qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=",
    ]);
  });

  it("hashes line breaks as the browser reads them and an empty script too", () => {
    expect(inlineScriptHashes("<script>a();\r\nb();\rc();</script>")).toEqual([sha256("a();\nb();\nc();")]);
    expect(inlineScriptHashes("<script></script>")).toEqual([sha256("")]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });
});

describe("PrerenderedPages", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const home = Buffer.from("<!DOCTYPE html><p>Bestückung – Leiterplatten</p>".repeat(300));
  const data = Buffer.from('[{"_1":2},"loaderData"]');

  async function build(): Promise<string> {
    dir = await mkdtemp(path.join(os.tmpdir(), "prerendered-"));
    await mkdir(path.join(dir, "de", "kontakt"), { recursive: true });
    await mkdir(path.join(dir, "assets"));
    await writeFile(path.join(dir, "index.html"), home);
    await writeFile(path.join(dir, "de", "kontakt", "index.html"), "<p>Kontakt</p>");
    await writeFile(path.join(dir, "de", "kontakt.data"), data);
    await writeFile(path.join(dir, "assets", "app.js"), "export {}");
    return dir;
  }

  it("finds pages and route data by URL path, and nothing else", async () => {
    const pages = await PrerenderedPages.scan(await build());
    expect((await pages.body("/", false))?.body.equals(home)).toBe(true);
    expect((await pages.body("/de/kontakt", false))?.body.toString()).toBe("<p>Kontakt</p>");
    expect((await pages.body("/de/kontakt.data", false))?.body.equals(data)).toBe(true);
    expect(await pages.body("/de/kontakt/", false)).toBeUndefined();
    expect(await pages.body("/assets/app.js", false)).toBeUndefined();
    expect(await pages.body("/de", false)).toBeUndefined();
  });

  it("keeps a page compressed and sends those bytes to Brotli clients, the decoded page to others", async () => {
    const pages = await PrerenderedPages.scan(await build());
    const brotli = await pages.body("/", true);
    expect(brotli?.encoding).toBe("br");
    expect(brotli!.body.length).toBeLessThan(home.length / 10);
    expect(brotliDecompressSync(brotli!.body).equals(home)).toBe(true);
    // Compressed once, on the first request: the same buffer comes back.
    expect((await pages.body("/", true))!.body).toBe(brotli!.body);
    const plain = await pages.body("/", false);
    expect(plain?.encoding).toBeUndefined();
    expect(plain!.body.equals(home)).toBe(true);
  });

  it("hands out the hashes of a page's inline scripts with it, and none for route data", async () => {
    const root = await build();
    const script = 'window.__reactRouterContext = {"loaderData":{"root":{"colorMode":"system"}}};';
    await writeFile(
      path.join(root, "de", "kontakt", "index.html"),
      `<p>Kontakt</p><script>${script}</script>`,
    );
    const pages = await PrerenderedPages.scan(root);
    expect((await pages.body("/de/kontakt", true))?.scriptHashes).toEqual([sha256(script)]);
    expect((await pages.body("/de/kontakt", false))?.scriptHashes).toEqual([sha256(script)]);
    expect((await pages.body("/", true))?.scriptHashes).toEqual([]);
    // Route data is a turbo-stream, not HTML, whatever it contains.
    await writeFile(path.join(root, "de", "kontakt.data"), `["<script>${script}</script>"]`);
    const fresh = await PrerenderedPages.scan(root);
    expect((await fresh.body("/de/kontakt.data", true))?.scriptHashes).toEqual([]);
  });
});
