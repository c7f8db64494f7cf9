import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { PendingWork } from "../lib/pending-work.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Work a request started after answering; closing the app waits for it. */
    pendingWork: PendingWork;
  }
}

async function pendingWorkPlugin(app: FastifyInstance): Promise<void> {
  const pending = new PendingWork();
  app.decorate("pendingWork", pending);
  app.addHook("onClose", async () => pending.settled());
}

export default fp(pendingWorkPlugin, { name: "pending-work" });
