import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "@fastify/type-provider-zod";
import pino from "pino";
import { ERROR_CODES, ERROR_DEFAULTS } from "@ems/contracts/errors";
import { AppError } from "../lib/app-error.ts";
import { errorEnvelope } from "../lib/envelope.ts";

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** The input at fault, as a dotted path (`address.city`); for unknown keys, the unknown key itself. */
export function fieldOf(issue: ValidationIssue, context: string | undefined): string {
  const parts = issue.instancePath.split("/").filter(Boolean);
  const keys = issue.params.keys;
  if (issue.keyword === "unrecognized_keys" && Array.isArray(keys) && typeof keys[0] === "string")
    parts.push(keys[0]);
  if (parts.length > 0) return parts.join(".");
  return context ?? "body";
}

function describeValidation(issue: ValidationIssue, field: string): string {
  if (issue.keyword === "unrecognized_keys") return `Unknown property '${field}'`;
  if (issue.keyword === "invalid_type" && issue.params.input === undefined) return `'${field}' is required`;
  return `'${field}': ${issue.message ?? "is invalid"}`;
}

/** Maps Fastify's own client errors to envelope codes; anything else below 500 keeps its status. */
const FASTIFY_CODES: Record<string, { code: string; message?: (e: FastifyError) => string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ERROR_CODES.unsupportedMediaType,
    message: () => "Unsupported Content-Type: send application/json",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: ERROR_CODES.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ERROR_CODES.payloadTooLarge,
    message: () => "Request body is too large",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: ERROR_CODES.malformedJson,
    message: () => "Body cannot be empty when Content-Type is application/json",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ERROR_CODES.malformedJson },
  FST_ERR_BAD_URL: { code: ERROR_CODES.validation, message: () => "Malformed URL" },
};

/** What a failed query says in the log instead of drizzle's "Failed query: … params: …". */
export const DATABASE_ERROR_MESSAGE = "Database query failed";

/**
 * The parts of a PostgreSQL error (node-postgres and PGlite alike) that locate it without repeating
 * what was sent: `message`, `detail` ("Failing row contains (…)"), `where`, `hint` and `params` can
 * all hold request values, so they are left out.
 */
const DATABASE_ERROR_FIELDS = [
  "code",
  "severity",
  "schema",
  "table",
  "column",
  "dataType",
  "constraint",
  "routine",
];

type Fields = Error & Record<string, unknown>;

/** drizzle's DrizzleQueryError, and PGlite's own error, carry the statement and its parameters. */
function isFailedQuery(error: Fields): boolean {
  return typeof error.query === "string" && "params" in error;
}

/** A driver's PostgreSQL error: a five-character SQLSTATE and a severity. */
function isPostgresError(error: Fields): boolean {
  return typeof error.code === "string" && /^[0-9A-Z]{5}$/.test(error.code) && "severity" in error;
}

/** The stack's frames without its first line, which repeats the message. */
function framesOf(error: Error): string {
  const stack = typeof error.stack === "string" ? error.stack : "";
  const header = `${error.name}: ${error.message}`;
  if (stack.startsWith(header)) return stack.slice(header.length);
  const at = stack.indexOf("\n    at ");
  return at === -1 ? "" : stack.slice(at);
}

/**
 * The `err` serializer of the app's logger: pino's own, except for errors caused by the database.
 * Those are logged with their SQLSTATE, table, constraint and parametrised statement, but never the
 * values bound to it nor the driver's message, so what a visitor typed does not end up in the log.
 */
export function serializeError(value: unknown): unknown {
  if (!(value instanceof Error)) return pino.stdSerializers.err(value as Error);
  const chain: Fields[] = [];
  let link: unknown = value;
  while (link instanceof Error && chain.length < 8 && !chain.includes(link as Fields)) {
    chain.push(link as Fields);
    link = link.cause;
  }
  const query = chain.find(isFailedQuery);
  const driver = chain.find(isPostgresError);
  if (!query && !driver) return pino.stdSerializers.err(value);

  const database: Record<string, unknown> = {};
  if (query) database.query = query.query;
  for (const field of DATABASE_ERROR_FIELDS)
    if (driver?.[field] !== undefined && driver[field] !== "") database[field] = driver[field];
  const type = value.constructor.name || value.name;
  const message = value === query || value === driver ? DATABASE_ERROR_MESSAGE : value.message;
  return { type, message, stack: `${type}: ${message}${framesOf(value)}`, database };
}

/** The app's logger options with `serializeError` for `err`, whichever options the caller passed. */
export function withErrorSerializer(
  logger: boolean | Record<string, unknown>,
): boolean | Record<string, unknown> {
  if (logger === false) return false;
  const options = logger === true ? {} : logger;
  const serializers = (options.serializers ?? {}) as Record<string, unknown>;
  return { ...options, serializers: { ...serializers, err: serializeError } };
}

/** The 404 envelope for a route that does not exist. */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = (request.url.split("?")[0] ?? request.url).slice(0, 200);
  return reply
    .status(404)
    .send(errorEnvelope(404, ERROR_CODES.notFound, `Route ${request.method} ${path} not found`));
}

async function errorHandlerPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, "application error");
      // Refusals that end by themselves (lockouts, limits) say when, as RFC 9110 Retry-After.
      const retryAfter = error.otherData?.retryAfterSeconds;
      if (error.status === 429 && typeof retryAfter === "number" && !reply.hasHeader("retry-after"))
        reply.header("Retry-After", String(retryAfter));
      return reply
        .status(error.status)
        .send(errorEnvelope(error.status, error.code, error.message, error.field, error.otherData));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0] as unknown as ValidationIssue;
      const field = fieldOf(issue, error.validationContext);
      return reply.status(400).send(
        errorEnvelope(400, ERROR_CODES.validation, describeValidation(issue, field), field, {
          issues: error.validation.map((i) => {
            const vi = i as unknown as ValidationIssue;
            const f = fieldOf(vi, error.validationContext);
            return { field: f, message: describeValidation(vi, f) };
          }),
        }),
      );
    }

    const status = typeof error.statusCode === "number" ? error.statusCode : ERROR_DEFAULTS.status;
    if (status >= 400 && status < 500) {
      const known = error.code ? FASTIFY_CODES[error.code] : undefined;
      if (error instanceof SyntaxError || error.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
        return reply
          .status(400)
          .send(errorEnvelope(400, ERROR_CODES.malformedJson, `Malformed JSON body: ${error.message}`));
      }
      const code =
        known?.code ??
        (error.code?.startsWith("FST_") ? ERROR_CODES.validation : error.code) ??
        ERROR_DEFAULTS.code;
      const message = known?.message?.(error) ?? error.message ?? ERROR_DEFAULTS.message;
      return reply.status(status).send(errorEnvelope(status, code, message));
    }

    request.log.error({ err: error }, "unhandled error");
    // Never leak internals on a server error.
    return reply
      .status(ERROR_DEFAULTS.status)
      .send(errorEnvelope(ERROR_DEFAULTS.status, ERROR_DEFAULTS.code, ERROR_DEFAULTS.message));
  });

  app.setNotFoundHandler(sendRouteNotFound);
}

export default fp(errorHandlerPlugin, { name: "errors" });
