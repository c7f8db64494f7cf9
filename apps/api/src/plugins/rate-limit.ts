import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import rateLimit from "@fastify/rate-limit";
import { Redis } from "ioredis";
import type { Database } from "@ems/db/client";
import { incrementCounter } from "../modules/rate-limit/rate-limit-service.ts";
import { ERROR_CODES } from "@ems/contracts/errors";
import { AppError } from "../lib/app-error.ts";

type IncrCallback = (error: Error | null, result: { current: number; ttl: number } | null) => void;

interface StoreParams {
  routeInfo?: { method?: string; url?: string };
}

/** The @fastify/rate-limit store interface over the PostgreSQL counters. */
export function createPostgresStore(db: Database) {
  return class PostgresRateLimitStore {
    readonly prefix: string;

    constructor(params: StoreParams = {}, prefix = "") {
      this.prefix = prefix || `${params.routeInfo?.method ?? "*"}:${params.routeInfo?.url ?? "*"}:`;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      incrementCounter(db, this.prefix + key, timeWindow)
        .then(({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }))
        .catch((error: unknown) => callback(error as Error, null));
    }

    child(params: StoreParams) {
      return new PostgresRateLimitStore(params);
    }
  };
}

export interface RateLimitOptions {
  redisUrl?: string | undefined;
}

/**
 * Registers @fastify/rate-limit without a global limit: routes opt in with
 * `config: { rateLimit: { max, timeWindow } }`. Answers 429 with Retry-After.
 */
async function rateLimitPlugin(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    app.addHook("onClose", async () => {
      await redis?.quit();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: "ems-rl:" } : { store: createPostgresStore(app.db) as never }),
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        ERROR_CODES.rateLimited,
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
        {
          otherData: { retryAfterSeconds: Math.ceil(context.ttl / 1000) },
        },
      ),
  });
}

export default fp(rateLimitPlugin, { name: "rate-limit", dependencies: ["database"] });
