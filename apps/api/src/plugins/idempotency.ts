import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { ERROR_CODES } from "@ems/contracts/errors";
import { errorEnvelopeSchema } from "@ems/contracts/envelope";
import { AppError } from "../lib/app-error.ts";
import {
  finishIdempotent,
  IN_USE_RETRY_AFTER_S,
  parseIdempotencyKey,
  REPLAYED_HEADER,
  requestFingerprint,
  startIdempotent,
  type KeyRef,
} from "../modules/idempotency/idempotency-service.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A creation that honours `Idempotency-Key`: a retry with the same key replays the first answer
     * instead of creating again. Only for routes whose guard signs the user in (the key's scope).
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds until its answer is stored; null when it runs without one. */
    idempotencyKey: KeyRef | null;
  }
}

/**
 * Documents the header in OpenAPI. It accepts any string, so the check (and its error, which names
 * the header as sent) stays in the hook; loose, so every other header passes through untouched.
 */
const headersSchema = z.looseObject({
  "idempotency-key": z
    .string()
    .optional()
    .describe(
      "1–255 printable ASCII characters, new for every action (a UUID). A retry with the same key and " +
        "the same request replays the first answer with `Idempotent-Replayed: true` instead of creating " +
        "again; the same key with another request answers 422, while the first still runs 409. Kept 24 h.",
    ),
});

function asArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Idempotency-Key on POST creations (issue 15; Stripe's semantics and the IETF draft "The
 * Idempotency-Key HTTP Header Field"). Routes opt in with `config: { idempotent: true }`. The key is
 * claimed after the guards and body validation (an invalid request stores nothing, so it can be fixed
 * and sent again with the same key), the answer is stored before the client sees it, and a retry gets
 * that answer again — one row, one activity entry, one e-mail. Keys live in PostgreSQL, so every
 * instance behind a load balancer sees them.
 */
async function idempotencyPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest("idempotencyKey", null);

  const claim: preHandlerHookHandler = async function (request: FastifyRequest, reply: FastifyReply) {
    const key = parseIdempotencyKey(request.headers["idempotency-key"]);
    if (key === null) return;
    // The opt-in promises a signed-in route; failing loud beats keys shared by every visitor.
    if (!request.auth) throw new Error(`${request.routeOptions.url} is idempotent but has no sign-in guard`);
    const ref = { scope: `user:${request.auth.user.id}`, key };
    let start;
    try {
      start = await startIdempotent(app.db, {
        ...ref,
        route: `${request.method} ${request.routeOptions.url}`,
        requestHash: requestFingerprint(request),
      });
    } catch (error) {
      if (error instanceof AppError && error.code === ERROR_CODES.idempotencyKeyInUse)
        reply.header("Retry-After", String(IN_USE_RETRY_AFTER_S));
      throw error;
    }
    if (start.run) {
      request.idempotencyKey = ref;
      return;
    }
    return reply
      .status(start.statusCode)
      .header(REPLAYED_HEADER, "true")
      .type("application/json; charset=utf-8")
      .send(JSON.stringify(start.body));
  };

  // Runs before compression (the route's own onSend hooks come after), so the payload is the JSON text.
  const store: onSendHookHandler = async function (request, reply, payload) {
    const ref = request.idempotencyKey;
    if (!ref) return payload;
    request.idempotencyKey = null;
    try {
      await finishIdempotent(app.db, ref, { statusCode: reply.statusCode, payload });
    } catch (error) {
      // The answer itself is fine; its key stays unanswered and a retry waits out the lease.
      request.log.error({ err: error }, "could not store the idempotent answer");
    }
    return payload;
  };

  app.addHook("onRoute", (route: RouteOptions) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [claim, ...asArray(route.preHandler)];
    route.onSend = [store, ...asArray(route.onSend)];
    // A new schema object: routes may share their response maps, which must stay as they are.
    const schema = route.schema ?? {};
    const response = schema.response as Record<string, unknown> | undefined;
    route.schema = {
      ...schema,
      headers: schema.headers ?? headersSchema,
      ...(response && {
        response: {
          ...response,
          409: response[409] ?? errorEnvelopeSchema,
          422: response[422] ?? errorEnvelopeSchema,
        },
      }),
    };
  });
}

export default fp(idempotencyPlugin, { name: "idempotency", dependencies: ["database", "auth"] });
