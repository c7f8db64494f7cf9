import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import type { DbHandle } from "@ems/db/client";
import { createTestDb } from "@ems/db/testing";
import { buildApp, type AppOptions } from "../app.ts";
import { loadEnv } from "../env.ts";

export const TEST_CAPTCHA_KEY = "test-captcha-hmac-key-0123456789abcdef";

export interface TestApp {
  app: FastifyInstance;
  db: DbHandle;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database (a copy of the migrated template) for one test file.
 * `env` overrides variables the way the process environment would.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Partial<Omit<AppOptions, "env" | "db">> = {},
): Promise<TestApp> {
  const db = await createTestDb();
  const app = await buildApp({
    env: loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", CAPTCHA_MAX_NUMBER: "1000", ...env }),
    db,
    captchaHmacKey: TEST_CAPTCHA_KEY,
    logger: false,
    ...options,
  });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * Registers beforeAll/afterAll for a test file and hands back the app once it is ready:
 * `const t = useTestApp(); … t().app.inject(…)`.
 */
export function useTestApp(env: Record<string, string> = {}): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env);
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error("useTestApp: the app is only available inside tests");
    return current;
  };
}
