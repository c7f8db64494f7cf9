import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The module boundaries of ADR 0011, checked on the source rather than by review: a module reaches
 * another only through its service (or routes, pdf and text helpers), never its repository, and the
 * modules form a layering without cycles, so any of them can be read, tested or moved with what it
 * depends on and nothing that depends on it.
 */

const MODULES_DIR = path.dirname(fileURLToPath(import.meta.url));

interface CrossImport {
  from: string;
  fromFile: string;
  to: string;
  toFile: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** Every import, export-from and dynamic import of a module file that lands in another module. */
function crossImports(): CrossImport[] {
  const found: CrossImport[] = [];
  for (const file of sourceFiles(MODULES_DIR)) {
    const relative = path.relative(MODULES_DIR, file);
    const from = relative.split(path.sep)[0]!;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)) {
      const specifier = match[1]!;
      if (!specifier.startsWith(".")) continue;
      const target = path.relative(MODULES_DIR, path.resolve(path.dirname(file), specifier));
      if (target.startsWith("..")) continue;
      const to = target.split(path.sep)[0]!;
      if (to !== from) found.push({ from, fromFile: relative, to, toFile: target });
    }
  }
  return found;
}

/** The first cycle found by a depth-first walk, as module names with the first repeated at the end. */
function findCycle(edges: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, "open");
    trail.push(node);
    for (const next of [...(edges.get(node) ?? [])].sort()) {
      if (state.get(next) === "open") return [...trail.slice(trail.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    trail.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of [...edges.keys()].sort()) {
    if (state.get(node) === undefined) {
      const cycle = visit(node);
      if (cycle) return cycle;
    }
  }
  return null;
}

function graph(imports: CrossImport[]): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (!edges.has(from)) edges.set(from, new Set());
    if (!edges.has(to)) edges.set(to, new Set());
    edges.get(from)!.add(to);
  }
  return edges;
}

describe("API module boundaries (ADR 0011)", () => {
  const imports = crossImports();

  it("finds the cross-module imports it checks", () => {
    // A parser that matched nothing would pass every check below.
    expect(imports.length).toBeGreaterThan(10);
  });

  it("never imports another module's repository: only its own service touches it", () => {
    const offending = imports
      .filter((edge) => /-repository\.ts$/.test(edge.toFile))
      .map((edge) => `${edge.fromFile} -> ${edge.toFile}`);
    expect(offending, `call the other module's service instead:\n${offending.join("\n")}`).toEqual([]);
  });

  it("has no import cycle between modules", () => {
    const cycle = findCycle(graph(imports));
    expect(cycle, `module cycle: ${cycle?.join(" -> ")}`).toBeNull();
  });

  it("finds a cycle when there is one", () => {
    const edges = new Map([
      ["payments", new Set(["invoices"])],
      ["invoices", new Set(["orders", "payments"])],
      ["orders", new Set<string>()],
    ]);
    expect(findCycle(edges)).toEqual(["invoices", "payments", "invoices"]);
    edges.get("invoices")!.delete("payments");
    expect(findCycle(edges)).toBeNull();
  });
});
