import { z } from "zod";
import { defineEndpoints, PUBLIC } from "./endpoints.ts";

export const healthSchema = z
  .object({ status: z.literal("ok"), uptimeSeconds: z.number() })
  .meta({ id: "Health" });
export const readySchema = z
  .object({ status: z.literal("ready"), database: z.literal("up"), latencyMs: z.number() })
  .meta({ id: "Ready" });

export type Health = z.infer<typeof healthSchema>;
export type Ready = z.infer<typeof readySchema>;

export const systemEndpoints = defineEndpoints("system", {
  health: {
    method: "GET",
    path: "/api/health",
    summary: "Liveness",
    access: PUBLIC,
    response: healthSchema,
    caching: "route",
  },
  ready: {
    method: "GET",
    path: "/api/ready",
    summary: "Readiness: the database is reachable",
    access: PUBLIC,
    response: readySchema,
    errors: [503],
    caching: "route",
  },
});
