/**
 * Validates e-invoice XML against the official EN 16931 business rules: the CEN/European
 * Commission's compiled Schematron (XSLT, fixtures/en16931, EUPL-1.2) run by SaxonJS, in Node alone
 * (no Java). The XSLT is compiled to SaxonJS's SEF form once and cached under node_modules/.cache;
 * a fresh checkout pays about 20 s per syntax, later runs read the cache.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export type En16931Syntax = "ubl" | "cii";

export interface En16931Finding {
  /** The rule, e.g. BR-CO-15 or BR-AE-02. */
  id: string;
  /** fatal: the document breaks the standard; warning: it may. */
  flag: string;
  text: string;
  location: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const STYLESHEETS: Record<En16931Syntax, string> = {
  ubl: path.join(ROOT, "fixtures/en16931/ubl/EN16931-UBL-validation.xslt"),
  cii: path.join(ROOT, "fixtures/en16931/cii/EN16931-CII-validation.xslt"),
};
const CACHE = path.join(ROOT, "node_modules/.cache/en16931");

const require = createRequire(import.meta.url);

interface SaxonJs {
  transform(
    options: { stylesheetInternal: unknown; sourceText: string; destination: "serialized" },
    mode: "sync",
  ): { principalResult: string };
}

const compiled = new Map<En16931Syntax, Promise<unknown>>();

/** The stylesheet's SEF, compiled by the xslt3 command (with this Node) unless cached for these bytes. */
async function sefOf(syntax: En16931Syntax): Promise<unknown> {
  const source = STYLESHEETS[syntax];
  const xslt3 = require.resolve("xslt3/xslt3.js");
  const hash = createHash("sha256")
    .update(await readFile(source))
    .update(await readFile(xslt3))
    .digest("hex")
    .slice(0, 16);
  const target = path.join(CACHE, `${syntax}-${hash}.sef.json`);
  const cached = await stat(target).catch(() => null);
  if (!cached) {
    await mkdir(CACHE, { recursive: true });
    // Written under a temporary name and renamed, so a parallel run never reads half a file.
    const partial = `${target}.${process.pid}.tmp`;
    await promisify(execFile)(
      process.execPath,
      [xslt3, `-xsl:${source}`, `-export:${partial}`, "-nogo", "-relocate:on"],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    await rename(partial, target);
  }
  return JSON.parse(await readFile(target, "utf8"));
}

/** Compiles (or loads) the rules of both syntaxes; call in a beforeAll with a long timeout. */
export function loadEn16931Rules(syntaxes: readonly En16931Syntax[] = ["ubl", "cii"]): Promise<void> {
  return Promise.all(
    syntaxes.map((syntax) => {
      if (!compiled.has(syntax)) compiled.set(syntax, sefOf(syntax));
      return compiled.get(syntax);
    }),
  ).then(() => undefined);
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The EN 16931 rules the XML breaks (fatal) or may break (warning), from the validation report (SVRL). */
export async function en16931Findings(xml: string, syntax: En16931Syntax): Promise<En16931Finding[]> {
  await loadEn16931Rules([syntax]);
  const sef = await compiled.get(syntax);
  const saxon = require("saxon-js") as SaxonJs;
  const report = saxon.transform(
    { stylesheetInternal: sef, sourceText: xml, destination: "serialized" },
    "sync",
  ).principalResult;
  if (!report.includes("schematron-output")) throw new Error("the EN 16931 rules gave no validation report");
  return [...report.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)].map(
    ([, attributes = "", body = ""]) => {
      const attribute = (name: string) =>
        unescape(new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? "");
      const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body)?.[1] ?? "";
      return {
        id: attribute("id"),
        flag: attribute("flag"),
        location: attribute("location"),
        text: unescape(text).trim(),
      };
    },
  );
}

/** Only the fatal findings, as "RULE: text" lines: what a test expects to be empty. */
export async function en16931Errors(xml: string, syntax: En16931Syntax): Promise<string[]> {
  return (await en16931Findings(xml, syntax))
    .filter((finding) => finding.flag === "fatal")
    .map((finding) => `${finding.id}: ${finding.text}`);
}
