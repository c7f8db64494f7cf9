import Fastify, { type FastifyInstance } from "fastify";
import compress from "@fastify/compress";
import { serializerCompiler, type ZodTypeProvider } from "@fastify/type-provider-zod";
import { JSON_BODY_LIMIT_BYTES } from "@ems/config/constants";
import type { DbHandle } from "@ems/db/client";
import { knowledgeBase, type KnowledgeBase } from "@ems/content/knowledge-base";
import type { FileStorage } from "@ems/storage/file-storage";
import type { Env } from "./env.ts";
import authPlugin from "./plugins/auth.ts";
import csrfPlugin from "./plugins/csrf.ts";
import databasePlugin from "./plugins/database.ts";
import errorsPlugin, { withErrorSerializer } from "./plugins/errors.ts";
import idempotencyPlugin from "./plugins/idempotency.ts";
import mailPlugin from "./plugins/mail.ts";
import openapiPlugin from "./plugins/openapi.ts";
import pendingWorkPlugin from "./plugins/pending-work.ts";
import rateLimitPlugin from "./plugins/rate-limit.ts";
import requestContextPlugin from "./plugins/request-context.ts";
import { generateRequestId } from "./plugins/request-id.ts";
import { validatorCompiler } from "./lib/validator-compiler.ts";
import securityHeadersPlugin from "./plugins/security-headers.ts";
import webPlugin from "./plugins/web.ts";
import { deliveriesRoutes } from "./modules/deliveries/deliveries-routes.ts";
import { staffDeliveriesRoutes } from "./modules/deliveries/staff-deliveries-routes.ts";
import { invoicesRoutes } from "./modules/invoices/invoices-routes.ts";
import { staffInvoicesRoutes } from "./modules/invoices/staff-invoices-routes.ts";
import { ordersRoutes } from "./modules/orders/orders-routes.ts";
import { staffOrdersRoutes } from "./modules/orders/staff-orders-routes.ts";
import { paymentsRoutes } from "./modules/payments/payments-routes.ts";
import { enabledPaymentMethods, providersFromEnv } from "./modules/payments/payments-service.ts";
import { staffPaymentsRoutes } from "./modules/payments/staff-payments-routes.ts";
import { creditNotesRoutes } from "./modules/credit-notes/credit-notes-routes.ts";
import { engineeringQueriesRoutes } from "./modules/engineering-queries/engineering-queries-routes.ts";
import { staffCreditNotesRoutes } from "./modules/credit-notes/staff-credit-notes-routes.ts";
import { contractsRoutes } from "./modules/contracts/contracts-routes.ts";
import { deskRoutes } from "./modules/desk/desk-routes.ts";
import { materialRequestsRoutes } from "./modules/material-requests/material-requests-routes.ts";
import { staffCustomersRoutes } from "./modules/staff-customers/staff-customers-routes.ts";
import { staffHomeRoutes } from "./modules/staff-home/staff-home-routes.ts";
import { quotesRoutes } from "./modules/quotes/quotes-routes.ts";
import { staffQuotesRoutes } from "./modules/quotes/staff-quotes-routes.ts";
import { referenceRoutes } from "./modules/reference/reference-routes.ts";
import { staffReferenceRoutes } from "./modules/reference/staff-reference-routes.ts";
import { captchaRoutes } from "./modules/captcha/captcha-routes.ts";
import { countriesRoutes } from "./modules/countries/countries-routes.ts";
import { geolocationRoutes } from "./modules/geolocation/geolocation-routes.ts";
import { languagesRoutes } from "./modules/languages/languages-routes.ts";
import { contactRoutes } from "./modules/contact/contact-routes.ts";
import { staffContactRoutes } from "./modules/contact/staff-contact-routes.ts";
import { knowledgeBaseRoutes } from "./modules/knowledge-base/knowledge-base-routes.ts";
import { resourcesRoutes } from "./modules/resources/resources-routes.ts";
import { activityRoutes } from "./modules/activity/activity-routes.ts";
import { authRoutes } from "./modules/auth/auth-routes.ts";
import { deviceCookieKey } from "./modules/auth/device-cookie.ts";
import { companiesRoutes } from "./modules/companies/companies-routes.ts";
import { devOutboxRoutes, devOutboxSetting } from "./modules/mail/dev-outbox-routes.ts";
import { profileRoutes } from "./modules/profile/profile-routes.ts";
import { registerRoutes } from "./modules/register/register-routes.ts";
import { redirectsRoutes } from "./modules/redirects/redirects-routes.ts";
import { staffRedirectsRoutes } from "./modules/redirects/staff-redirects-routes.ts";
import { RedirectRuleCache } from "./modules/redirects/redirects-service.ts";
import { systemRoutes } from "./modules/system/system-routes.ts";
import { filesRoutes } from "./modules/files/files-routes.ts";
import { assembliesRoutes } from "./modules/assemblies/assemblies-routes.ts";
import { partsRoutes } from "./modules/parts/parts-routes.ts";
import { pcbsRoutes } from "./modules/pcbs/pcbs-routes.ts";
import type { PcbAnalyser } from "./modules/pcbs/pcbs-service.ts";
import { analyseGerberZip } from "./modules/pcb-analysis/pcb-analysis-service.ts";
import { fileStorageFromEnv } from "./modules/files/storage-env.ts";
import { uploadStoreFromEnv, type UploadStore } from "./modules/files/upload-store.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The validated environment (PUBLIC_URL for links in e-mails, limits, …). */
    env: Env;
  }
}

export interface AppOptions {
  env: Env;
  db: DbHandle;
  /** Signs captcha challenges and, through a key derived from it, device cookies; from the environment or DATA_DIR. */
  captchaHmacKey: string;
  /** Serve the React Router production build from this folder (apps/web/build) besides the API. */
  webBuildDir?: string | undefined;
  /** Pino options, or false for silence in tests. */
  logger?: boolean | Record<string, unknown>;
  /** The knowledge base to serve; default: content/ of the repository (tests pass their own). */
  knowledgeBase?: KnowledgeBase;
  /** Where uploaded files are kept; default: from the environment (S3_*, else DATA_DIR/files), closed with the app. */
  storage?: FileStorage;
  /** Where resumable uploads wait for their last byte; default: from the environment (S3_*, else DATA_DIR/uploads). */
  uploads?: UploadStore;
  /** Reads a saved version's Gerber zip; default: the engine in a worker thread (pcb-analysis). */
  pcbAnalyser?: PcbAnalyser;
}

/**
 * A visitor who leaves while a page is still streaming ("premature close") is no server error. Logged
 * at error level with its stack for every aborted page, it flooded the log, and a crawler that stops
 * reading after the headers made the process spend its time writing stack traces.
 */
export function dropClientAborts(
  this: unknown,
  args: unknown[],
  method: (...args: unknown[]) => void,
  level: number,
): void {
  // Compression's stream pipeline logs the error itself; other code logs it as { err }.
  const first = args[0] as { message?: unknown; err?: { message?: unknown } } | undefined;
  const error = first instanceof Error ? first : first?.err;
  if (level >= 50 && error?.message === "premature close") return;
  method.apply(this, args);
}

/** Builds the whole HTTP application. It never listens: server.ts does, tests use app.inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    // Whatever the options, errors are logged without the values a failed query was sent.
    logger: withErrorSerializer(
      options.logger ?? {
        level: env.LOG_LEVEL,
        redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
        hooks: { logMethod: dropClientAborts },
      },
    ),
    genReqId: generateRequestId,
    requestIdHeader: false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate("env", env);
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
  await app.register(securityHeadersPlugin, { cardPayments: env.STRIPE_PUBLISHABLE_KEY !== undefined });
  await app.register(csrfPlugin, { publicUrl: env.PUBLIC_URL });
  await app.register(databasePlugin, { handle: options.db });
  await app.register(rateLimitPlugin, { redisUrl: env.REDIS_URL });
  await app.register(authPlugin);
  await app.register(idempotencyPlugin);
  await app.register(requestContextPlugin);
  await app.register(mailPlugin, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  // After the mailer: closing runs hooks in reverse, so pending work still finds it open.
  await app.register(pendingWorkPlugin);
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
  await app.register(authRoutes, {
    rateLimit: { max: env.RATE_LIMIT_MAX, timeWindow: env.RATE_LIMIT_WINDOW_S * 1000 },
    captcha: { hmacKey: options.captchaHmacKey, maxNumber: env.CAPTCHA_MAX_NUMBER },
    deviceKey: deviceCookieKey(options.captchaHmacKey),
  });
  await app.register(profileRoutes, {
    rateLimit: { max: env.RATE_LIMIT_MAX, timeWindow: env.RATE_LIMIT_WINDOW_S * 1000 },
  });
  await app.register(activityRoutes);
  await app.register(companiesRoutes, {
    rateLimit: { max: env.RATE_LIMIT_MAX, timeWindow: env.RATE_LIMIT_WINDOW_S * 1000 },
  });
  await app.register(registerRoutes, {
    captcha: { hmacKey: options.captchaHmacKey, maxNumber: env.CAPTCHA_MAX_NUMBER },
    rateLimit: { max: env.RATE_LIMIT_MAX, timeWindow: env.RATE_LIMIT_WINDOW_S * 1000 },
  });
  // Quotes to cash (issue 5): each module registers its customer and staff routes here.
  const requestLimit = { max: env.RATE_LIMIT_MAX, timeWindow: env.RATE_LIMIT_WINDOW_S * 1000 };
  await app.register(quotesRoutes, { rateLimit: requestLimit });
  await app.register(staffQuotesRoutes);
  await app.register(referenceRoutes);
  await app.register(staffReferenceRoutes);
  await app.register(ordersRoutes);
  await app.register(staffOrdersRoutes);
  await app.register(deliveriesRoutes);
  await app.register(staffDeliveriesRoutes);
  const paymentProviders = providersFromEnv(env);
  await app.register(invoicesRoutes);
  await app.register(staffInvoicesRoutes, {
    paymentMethods: (db) => enabledPaymentMethods(db, paymentProviders),
  });
  await app.register(paymentsRoutes, {
    providers: paymentProviders,
    rateLimit: { max: env.RATE_LIMIT_MAX, timeWindow: env.RATE_LIMIT_WINDOW_S * 1000 },
  });
  await app.register(staffPaymentsRoutes, { providers: paymentProviders });
  await app.register(creditNotesRoutes);
  await app.register(staffCreditNotesRoutes);
  await app.register(materialRequestsRoutes, { rateLimit: requestLimit });
  await app.register(contractsRoutes, { rateLimit: requestLimit });
  await app.register(deskRoutes);
  await app.register(staffCustomersRoutes);
  await app.register(staffHomeRoutes);
  // Content (issue 7): the knowledge base and the contact form.
  const content = options.knowledgeBase ?? knowledgeBase();
  await app.register(knowledgeBaseRoutes, { knowledgeBase: content });
  await app.register(resourcesRoutes, { knowledgeBase: content });
  await app.register(contactRoutes, {
    captcha: { hmacKey: options.captchaHmacKey, maxNumber: env.CAPTCHA_MAX_NUMBER },
    rateLimit: requestLimit,
  });
  await app.register(staffContactRoutes);
  // Files (issue 17): resumable uploads, the company's files, downloads.
  const storage = options.storage ?? fileStorageFromEnv(env);
  if (!options.storage) app.addHook("onClose", async () => storage.close());
  await app.register(filesRoutes, {
    storage,
    uploads: options.uploads ?? uploadStoreFromEnv(env),
    limits: { uploadMaxBytes: env.UPLOAD_MAX_BYTES, quotaBytes: env.COMPANY_STORAGE_QUOTA_BYTES },
  });
  // Every saved Gerber zip is read after the save commits: board data, DFM report, previews.
  const analyse: PcbAnalyser =
    options.pcbAnalyser ??
    ((sha256, fields) =>
      analyseGerberZip(storage, sha256, {
        layers: fields.layers,
        widthMm: fields.width_mm,
        heightMm: fields.height_mm,
      }));
  await app.register(pcbsRoutes, { storage, analyse });
  // Assembly (issue 18): the customer's parts, assembly specifications, BOMs and placements.
  await app.register(partsRoutes);
  await app.register(assembliesRoutes, { storage });
  // Engineering queries (issue 21): the NPI log of assembly and PCB specification versions.
  await app.register(engineeringQueriesRoutes);
  if (devOutboxSetting(env).on) await app.register(devOutboxRoutes);

  if (options.webBuildDir) await app.register(webPlugin, { buildDir: options.webBuildDir, redirectRules });

  return app;
}
