import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Messages } from "@lingui/core";

import { LOCALES } from "@ems/i18n/locales";
import { PAGES, type PageKey } from "@ems/i18n/pages";

import linguiConfig from "../lingui.config.ts";

/**
 * `lingui compile` merges every source catalog of a language into app/locales/<lang>/messages.ts.
 * A marketing page needs only a small part of it, so this splits each language's compiled catalog
 * into public.ts (the public site: header, footer, menus, error pages, the cookie, colour and
 * language controls, the content pages) and portal.ts (everything else), which app/lib/i18n.ts
 * imports lazily as two chunks (issue 20: parsing the whole catalog cost the public pages their
 * Total Blocking Time). messages.ts stays for the unit tests, which read the whole catalog.
 *
 * Membership follows the source file a key comes from: the catalogs below are public, any other
 * (also one added later) is portal. pages.json holds the texts of every page of the route map; a
 * page's texts are public unless the page is a signed-in portal page (the menus link the public
 * application pages such as the Gerber viewer and sign-in by their labels).
 */
export const PUBLIC_CATALOGS: readonly string[] = ["messages", "content"];
const PAGES_CATALOG = "pages";

export type CatalogPart = "public" | "portal";

/** Which part a page text (`page.<key>.<field>`) belongs to. */
export function pageTextPart(id: string): CatalogPart {
  const key = id.split(".")[1] as PageKey;
  const page = PAGES[key] as (typeof PAGES)[PageKey] | undefined;
  if (!page) throw new Error(`pages.json: "${id}" names no page of the route map`);
  return page.kind === "portal" ? "portal" : "public";
}

/** The part a message belongs to, from the source catalog it is defined in. */
export function messagePart(id: string, catalog: string): CatalogPart {
  if (catalog === PAGES_CATALOG) return pageTextPart(id);
  return PUBLIC_CATALOGS.includes(catalog) ? "public" : "portal";
}

/**
 * Splits one language's compiled messages by `sources` (catalog name → its message ids). Every
 * compiled id must come from exactly one source catalog, so nothing is lost or shipped twice.
 */
export function splitCatalog(
  compiled: Messages,
  sources: ReadonlyMap<string, readonly string[]>,
): Record<CatalogPart, Messages> {
  const home = new Map<string, string>();
  for (const [catalog, ids] of sources) {
    for (const id of ids) {
      const other = home.get(id);
      if (other !== undefined)
        throw new Error(`"${id}" is defined in both ${other}.json and ${catalog}.json`);
      home.set(id, catalog);
    }
  }
  const parts: Record<CatalogPart, Messages> = { public: {}, portal: {} };
  for (const [id, message] of Object.entries(compiled)) {
    const catalog = home.get(id);
    if (catalog === undefined) throw new Error(`Compiled message "${id}" comes from no source catalog`);
    parts[messagePart(id, catalog)][id] = message;
  }
  return parts;
}

/** The module text of one part, in the form `lingui compile --typescript` writes. */
export function catalogModule(messages: Messages): string {
  return `/*eslint-disable*/import type{Messages}from"@lingui/core";export const messages=JSON.parse(${JSON.stringify(JSON.stringify(messages))})as Messages;`;
}

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The source catalogs of lingui.config.ts (name → file pattern with `{locale}`). */
function sourceCatalogs(): Map<string, string> {
  const catalogs = new Map<string, string>();
  for (const catalog of linguiConfig.catalogs ?? []) {
    const file = catalog.path.replace("<rootDir>", webDir);
    catalogs.set(path.basename(file), `${file}.json`);
  }
  return catalogs;
}

export async function splitCompiledCatalogs(): Promise<Record<string, Record<CatalogPart, number>>> {
  const catalogs = sourceCatalogs();
  const sizes: Record<string, Record<CatalogPart, number>> = {};
  for (const locale of LOCALES) {
    const sources = new Map<string, string[]>();
    for (const [name, pattern] of catalogs) {
      const text = await readFile(pattern.replace("{locale}", locale), "utf8");
      sources.set(name, Object.keys(JSON.parse(text) as Record<string, string>));
    }
    const dir = path.join(webDir, "app", "locales", locale);
    const compiled = (await import(pathToFileURL(path.join(dir, "messages.ts")).href)) as {
      messages: Messages;
    };
    const parts = splitCatalog(compiled.messages, sources);
    sizes[locale] = { public: 0, portal: 0 };
    for (const part of ["public", "portal"] as const) {
      const text = catalogModule(parts[part]);
      await writeFile(path.join(dir, `${part}.ts`), text);
      sizes[locale][part] = Buffer.byteLength(text);
    }
  }
  return sizes;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const sizes = await splitCompiledCatalogs();
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(
    `Split catalogs (public + portal): ${Object.entries(sizes)
      .map(([locale, size]) => `${locale} ${kb(size.public)} + ${kb(size.portal)}`)
      .join(", ")}`,
  );
}
