import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const appDirectory = `${import.meta.dirname}/app`;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": appDirectory } },
  server: {
    // In development the API runs as its own process; the browser still talks to one origin.
    proxy: {
      "/api": { target: process.env.API_DEV_URL ?? "http://127.0.0.1:3001", changeOrigin: true },
    },
  },
});
