import Fastify from "fastify";
import fp from "fastify-plugin";
import { describe, expect, it } from "vitest";
import type { SessionWithUser } from "../lib/caller.ts";
import requestContextPlugin from "./request-context.ts";

const caller: SessionWithUser = {
  sessionId: "s-1",
  createdAt: new Date(0),
  lastSeenAt: new Date(0),
  expiresAt: new Date(0),
  user: {
    id: "u-1",
    companyId: "c-1",
    email: "ada@example.test",
    firstName: "Ada",
    lastName: "Lovelace ",
    language: "en",
    role: "customer",
    companyRole: "buyer",
    mustChangePassword: false,
  },
};

/** An app with stand-ins for what the database, mail and auth plugins decorate. */
async function appWith(auth: SessionWithUser | null) {
  const app = Fastify();
  const db = { name: "db" };
  const mailer = { name: "mailer" };
  await app.register(
    fp(
      async (instance) => {
        instance.decorate("db", db as never);
        instance.decorate("mailer", mailer as never);
        instance.decorate("env", { PUBLIC_URL: "https://portal.example.test" } as never);
        instance.decorateRequest("auth", null);
        instance.addHook("onRequest", async (request) => {
          request.auth = auth;
        });
      },
      { name: "auth" },
    ),
  );
  await app.register(requestContextPlugin);
  app.get("/probe", async (request) => {
    const ctx = request.context();
    return {
      db: ctx.db === (db as never),
      mailer: ctx.mailer === (mailer as never),
      request: ctx.request === request,
      log: ctx.log === request.log,
      tenant: ctx.tenant,
      actor: ctx.actor,
      publicUrl: ctx.publicUrl,
      user: ctx.auth.user.email,
    };
  });
  return app;
}

describe("request.context()", () => {
  it("hands the service the database, mailer, caller, tenant, actor, links and log of the request", async () => {
    const app = await appWith(caller);
    const res = await app.inject({ method: "GET", url: "/probe" });
    expect(res.json()).toEqual({
      db: true,
      mailer: true,
      request: true,
      log: true,
      tenant: "c-1",
      actor: { id: "u-1", name: "Ada Lovelace" },
      publicUrl: "https://portal.example.test",
      user: "ada@example.test",
    });
    await app.close();
  });

  it("refuses a request without a signed-in caller rather than run a service without one", async () => {
    const app = await appWith(null);
    const res = await app.inject({ method: "GET", url: "/probe" });
    expect(res.statusCode).toBe(500);
    await app.close();
  });
});
