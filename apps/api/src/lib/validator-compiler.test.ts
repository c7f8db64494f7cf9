import { PRODUCTION_KINDS } from "@ems/contracts/orders";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@ems/contracts/errors";
import { createCompany, createSession, createUser } from "@ems/db/factories";
import { fingerprint } from "../test/fingerprint.ts";
import { useTestApp } from "../test/test-app.ts";

/**
 * The text rule (packages/contracts/src/text.ts) on every operation the API documents, found in its
 * OpenAPI document so that a new endpoint is covered without being listed here: a control character
 * or a lone surrogate in any string of a body, query or path answers 400 naming the field, before
 * anything reaches the database.
 */

const t = useTestApp({ RATE_LIMIT_MAX: "1000000" });

const HOSTILE = ["\u0000", "\u0007", "\u001b", "\ud800"];
/** A lone surrogate cannot be percent-encoded as UTF-8, so URLs get the controls only. */
const HOSTILE_IN_URL = ["%00", "%07", "%1B", "%7F"];

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

interface Parameter {
  name: string;
  in: "query" | "path" | "header" | "cookie";
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
    >
  >;
  components: { schemas: Record<string, JsonSchema> };
}

type Path = (string | number)[];

async function openapi(): Promise<OpenApi> {
  const res = await t().app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  return res.json() as OpenApi;
}

function operationsOf(doc: OpenApi): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content["application/json"]?.schema,
    })),
  );
}

/** Every path in a request body schema where a string is accepted (arrays through their first item). */
function stringPaths(doc: OpenApi, schema: JsonSchema, at: Path = [], depth = 0): Path[] {
  if (depth > 8) return [];
  if (schema.$ref)
    return stringPaths(doc, doc.components.schemas[schema.$ref.split("/").pop()!]!, at, depth + 1);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const found = branches.flatMap((branch) => stringPaths(doc, branch, at, depth + 1));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (
    types.includes("string") ||
    typeof schema.const === "string" ||
    schema.enum?.some((v) => typeof v === "string")
  )
    found.push(at);
  for (const [key, property] of Object.entries(schema.properties ?? {}))
    found.push(...stringPaths(doc, property, [...at, key], depth + 1));
  if (schema.items) found.push(...stringPaths(doc, schema.items, [...at, 0], depth + 1));
  const seen = new Set<string>();
  return found.filter((path) => !seen.has(JSON.stringify(path)) && seen.add(JSON.stringify(path)));
}

/** The smallest body that holds `value` at `path`: `{ lines: [{ description: value }] }`. */
function bodyWith(path: Path, value: string): unknown {
  return path.reduceRight<unknown>(
    (inner, key) => (typeof key === "number" ? [inner] : { [key]: inner }),
    value,
  );
}

async function sessions() {
  const { db } = t().db;
  const company = await createCompany(db, { name: "Alpha Sensors GmbH", country: "DE" });
  const customer = await createUser(db, { companyId: company.id, companyRole: "admin" });
  const operator = await createCompany(db, { name: "Lindqvar Elektronik GmbH", isOperator: true });
  const staff = await createUser(db, { companyId: operator.id, role: "staff_admin" });
  const customerToken = (await createSession(db, { userId: customer.id })).token;
  const staffToken = (await createSession(db, { userId: staff.id })).token;
  return (path: string) => ({
    cookie: `session=${path.startsWith("/api/staff/") ? staffToken : customerToken}`,
  });
}

/** A syntactically fine value for a path parameter, so only the one under test is hostile. */
const PLAIN_PARAM = "00000000-0000-4000-8000-000000000000";
/** Path parameters that are not ids: a value each accepts. */
const PLAIN_NAMED_PARAMS: Record<string, string> = { kind: PRODUCTION_KINDS[0] };

function urlOf(op: Operation, params: Record<string, string> = {}, query = ""): string {
  const path = op.path.replace(
    /\{([^}]+)\}/g,
    (_, name: string) => params[name] ?? PLAIN_NAMED_PARAMS[name] ?? PLAIN_PARAM,
  );
  return query ? `${path}?${query}` : path;
}

describe("control characters in any input", () => {
  it("answer 400 naming the body field on every operation that takes a JSON body, and write nothing", async () => {
    const doc = await openapi();
    const auth = await sessions();
    const before = await fingerprint(t().db.db);
    const withBodies = operationsOf(doc).filter((op) => op.body);
    expect(withBodies.length).toBeGreaterThan(50);
    let checked = 0;
    for (const op of withBodies) {
      for (const path of stringPaths(doc, op.body!)) {
        for (const bad of HOSTILE) {
          const res = await t().app.inject({
            method: op.method as "POST",
            url: urlOf(op),
            headers: { ...auth(op.path), "content-type": "application/json" },
            payload: JSON.stringify(bodyWith(path, `Alpha${bad}Sensors`)),
          });
          const label = `${op.method} ${op.path} ${path.join(".")} U+${bad.charCodeAt(0).toString(16)}`;
          expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
          expect(res.json(), label).toMatchObject({
            data: null,
            error: ERROR_CODES.validation,
            field: path.join("."),
          });
          expect(res.json().message, label).toContain("control characters");
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(400);
    expect(await fingerprint(t().db.db)).toEqual(before);
  });

  it("answer 400 naming the query parameter (`q` and all others) on every operation, and write nothing", async () => {
    const doc = await openapi();
    const auth = await sessions();
    const before = await fingerprint(t().db.db);
    const ops = operationsOf(doc).filter((op) => op.parameters.some((p) => p.in === "query"));
    const searches = ops.filter((op) => op.parameters.some((p) => p.in === "query" && p.name === "q"));
    expect(searches.length).toBeGreaterThan(15);
    for (const op of ops) {
      for (const { name } of op.parameters.filter((p) => p.in === "query")) {
        for (const bad of HOSTILE_IN_URL) {
          const res = await t().app.inject({
            method: op.method as "GET",
            url: urlOf(op, {}, `${name}=Alpha${bad}Sensors`),
            headers: auth(op.path),
          });
          const label = `${op.method} ${op.path}?${name} ${bad}`;
          expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
          expect(res.json(), label).toMatchObject({ error: ERROR_CODES.validation, field: name });
        }
      }
    }
    expect(await fingerprint(t().db.db)).toEqual(before);
  });

  it("answer 400 naming the path parameter on every operation that has one", async () => {
    const doc = await openapi();
    const auth = await sessions();
    const ops = operationsOf(doc).filter((op) => op.parameters.some((p) => p.in === "path"));
    expect(ops.length).toBeGreaterThan(30);
    for (const op of ops) {
      for (const { name } of op.parameters.filter((p) => p.in === "path")) {
        const res = await t().app.inject({
          method: op.method as "GET",
          url: urlOf(op, { [name]: "abc%00def" }),
          headers: { ...auth(op.path), ...(op.body ? { "content-type": "application/json" } : {}) },
          ...(op.body ? { payload: "{}" } : {}),
        });
        const label = `${op.method} ${op.path} {${name}}`;
        expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
        expect(res.json(), label).toMatchObject({ error: ERROR_CODES.validation, field: name });
      }
    }
  });
});
