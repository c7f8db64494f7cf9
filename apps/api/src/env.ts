import { z } from "zod";
import { refineS3Env, s3EnvShape } from "@ems/storage/storage-from-env";

/**
 * Every environment variable the server reads, validated once at boot. README's "Configuration"
 * table lists the same variables; keep them in step.
 */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("localhost"),
    DATA_DIR: z.string().min(1).default(".data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional(),
    /**
     * Which peers may set X-Forwarded-For/-Proto. Unset or false: none (the socket address is the client).
     * true: proxies on loopback and private networks. Otherwise a comma-separated list of addresses,
     * CIDR ranges or the names loopback, linklocal, uniquelocal. The client is the right-most untrusted
     * address, so a client cannot spoof its address by sending its own header.
     */
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|[0-9A-Za-z.:/,\s]+)$/, "must be true, false or a list of addresses or CIDR ranges")
      .optional()
      .transform((v): string | false => {
        if (v === undefined || v === "false") return false;
        if (v === "true") return "loopback,linklocal,uniquelocal";
        return v;
      }),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * The address customers reach the product at: every link in e-mails, documents and redirects is
     * built from it, never from the request's Host or X-Forwarded-Host (which a client chooses).
     * Default: http://localhost:$PORT; required in production.
     */
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    /** Signs captcha challenges; several instances must share it. Generated into DATA_DIR when absent. */
    CAPTCHA_HMAC_KEY: z.string().min(32, "must be at least 32 characters").optional(),
    /** Captcha difficulty: the largest number the client may have to try. */
    CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(60),
    WEB_BUILD_DIR: z.string().optional(),
    /**
     * Sign-in requests per account (e-mail address) in 10 minutes, whatever their outcome, and as many
     * code checks: per device for a browser with the account's device cookie; all other clients share
     * that many without a captcha and five times as many with one (ADR 0009).
     */
    LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Mail through this SMTP server (smtp:// or smtps://user:pass@host:port); unset: the outbox table only. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    /**
     * The outbox page /dev/outbox and GET /api/dev/outbox, listing mail written to the outbox table:
     * every sign-in code and reset link. Default: on outside production while HOST is a loopback
     * address; it answers only clients on loopback. Refused in production.
     */
    DEV_OUTBOX: z.enum(["true", "false"]).optional(),
    /**
     * The only way to keep the outbox on while the server listens on another interface than loopback
     * (a container, a VM). Its name says what it does: anyone who can reach the port could read every
     * sign-in code, were it not for the loopback check on each request. Refused in production.
     */
    DEV_OUTBOX_ON_NETWORK_INTERFACE_EXPOSES_ALL_ACCOUNTS: z.enum(["true", "false"]).optional(),
    /**
     * Seconds production changes rest after the last one before the order's digest mail goes out
     * (at most one a day per order; milestones are mailed at once). Default: an hour.
     */
    PRODUCTION_DIGEST_DELAY_S: z.coerce.number().int().min(1).max(86_400).default(3600),
    /**
     * Working days (weekends and the operator's holidays skipped) an engineering query waits for the
     * customer's answer before they are reminded, and again between reminders, until it is answered.
     */
    QUERY_REMINDER_WORKING_DAYS: z.coerce.number().int().min(1).max(30).default(2),
    /** Sender of every e-mail. */
    MAIL_FROM: z.string().min(3).default("Lindqvar Elektronik <portal@lindqvar.example>"),
    /** Where contact-form messages go; default: the operator's address from the site configuration. */
    CONTACT_TO: z.email().optional(),
    /**
     * Preview mode: a request carrying this token (?preview=, then a cookie) sees draft
     * content. Unset: there is no preview and drafts never show.
     */
    PREVIEW_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    /**
     * Card payments through Stripe: both keys, or neither (then customers pay by bank transfer only).
     * Staff administrators still switch the integration on in the back office.
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe secret key (sk_test_…, sk_live_…)")
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, "must be a Stripe publishable key (pk_test_…, pk_live_…)")
      .optional(),
    /**
     * Uploaded files go to S3_ENDPOINT/S3_BUCKET when the four S3 variables are set (all or none),
     * else under DATA_DIR (files/ for stored files, uploads/ for resumable uploads in progress).
     */
    ...s3EnvShape,
    /** The largest single upload, in bytes (default 200 MiB); larger ones answer 413 FILE_TOO_LARGE. */
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(Number.MAX_SAFE_INTEGER)
      .default(200 * 1024 * 1024),
    /** What each company may store, in bytes (default 2 GiB); an upload beyond it answers 413 QUOTA_EXCEEDED. */
    COMPANY_STORAGE_QUOTA_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(Number.MAX_SAFE_INTEGER)
      .default(2 * 1024 * 1024 * 1024),
  })
  // Checked even when other variables are wrong, so that every problem is listed at once.
  .superRefine(refineS3Env, {
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  })
  .refine((env) => (env.STRIPE_SECRET_KEY === undefined) === (env.STRIPE_PUBLISHABLE_KEY === undefined), {
    path: ["STRIPE_PUBLISHABLE_KEY"],
    message: "set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY together",
  });

/** PUBLIC_URL is always known once the environment is loaded (a default outside production). */
export type Env = Omit<z.infer<typeof envSchema>, "PUBLIC_URL"> & { PUBLIC_URL: string };

/** Rules across variables, checked on the raw values so they are listed with every other problem. */
function crossProblems(source: Record<string, string | undefined>): string[] {
  if (source.NODE_ENV !== "production") return [];
  const problems: string[] = [];
  if (source.PUBLIC_URL === undefined)
    problems.push(
      "PUBLIC_URL is missing: production needs the address customers reach the product at (https://…); links in e-mails are built from it",
    );
  if (source.DEV_OUTBOX === "true")
    problems.push(
      'DEV_OUTBOX="true" is invalid: the development outbox shows every sign-in code and is never served in production',
    );
  if (source.DEV_OUTBOX_ON_NETWORK_INTERFACE_EXPOSES_ALL_ACCOUNTS === "true")
    problems.push(
      'DEV_OUTBOX_ON_NETWORK_INTERFACE_EXPOSES_ALL_ACCOUNTS="true" is invalid: the development outbox is never served in production',
    );
  return problems;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses the environment; throws EnvError listing every variable that is missing or wrong. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "not set" (a blank line in an .env file must not override a default).
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  const problems = [
    ...(result.success
      ? []
      : result.error.issues.map((issue) => {
          const name = issue.path.join(".");
          const value = cleaned[name];
          return value === undefined
            ? `${name} is missing: ${issue.message}`
            : `${name}=${JSON.stringify(value)} is invalid: ${issue.message}`;
        })),
    ...crossProblems(cleaned),
  ];
  if (!result.success || problems.length > 0) throw new EnvError(problems);
  const env = result.data;
  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` };
}
