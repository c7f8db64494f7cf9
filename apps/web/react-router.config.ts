import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  // Every page is server-rendered; apps/api serves build/server/index.js through createRequestListener.
  ssr: true,
} satisfies Config;
