import Fastify, { type FastifyInstance } from "fastify";
import compress from "@fastify/compress";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "@fastify/type-provider-zod";
import { JSON_BODY_LIMIT_BYTES } from "@ems/config/constants";
import type { DbHandle } from "@ems/db/client";
import type { Env } from "./env.ts";
import authPlugin from "./plugins/auth.ts";
import databasePlugin from "./plugins/database.ts";
import errorsPlugin from "./plugins/errors.ts";
import openapiPlugin from "./plugins/openapi.ts";
import rateLimitPlugin from "./plugins/rate-limit.ts";
import { generateRequestId } from "./plugins/request-id.ts";
import securityHeadersPlugin from "./plugins/security-headers.ts";
import webPlugin from "./plugins/web.ts";
import { captchaRoutes } from "./modules/captcha/captcha-routes.ts";
import { countriesRoutes } from "./modules/countries/countries-routes.ts";
import { geolocationRoutes } from "./modules/geolocation/geolocation-routes.ts";
import { languagesRoutes } from "./modules/languages/languages-routes.ts";
import { authRoutes } from "./modules/auth/auth-routes.ts";
import { redirectsRoutes } from "./modules/redirects/redirects-routes.ts";
import { staffRedirectsRoutes } from "./modules/redirects/staff-redirects-routes.ts";
import { RedirectRuleCache } from "./modules/redirects/redirects-service.ts";
import { systemRoutes } from "./modules/system/system-routes.ts";

export interface AppOptions {
  env: Env;
  db: DbHandle;
  /** Signs captcha challenges; the server reads it from the environment or DATA_DIR. */
  captchaHmacKey: string;
  /** Serve the React Router production build from this folder (apps/web/build) besides the API. */
  webBuildDir?: string | undefined;
  /** Pino options, or false for silence in tests. */
  logger?: boolean | Record<string, unknown>;
}

/** Builds the whole HTTP application. It never listens: server.ts does, tests use app.inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: env.LOG_LEVEL,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
    },
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A strict JSON API: text/plain would otherwise be accepted as a string body.
  app.removeContentTypeParser("text/plain");

  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("X-Request-Id", request.id);
    return payload;
  });

  await app.register(errorsPlugin);
  // Brotli or gzip for JSON, prerendered pages and static assets over 1 KB.
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin, { handle: options.db });
  await app.register(rateLimitPlugin, { redisUrl: env.REDIS_URL });
  await app.register(authPlugin);
  await app.register(openapiPlugin);

  await app.register(systemRoutes);
  await app.register(languagesRoutes);
  await app.register(countriesRoutes);
  await app.register(geolocationRoutes);
  await app.register(captchaRoutes, {
    settings: { hmacKey: options.captchaHmacKey, maxNumber: env.CAPTCHA_MAX_NUMBER },
    rateLimit: { max: env.RATE_LIMIT_MAX, timeWindow: env.RATE_LIMIT_WINDOW_S * 1000 },
  });

  const redirectRules = new RedirectRuleCache(app.db);
  await app.register(redirectsRoutes, { cache: redirectRules });
  await app.register(staffRedirectsRoutes, { cache: redirectRules });
  await app.register(authRoutes);

  if (options.webBuildDir) await app.register(webPlugin, { buildDir: options.webBuildDir, redirectRules });

  return app;
}
