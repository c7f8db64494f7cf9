import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * A secret generated on first start and kept in DATA_DIR, so a single-instance install needs no
 * configuration and keeps working across restarts. Several instances must share the value through
 * the environment instead (server.ts enforces that when DATABASE_URL is set in production).
 */
export async function loadOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const file = path.join(path.resolve(dataDir), "secrets", `${name}.key`);
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
