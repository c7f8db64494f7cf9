import { execSync, spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * npm run dev: the API with tsx watch on API_PORT (default 3001) and the React Router dev server with
 * hot reload on PORT (default 3000), which proxies /api to the API. Ctrl+C stops both.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = process.env.PORT ?? "3000";
const apiPort = process.env.API_PORT ?? "3001";
const apiUrl = `http://127.0.0.1:${apiPort}`;

// The web app imports compiled catalogs; compile them first (a fresh clone has none).
execSync("npm run i18n:compile --silent", { cwd: root, stdio: "inherit" });

const children: ChildProcess[] = [];
function run(name: string, args: string[], env: Record<string, string>, cwd = root): void {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: "inherit" });
  child.on("exit", (code) => {
    console.log(`[dev] ${name} exited with ${code ?? "a signal"}; stopping.`);
    stop(code ?? 1);
  });
  children.push(child);
}

function stop(code: number): void {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exitCode = code;
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

run("api", ["--import", "tsx", "--watch", "apps/api/src/server.ts"], {
  PORT: apiPort,
  HOST: "127.0.0.1",
  // The dev server renders pages; the API must not serve a stale production build beside it.
  WEB_BUILD_DIR: "off",
  PUBLIC_URL: `http://localhost:${port}`,
});
run(
  "web",
  [path.join(root, "node_modules/@react-router/dev/bin.js"), "dev", "--port", port],
  { API_DEV_URL: apiUrl, API_INTERNAL_URL: apiUrl },
  path.join(root, "apps/web"),
);
