import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const appDirectory = `${import.meta.dirname}/app`;

/**
 * Fewer, larger chunks for the browser. Left to itself the bundler gives every icon and small shared
 * module its own file, so a public page asked for some forty scripts; on a mobile connection each
 * costs a round trip before the page is interactive. React, React Router and Lingui now come in one
 * file and the icons in another (ADR 0008); the rest is split as the bundler sees fit.
 */
function clientChunks(): Plugin {
  return {
    name: "ems:client-chunks",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: "framework",
                    test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|@lingui)[\\/]/,
                    priority: 3,
                  },
                  { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
                ],
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), clientChunks()],
  resolve: { alias: { "~": appDirectory } },
  server: {
    // In development the API runs as its own process; the browser still talks to one origin.
    proxy: {
      "/api": { target: process.env.API_DEV_URL ?? "http://127.0.0.1:3001", changeOrigin: true },
    },
  },
});
