import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The "node" test project shares one module graph per worker (isolate off in vitest.config.ts), so a
 * `vi.mock` there would replace the module for whichever test files run after it in that worker, or
 * do nothing when the module is already loaded. Module mocks belong in the isolated web project.
 */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const NODE_PROJECT = /^(?:packages\/[^/]+\/src\/|apps\/api\/src\/|apps\/web\/scripts\/|bench\/).*\.test\.ts$/;
const SELF = "packages/testing/src/no-shared-module-mocks.test.ts";
const MODULE_MOCK = /\bvi\.(?:mock|doMock)\(/;

describe("tests of the node project", () => {
  it("mock no modules", () => {
    const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      cwd: ROOT,
      encoding: "utf8",
    })
      .split("\0")
      .filter((path) => NODE_PROJECT.test(path) && path !== SELF);
    expect(files.length).toBeGreaterThan(50);
    const mocking = files.filter((path) => MODULE_MOCK.test(readFileSync(`${ROOT}${path}`, "utf8")));
    expect(mocking).toEqual([]);
  });
});
