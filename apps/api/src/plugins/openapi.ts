import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "@fastify/type-provider-zod";

/** OpenAPI generated from the zod route schemas: JSON at /api/openapi.json, a reference page at /api/docs. */
async function openapiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "EMS portal API",
        description:
          "Every answer is the envelope `{ data, status, message, error, field, otherData }`. " +
          "Bodies are JSON only; unknown properties and wrong types answer 400 with `field`.",
        version: "0.1.0",
      },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "session" },
          token: { type: "apiKey", in: "header", name: "Authorization", description: "next <token>" },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    uiConfig: { docExpansion: "list", deepLinking: true, defaultModelsExpandDepth: 0 },
  });
}

export default fp(openapiPlugin, { name: "openapi" });
