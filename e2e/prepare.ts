import { execSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { E2E_DATA_DIR } from "./support/settings.ts";

/**
 * Runs before `playwright test`: a fresh database for the journeys (the server seeds it on start),
 * and the production build unless the caller just made it (CI sets E2E_SKIP_BUILD=1).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
rmSync(path.join(root, E2E_DATA_DIR), { recursive: true, force: true });
if (!process.env.E2E_SKIP_BUILD) execSync("npm run build --silent", { cwd: root, stdio: "inherit" });
