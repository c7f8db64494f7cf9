import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { acceptsBrotli, PrerenderedPages } from "./prerendered-pages.ts";

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
});
