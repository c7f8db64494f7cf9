import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Database, DbHandle } from "@ems/db/client";

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    dbHandle: DbHandle;
  }
}

/** Decorates the instance with the database. The handle is owned by whoever opened it (server or test). */
async function databasePlugin(app: FastifyInstance, options: { handle: DbHandle }): Promise<void> {
  app.decorate("dbHandle", options.handle);
  app.decorate("db", options.handle.db);
}

export default fp(databasePlugin, { name: "database" });
