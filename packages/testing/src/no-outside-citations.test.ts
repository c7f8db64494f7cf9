import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The repository explains itself: comments, API summaries, tests and docs point at
 * docs/behaviour/, docs/architecture.md, docs/api.md or docs/decisions/, never at documents
 * outside the repository that a contributor who clones it cannot read.
 */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Ways of citing the outside documents. */
const CITATION = /\.\.\/shared\/|SPEC §|SPEC\.md|DESIGN §|DESIGN\.md|STACK-NOTES/;

const TEXT_FILE = /\.(?:ts|tsx|js|mjs|cjs|jsx|css|md|json|ya?ml|html)$/;

/** This file names the patterns it looks for. */
const SELF = "packages/testing/src/no-outside-citations.test.ts";

/** Every file:line of `text` that cites an outside document. */
function findCitations(path: string, text: string): string[] {
  const hits: string[] = [];
  text.split("\n").forEach((line, index) => {
    if (CITATION.test(line)) hits.push(`${path}:${index + 1}: ${line.trim()}`);
  });
  return hits;
}

function trackedFiles(): string[] {
  // Tracked and new (untracked, not ignored) files, so a citation in a file not yet committed counts too.
  const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: ROOT,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split("\0"))].filter(
    (path) =>
      path !== "" &&
      path !== SELF &&
      TEXT_FILE.test(path) &&
      !path.split("/").some((part) => part === "node_modules" || part === ".data") &&
      !path.startsWith("apps/web/build/"),
  );
}

describe("no citations of documents outside the repository", () => {
  it("recognises a citation", () => {
    expect(findCitations("a.ts", "/** x */\n// see SPEC §2\n")).toEqual(["a.ts:2: // see SPEC §2"]);
    expect(findCitations("b.md", "as ../shared/DESIGN.md says")).toHaveLength(1);
    expect(findCitations("c.ts", "const SPEC: ListSpec = {};")).toEqual([]);
  });

  it("finds none in the repository's files", () => {
    const hits: string[] = [];
    for (const path of trackedFiles()) {
      let text: string;
      try {
        text = readFileSync(ROOT + path, "utf8");
      } catch {
        continue; // deleted in the working tree but still in the index
      }
      hits.push(...findCitations(path, text));
    }
    expect(hits, `Point at docs/behaviour/… instead of these:\n${hits.join("\n")}`).toEqual([]);
  });
});
