// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The web calls the API by endpoint definition (ADR 0012): a path spelled in a page or a feature
 * is a path that can drift from the API's. Only the client itself knows the /api/ prefix, and tests
 * may name the paths they expect on the wire.
 */

const APP = fileURLToPath(new URL("../", import.meta.url));
const CLIENT = "lib/api-client.ts";
const API_PATH = /["'`]\/api\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(path);
    return /\.(?:ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("API paths in the web app", () => {
  it("appear nowhere outside the API client", () => {
    const files = sourceFiles(APP);
    expect(files.length).toBeGreaterThan(100);
    const hits = files
      .map((path) => relative(APP, path))
      .filter((path) => path !== CLIENT)
      .flatMap((path) =>
        readFileSync(join(APP, path), "utf8")
          .split("\n")
          .flatMap((line, index) => (API_PATH.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(hits).toEqual([]);
  });
});
