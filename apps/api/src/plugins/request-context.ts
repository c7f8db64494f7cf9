import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "@ems/db/client";
import type { SessionWithUser } from "../lib/caller.ts";
import type { Mailer } from "../modules/mail/mail-service.ts";

/**
 * What a signed-in route hands its service. Each routes file used to build this itself
 * (`ctx(request)`), a dozen copies that had to change together; services still declare the part
 * they use as their own context type, which this one satisfies.
 */
export interface RequestContext {
  db: Database;
  mailer: Mailer;
  /** The signed-in caller: routes call context() only behind an access guard (requireAccess). */
  auth: SessionWithUser;
  /** The caller's company, the tenant every customer query is filtered by. */
  tenant: string;
  /** Who the activity log names for changes made by this request. */
  actor: { id: string; name: string };
  /** For links in mail. */
  publicUrl: string;
  log: FastifyBaseLogger;
  request: FastifyRequest;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The request's context for services; throws for a visitor (a route without an auth guard). */
    context(): RequestContext;
  }
}

function context(this: FastifyRequest): RequestContext {
  const auth = this.auth;
  // A route that forgot its guard fails loudly instead of running a service without a caller.
  if (!auth) throw new Error(`request.context() needs a signed-in caller (${this.method} ${this.url})`);
  const app = this.server;
  return {
    db: app.db,
    mailer: app.mailer,
    auth,
    tenant: auth.user.companyId,
    actor: { id: auth.user.id, name: `${auth.user.firstName} ${auth.user.lastName}`.trim() },
    publicUrl: app.env.PUBLIC_URL,
    log: this.log,
    request: this,
  };
}

/** Decorates every request with context(); it reads the database, mailer and caller when called. */
async function requestContextPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest("context", context);
}

export default fp(requestContextPlugin, { name: "request-context", dependencies: ["auth"] });
