import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Messages } from "@lingui/core";
import { describe, expect, it } from "vitest";

import { PAGES, PAGE_KEYS } from "@ems/i18n/pages";

import linguiConfig from "../lingui.config.ts";
import { PUBLIC_CATALOGS, catalogModule, pageTextPart, splitCatalog } from "./split-catalogs";

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const localesDir = path.join(webDir, "app", "locales");

describe("splitCatalog", () => {
  const sources = new Map<string, string[]>([
    ["messages", ["nav.login", "footer.copyright"]],
    ["content", ["kb.search"]],
    ["signin", ["signin.submit"]],
    ["staff", ["staff.title"]],
    [
      "pages",
      ["page.home.title", "page.login.nav", "page.gerber-viewer.nav", "page.my-desk.title", "page.staff.nav"],
    ],
  ]);
  const compiled: Messages = Object.fromEntries([...sources.values()].flat().map((id) => [id, [id]]));

  it("puts public catalogs and the texts of public pages in the public part, the rest in the portal part", () => {
    const parts = splitCatalog(compiled, sources);
    expect(Object.keys(parts.public).sort()).toEqual(
      [
        "footer.copyright",
        "kb.search",
        "nav.login",
        "page.gerber-viewer.nav",
        "page.home.title",
        "page.login.nav",
      ].sort(),
    );
    expect(Object.keys(parts.portal).sort()).toEqual(
      ["page.my-desk.title", "page.staff.nav", "signin.submit", "staff.title"].sort(),
    );
    expect(parts.public["nav.login"]).toEqual(["nav.login"]);
  });

  it("refuses a compiled message no source defines, and an id two sources define", () => {
    expect(() => splitCatalog({ ...compiled, "stray.key": ["x"] }, sources)).toThrow(/stray\.key/);
    const twice = new Map(sources).set("register", ["signin.submit"]);
    expect(() => splitCatalog(compiled, twice)).toThrow(/signin\.json and register\.json/);
  });

  it("files a page's texts by its kind in the route map", () => {
    for (const key of PAGE_KEYS)
      expect(pageTextPart(`page.${key}.title`), key).toBe(PAGES[key].kind === "portal" ? "portal" : "public");
    expect(() => pageTextPart("page.no-such-page.title")).toThrow(/no-such-page/);
  });

  it("writes a module that gives back the same messages", () => {
    const messages: Messages = { "a.b": ['Say "hi" \\ ', ["name"]] };
    const text = catalogModule(messages);
    const json = /JSON\.parse\((.*)\)as Messages;$/.exec(text)![1]!;
    expect(JSON.parse(JSON.parse(json) as string)).toEqual(messages);
  });
});

/** The compiled catalogs of `npm run i18n:compile` (run before the tests by `npm test`). */
describe.each(["en", "de"])("the compiled %s catalog", (locale) => {
  const load = async (part: string) =>
    (
      (await import(pathToFileURL(path.join(localesDir, locale, `${part}.ts`)).href)) as {
        messages: Messages;
      }
    ).messages;

  it("is split into two parts whose union is the whole catalog, each message in exactly one", async () => {
    const [whole, publicPart, portalPart] = await Promise.all([
      load("messages"),
      load("public"),
      load("portal"),
    ]);
    const publicIds = Object.keys(publicPart);
    const portalIds = Object.keys(portalPart);
    expect(publicIds.filter((id) => id in portalPart)).toEqual([]);
    expect([...publicIds, ...portalIds].sort()).toEqual(Object.keys(whole).sort());
    expect({ ...publicPart, ...portalPart }).toEqual(whole);
    // The point of the split: the public part is a small share of the whole.
    expect(JSON.stringify(publicPart).length).toBeLessThan(JSON.stringify(whole).length / 3);
  });

  it("keeps every text of a portal catalog out of the public part", async () => {
    const publicPart = await load("public");
    for (const catalog of linguiConfig.catalogs ?? []) {
      const name = path.basename(catalog.path);
      if (PUBLIC_CATALOGS.includes(name)) continue;
      const file = `${catalog.path.replace("<rootDir>", webDir).replace("{locale}", locale)}.json`;
      const ids = Object.keys(JSON.parse(await readFile(file, "utf8")) as Record<string, string>);
      expect(ids.length, name).toBeGreaterThan(0);
      const leaked = ids.filter(
        (id) => id in publicPart && (name !== "pages" || pageTextPart(id) === "portal"),
      );
      expect(leaked, name).toEqual([]);
    }
  });
});
