import Fastify, { type FastifyRequest } from "fastify";
import { serializerCompiler } from "@fastify/type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  companyMembersWith,
  defineEndpoints,
  mayCall,
  PDF_DOWNLOAD,
  PUBLIC,
  STAFF,
  type EndpointAccess,
} from "@ems/contracts/endpoints";
import { ERROR_CODES } from "@ems/contracts/errors";
import errorsPlugin from "../plugins/errors.ts";
import { AppError } from "./app-error.ts";
import { cacheControlOf, errorStatusesOf, implement } from "./endpoint-routes.ts";
import { validatorCompiler } from "./validator-compiler.ts";

const things = defineEndpoints("things", {
  list: {
    method: "GET",
    path: "/api/things",
    summary: "Things",
    access: companyMembersWith("company.read"),
    query: z.strictObject({ q: z.string().max(5).optional() }),
    response: z.array(z.string()),
    caching: "private",
  },
  create: {
    method: "POST",
    path: "/api/things",
    summary: "Makes a thing",
    access: companyMembersWith("company.manage"),
    body: z.strictObject({ name: z.string().min(1) }),
    response: z.object({ name: z.string() }),
    created: true,
    idempotent: true,
    errors: [409],
    caching: "private",
  },
  catalogue: {
    method: "GET",
    path: "/api/things/catalogue",
    summary: "The public catalogue",
    access: PUBLIC,
    response: z.object({ count: z.number() }),
    caching: { public: 3600 },
  },
  sheet: {
    method: "GET",
    path: "/api/things/:id/sheet",
    summary: "A thing's sheet",
    access: STAFF,
    params: z.strictObject({ id: z.uuid() }),
    response: PDF_DOWNLOAD,
    errors: [404],
    caching: "private",
  },
});

/** Callers named by a header stand in for sessions: the guard is the real mayCall rule. */
async function appWithThings() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  app.decorate("requireAccess", (access: EndpointAccess) =>
    access.kind === "public"
      ? undefined
      : async (request: FastifyRequest) => {
          const [role, companyRole] = String(request.headers["x-caller"] ?? "").split(":");
          if (!role) throw new AppError(401, ERROR_CODES.unauthorized, "Sign in to continue");
          if (!mayCall({ role, company_role: companyRole || null }, { access }))
            throw new AppError(403, ERROR_CODES.forbidden, "No");
        },
  );
  const made: string[] = [];
  implement(app, things, {
    list: (request) => (request.query.q ? [request.query.q] : ["a", "b"]),
    create: (request) => {
      made.push(request.body.name);
      return { name: request.body.name };
    },
    catalogue: () => ({ count: made.length }),
    sheet: (request, reply) =>
      reply.type("application/pdf").send(Buffer.from(`%PDF-1.7 ${request.params.id}`)),
  });
  return { app, made };
}

const buyer = { "x-caller": "customer:buyer" };
const admin = { "x-caller": "customer:admin" };

describe("routes registered from endpoint definitions", () => {
  it("answers with the envelope and the definition's Cache-Control", async () => {
    const { app } = await appWithThings();
    const res = await app.inject({ url: "/api/things?q=x", headers: buyer });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.json()).toEqual({
      data: ["x"],
      status: 200,
      message: "OK",
      error: null,
      field: null,
      otherData: null,
    });
    const open = await app.inject({ url: "/api/things/catalogue" });
    expect(open.headers["cache-control"]).toBe("public, max-age=3600");
    expect(open.json().data).toEqual({ count: 0 });
  });

  it("guards before it reads the input, by the same rule the menus use", async () => {
    const { app, made } = await appWithThings();
    const visitor = await app.inject({ method: "POST", url: "/api/things", payload: { bad: 1 } });
    expect(visitor.statusCode).toBe(401);
    const buyerCreates = await app.inject({
      method: "POST",
      url: "/api/things",
      headers: buyer,
      payload: { name: "x" },
    });
    expect(buyerCreates.statusCode).toBe(403);
    const staff = await app.inject({ url: "/api/things", headers: { "x-caller": "staff" } });
    expect(staff.statusCode).toBe(403);
    expect(made).toEqual([]);
  });

  it("validates query and body with the definition's schemas, and answers a creation with 201", async () => {
    const { app, made } = await appWithThings();
    const long = await app.inject({ url: "/api/things?q=toolong", headers: buyer });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: "VALIDATION_ERROR", field: "q" });
    const unknown = await app.inject({ url: "/api/things/catalogue?x=1" });
    expect(unknown.statusCode).toBe(400);
    const empty = await app.inject({
      method: "POST",
      url: "/api/things",
      headers: admin,
      payload: { name: "" },
    });
    expect(empty.statusCode).toBe(400);
    const created = await app.inject({
      method: "POST",
      url: "/api/things",
      headers: admin,
      payload: { name: "Board" },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ data: { name: "Board" }, status: 201, message: "Created" });
    expect(made).toEqual(["Board"]);
  });

  it("lets a handler send a download itself", async () => {
    const { app } = await appWithThings();
    const id = "0b6c8f9e-3a51-4c55-9a0e-6a3f2f5d7c11";
    const res = await app.inject({ url: `/api/things/${id}/sheet`, headers: { "x-caller": "staff" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.body).toBe(`%PDF-1.7 ${id}`);
    const badId = await app.inject({ url: "/api/things/nope/sheet", headers: { "x-caller": "staff" } });
    expect(badId.statusCode).toBe(400);
  });
});

describe("what a definition implies", () => {
  it("lists the error statuses from access, idempotency and the definition", () => {
    expect(errorStatusesOf(things.catalogue)).toEqual([400]);
    expect(errorStatusesOf(things.create)).toEqual([400, 401, 403, 409]);
    expect(errorStatusesOf(things.sheet)).toEqual([400, 401, 403, 404]);
  });

  it("turns caching into Cache-Control", () => {
    expect(cacheControlOf("private")).toBe("private, no-store");
    expect(cacheControlOf("no-store")).toBe("no-store");
    expect(cacheControlOf({ public: 60 })).toBe("public, max-age=60");
    expect(cacheControlOf({ private: 300 })).toBe("private, max-age=300");
    expect(cacheControlOf("route")).toBeNull();
  });
});

describe("Cache-Control of answers a handler sends itself", () => {
  it("is the definition's on a success and never a public one on an error", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.decorate("requireAccess", () => undefined);
    const open = defineEndpoints("open", {
      list: {
        method: "GET",
        path: "/api/open",
        summary: "A pre-serialised list",
        access: PUBLIC,
        query: z.strictObject({ fail: z.enum(["yes"]).optional() }),
        response: z.array(z.number()),
        caching: { public: 600 },
      },
    });
    implement(app, open, {
      list: (request, reply) => {
        if (request.query.fail) throw new AppError(404, ERROR_CODES.notFound, "No");
        return reply.type("application/json").send('{"data":[1]}');
      },
    });
    const sent = await app.inject({ url: "/api/open" });
    expect(sent.headers["cache-control"]).toBe("public, max-age=600");
    const failed = await app.inject({ url: "/api/open?fail=yes" });
    expect(failed.statusCode).toBe(404);
    expect(failed.headers["cache-control"]).toBeUndefined();
  });
});

describe("a handler that sends its own answer", () => {
  it("is answered once, without a second send", async () => {
    const { app } = await appWithThings();
    const warnings: unknown[] = [];
    app.log.warn = ((entry: unknown) => warnings.push(entry)) as typeof app.log.warn;
    const res = await app.inject({
      url: "/api/things/0b6c8f9e-3a51-4c55-9a0e-6a3f2f5d7c11/sheet",
      headers: { "x-caller": "staff" },
    });
    expect(res.statusCode).toBe(200);
    expect(warnings).toEqual([]);
  });
});
