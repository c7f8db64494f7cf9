import { defineConfig } from "vitest/config";

// Deliberately without the React Router Vite plugin: it fails under Vitest ("can't detect preamble").
export default defineConfig({
  resolve: {
    alias: {
      "~": `${import.meta.dirname}/app`,
      // The browser build, as Vite bundles it for the page (package.json "browser"), which Vitest's node
      // resolution skips: its file reader takes File objects and it remembers uploads in localStorage.
      "tus-js-client": `${import.meta.dirname}/../../node_modules/tus-js-client/lib.esm/browser/index.js`,
    },
  },
  test: {
    name: "web",
    root: import.meta.dirname,
    include: ["app/**/*.test.{ts,tsx}"],
    // Vitest 4 has no per-glob environments; jsdom for the whole project covers the *.test.tsx files
    // and is harmless for the plain *.test.ts ones (they inject fake fetch implementations).
    environment: "jsdom",
  },
});
