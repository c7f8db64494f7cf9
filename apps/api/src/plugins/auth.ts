import { mayCall, type EndpointAccess } from "@ems/contracts/endpoints";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import cookie from "@fastify/cookie";
import { SESSION_COOKIE } from "@ems/config/constants";
import { ERROR_CODES } from "@ems/contracts/errors";
import { AppError } from "../lib/app-error.ts";
import { authenticateToken } from "../modules/auth/session-service.ts";
import type { SessionWithUser } from "../lib/caller.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, once a guard has run; null for visitors. */
    auth: SessionWithUser | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The guard of an endpoint's access; undefined for a public endpoint (no session query). */
    requireAccess: (
      access: EndpointAccess,
    ) => ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) | undefined;
  }
}

/** The opaque token: `Authorization: next <token>` for API clients, else the HttpOnly session cookie. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^next ([^\s]+)$/.exec(header);
    return match?.[1];
  }
  return request.cookies[SESSION_COOKIE];
}

/**
 * Sessions are looked up only where a route asks for them (requireUser, requireStaff), so pages,
 * assets and public endpoints cost no session query. Routes run these guards as `onRequest` hooks,
 * before the body is parsed or validated: a visitor learns 401 and nothing about the schema.
 */
async function authPlugin(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorateRequest("auth", null);

  app.decorate("requireUser", async (request: FastifyRequest) => {
    request.auth = await authenticateToken(app.db, tokenOf(request));
    if (!request.auth) throw new AppError(401, ERROR_CODES.unauthorized, "Sign in to continue");
  });

  const forbidden = {
    user: "",
    staff: "This needs a staff account",
    staffAdmin: "This needs a staff administrator",
    company: "Your role in the company does not allow this",
  } as const;
  app.decorate("requireAccess", (access: EndpointAccess) => {
    if (access.kind === "public") return undefined;
    return async (request: FastifyRequest, reply: FastifyReply) => {
      await app.requireUser(request, reply);
      const { user } = request.auth!;
      if (!mayCall({ role: user.role, company_role: user.companyRole }, { access }))
        throw new AppError(403, ERROR_CODES.forbidden, forbidden[access.kind]);
    };
  });
}

export default fp(authPlugin, { name: "auth", dependencies: ["database"] });
