import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Endpoint } from "@ems/contracts/endpoints";
import { useTestApp } from "./test/test-app.ts";

/**
 * ADR 0012: every API route is registered from a contracts definition, and every definition is
 * served. A route added by hand, or a definition whose route was removed, fails here.
 */

const CONTRACTS = fileURLToPath(new URL("../../../packages/contracts/src/", import.meta.url));

/** Declared for the web before the API serves them, with the issue that builds the route. */
const NOT_YET_SERVED: Record<string, string> = {};

function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.method === "string" && typeof record.path === "string" && "access" in record;
}

async function allDefinitions(): Promise<Endpoint[]> {
  const files = readdirSync(CONTRACTS).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
  const definitions: Endpoint[] = [];
  for (const file of files) {
    const module = (await import(`@ems/contracts/${file.replace(/\.ts$/, "")}`)) as Record<string, unknown>;
    for (const exported of Object.values(module)) {
      if (typeof exported !== "object" || exported === null) continue;
      definitions.push(...Object.values(exported).filter(isEndpoint));
    }
  }
  return definitions;
}

const keyOf = (method: string, path: string) => `${method} ${path}`;
/** OpenAPI writes `{id}` where Fastify writes `:id`. */
const fastifyPath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ":$1");

const t = useTestApp();

describe("API routes and their definitions", () => {
  it("serve every definition", async () => {
    const definitions = await allDefinitions();
    expect(definitions.length).toBeGreaterThan(100);
    const unserved = definitions
      .map((endpoint) => keyOf(endpoint.method, endpoint.path))
      .filter((key) => !(key in NOT_YET_SERVED))
      .filter((key) => {
        const [method, url] = key.split(" ") as [Endpoint["method"], string];
        return !t().app.hasRoute({ method, url });
      });
    expect(unserved).toEqual([]);
    const duplicates = definitions
      .map((endpoint) => keyOf(endpoint.method, endpoint.path))
      .filter((key, index, all) => all.indexOf(key) !== index);
    expect(duplicates).toEqual([]);
  });

  it("register no documented route without a definition", async () => {
    const defined = new Set(
      (await allDefinitions()).map((endpoint) => keyOf(endpoint.method, endpoint.path)),
    );
    const res = await t().app.inject({ method: "GET", url: "/api/openapi.json" });
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    const undefinedRoutes = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => method !== "head")
        .map((method) => keyOf(method.toUpperCase(), fastifyPath(path)))
        .filter((key) => !defined.has(key)),
    );
    expect(undefinedRoutes).toEqual([]);
  });
});
