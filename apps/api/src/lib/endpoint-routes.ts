import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
} from "fastify";
import { z } from "zod";
import type { BodyOut, Endpoint, EndpointCaching, ParamsOut, QueryOut } from "@ems/contracts/endpoints";
import { envelopeSchema, errorEnvelopeSchema } from "@ems/contracts/envelope";
import { ok } from "./envelope.ts";
import { pdfBodySchema } from "./pdf-reply.ts";

/**
 * Registers routes from their contracts definitions (ADR 0012): the schemas, the OpenAPI tag, the
 * access guard, the error responses, the success envelope and Cache-Control come from the
 * definition, so a routes file holds only what each endpoint does.
 */

export type EndpointRequest<E> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}>;

type Success<E> = E extends { readonly response: infer R }
  ? R extends z.ZodType
    ? z.input<R>
    : never
  : never;

/**
 * Returns the `data` of the success envelope, or the reply when it sent the answer itself (a PDF,
 * a pre-serialised body, a redirect).
 */
export type EndpointHandler<E> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Success<E> | FastifyReply> | Success<E> | FastifyReply;

export interface EndpointImplementation<E> {
  handle: EndpointHandler<E>;
  /** Route config for the plugins: rate limits, idempotency overrides. */
  config?: FastifyContextConfig;
  /** A check that runs after the access guard, before the body is read (a feature switch, say). */
  onRequest?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export type Implementations<Group> = {
  readonly [Name in keyof Group]: EndpointHandler<Group[Name]> | EndpointImplementation<Group[Name]>;
};

/** An answer whose query is not declared takes none: an unknown parameter is a 400, not ignored. */
const noQuery = z.strictObject({});

export function cacheControlOf(caching: EndpointCaching): string | null {
  if (caching === "route") return null;
  if (caching === "private") return "private, no-store";
  if (caching === "no-store") return "no-store";
  if ("public" in caching) return `public, max-age=${caching.public}`;
  return `private, max-age=${caching.private}`;
}

/** The error statuses an endpoint can answer: bad input always, the access's, and its own. */
export function errorStatusesOf(endpoint: Endpoint): number[] {
  const statuses = new Set<number>([400, ...(endpoint.errors ?? [])]);
  if (endpoint.access.kind !== "public") statuses.add(401);
  if (endpoint.access.kind !== "public" && endpoint.access.kind !== "user") statuses.add(403);
  if (endpoint.idempotent) statuses.add(409);
  return [...statuses].sort((a, b) => a - b);
}

function isDownload(endpoint: Endpoint): endpoint is Endpoint & { response: { download: string } } {
  return "download" in endpoint.response;
}

/** Registers every endpoint of a domain group with its implementation. */
export function implement<Group extends Record<string, Endpoint>>(
  app: FastifyInstance,
  group: Group,
  implementations: Implementations<Group>,
): void {
  for (const name of Object.keys(group) as (keyof Group & string)[]) {
    const endpoint = group[name]!;
    const given = implementations[name] as EndpointHandler<Endpoint> | EndpointImplementation<Endpoint>;
    const implementation = typeof given === "function" ? { handle: given } : given;
    registerEndpoint(app, endpoint, implementation);
  }
}

function registerEndpoint(
  app: FastifyInstance,
  endpoint: Endpoint,
  { handle, config, onRequest }: EndpointImplementation<Endpoint>,
): void {
  const download = isDownload(endpoint) ? endpoint.response.download : null;
  const successStatus = endpoint.created ? 201 : 200;
  const errors = Object.fromEntries(errorStatusesOf(endpoint).map((status) => [status, errorEnvelopeSchema]));
  const hooks = [app.requireAccess(endpoint.access), onRequest].filter((hook) => hook !== undefined);
  const cacheControl = cacheControlOf(endpoint.caching);
  app.route({
    method: endpoint.method as HTTPMethods,
    url: endpoint.path,
    ...(hooks.length > 0 ? { onRequest: hooks } : {}),
    config: { ...config, ...(endpoint.idempotent ? { idempotent: true } : {}) },
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.hidden ? { hide: true } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query
        ? { querystring: endpoint.query }
        : endpoint.method === "GET"
          ? { querystring: noQuery }
          : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(download ? { produces: [download] } : {}),
      response: {
        [successStatus]: download ? pdfBodySchema : envelopeSchema(endpoint.response as z.ZodType),
        ...errors,
      },
    },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      // Set before the handler runs, so that one that sends its own answer gets it too and may set
      // its own instead; an error, which may be about this caller only, never keeps it. A header
      // rather than a per-route onSend hook: no extra hook runs on every answer.
      if (cacheControl) reply.header("Cache-Control", cacheControl);
      let result: unknown;
      try {
        result = await handle(request as EndpointRequest<Endpoint>, reply);
      } catch (error) {
        if (cacheControl && reply.getHeader("Cache-Control") === cacheControl)
          reply.removeHeader("Cache-Control");
        throw error;
      }
      // A reply is thenable: awaiting a handler that returned it waits for the answer to be sent and
      // yields undefined, so "sent" is what tells that the handler answered itself.
      if (result === reply || reply.sent) return reply;
      reply.status(successStatus);
      return ok(result, successStatus, endpoint.created ? "Created" : "OK");
    },
  });
}
