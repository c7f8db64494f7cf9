import { defineConfig } from "vitest/config";

// One runner for every workspace. The web app has its own config (jsdom, no React Router plugin).
export default defineConfig({
  test: {
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
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
    ],
  },
});
