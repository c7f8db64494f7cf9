import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { isContentFirst, withoutModulePreloads } from "./content-first.server";

async function run(chunks: string[]): Promise<string> {
  return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(withoutModulePreloads()));
}

const HEAD =
  '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/x.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/><title>Bestückung – SMT</title></head>';
const WITHOUT = '<head><link rel="stylesheet" href="/x.css"/><title>Bestückung – SMT</title></head>';

describe("withoutModulePreloads", () => {
  it("removes every module preload and leaves the rest byte for byte", async () => {
    expect(await run([HEAD])).toBe(WITHOUT);
  });

  it("removes a tag split across chunks, wherever the cut falls", async () => {
    for (let cut = 1; cut < HEAD.length; cut += 1) {
      expect(await run([HEAD.slice(0, cut), HEAD.slice(cut)]), `cut at ${cut}`).toBe(WITHOUT);
    }
  });

  it("passes through a document without preloads, an unclosed tag at the end included", async () => {
    const body = "<body><p>a &lt; b</p><script>if (a < b) run()</script><link rel=";
    expect(await run([body.slice(0, 7), body.slice(7)])).toBe(body);
  });
});

describe("isContentFirst", () => {
  it("holds for public pages in every language, knowledge-base articles included", () => {
    expect(isContentFirst(["root", "layout:default", "page:home:en"])).toBe(true);
    expect(isContentFirst(["root", "layout:default", "page:em-smt-assembly:de"])).toBe(true);
    expect(isContentFirst(["root", "layout:default", "page:knowledge-base-article:fi"])).toBe(true);
  });

  it("does not hold for sign-in, the portal, the back office or unknown routes", () => {
    expect(isContentFirst(["root", "layout:auth", "page:login:en"])).toBe(false);
    expect(isContentFirst(["root", "layout:dashboard", "page:my-quotes:de"])).toBe(false);
    expect(isContentFirst(["root", "layout:dashboard", "page:staff-quotes:en"])).toBe(false);
    expect(isContentFirst(["root"])).toBe(false);
  });
});
