import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { editHead, isContentFirst } from "./document-head.server";

async function run(chunks: string[], dropModulePreloads: boolean): Promise<string> {
  return text(
    Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(
      editHead({ styles: "body{color:red}", dropModulePreloads }),
    ),
  );
}

const DOCUMENT =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js"/><title>Bestückung – SMT</title>' +
  '<link rel="modulepreload" href="/assets/b.js"/></head><body><p>Lötpaste</p>' +
  '<link rel="modulepreload" href="/in-body.js"/></body></html>';
const EDITED =
  "<!DOCTYPE html><html><head><title>Bestückung – SMT</title><style>body{color:red}</style></head>" +
  '<body><p>Lötpaste</p><link rel="modulepreload" href="/in-body.js"/></body></html>';

describe("editHead", () => {
  it("adds the stylesheet at the end of <head> and drops the module preloads there", async () => {
    expect(await run([DOCUMENT], true)).toBe(EDITED);
  });

  it("keeps the preloads when not asked to drop them", async () => {
    const html = await run([DOCUMENT], false);
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(3);
    expect(html).toContain("<style>body{color:red}</style></head>");
  });

  it("gives the same document wherever the stream is cut", async () => {
    for (let cut = 1; cut < DOCUMENT.length; cut += 1) {
      expect(await run([DOCUMENT.slice(0, cut), DOCUMENT.slice(cut)], true), `cut at ${cut}`).toBe(EDITED);
    }
  });

  it("lets a document without a head through unchanged", async () => {
    expect(await run(["<p>partial", " output</p>"], true)).toBe("<p>partial output</p>");
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

describe("editHead's insertion before </body>", () => {
  const withLedger = (chunks: string[], insert: () => string) =>
    text(
      Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(
        editHead({ styles: "body{color:red}", dropModulePreloads: true, beforeBodyEnd: insert }),
      ),
    );
  const INSERTED = EDITED.replace("</body>", '<script type="application/json">{}</script></body>');

  it("puts the text just before </body>, asked for once the body has been rendered", async () => {
    let asked = 0;
    const html = await withLedger([DOCUMENT], () => {
      asked += 1;
      return '<script type="application/json">{}</script>';
    });
    expect(html).toBe(INSERTED);
    expect(asked).toBe(1);
  });

  it("gives the same document wherever the stream is cut, twice", async () => {
    const insert = () => '<script type="application/json">{}</script>';
    for (let cut = 1; cut < DOCUMENT.length; cut += 7) {
      for (let second = cut + 1; second < DOCUMENT.length; second += 5) {
        const chunks = [DOCUMENT.slice(0, cut), DOCUMENT.slice(cut, second), DOCUMENT.slice(second)];
        expect(await withLedger(chunks, insert), `cut at ${cut} and ${second}`).toBe(INSERTED);
      }
    }
  });

  it("lets a body that never ends through unchanged", async () => {
    const partial = DOCUMENT.slice(0, DOCUMENT.indexOf("</body>") + 4);
    expect(await withLedger([partial], () => "never")).toBe(EDITED.slice(0, EDITED.indexOf("</body>") + 4));
  });
});
