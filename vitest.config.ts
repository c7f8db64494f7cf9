import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// One runner for every workspace. The web app has its own config (jsdom, no React Router plugin).
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, which on a two-core CI machine ran the
    // whole suite in a single worker; the main process only reports, so every core runs tests.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/api/src/**/*.test.ts",
            "apps/web/scripts/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
          globalSetup: ["./vitest.global-setup.ts"],
          testTimeout: 20_000,
          // One module graph per worker instead of one per file: importing the API app anew for each
          // of ~90 files cost more than the tests themselves (427 s against 194 s for the whole suite on
          // two cores). Each file still gets its own database, app instance and mail outbox. vi.mock needs
          // isolation, so module mocks stay in the web project (isolated, jsdom).
          isolate: false,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
