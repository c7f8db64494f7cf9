import { z } from "zod";
import { defineEndpoints, PUBLIC } from "./endpoints.ts";

/** The geolocation answer is `isFromChina` (docs/behaviour/data.md#entities-and-fields). */
export const geolocationSchema = z.object({ isFromChina: z.boolean() }).meta({ id: "Geolocation" });

export type Geolocation = z.infer<typeof geolocationSchema>;

/** The address comes from the connection, never from a parameter. */
export const geolocationQuerySchema = z.strictObject({});

export const geolocationEndpoints = defineEndpoints("geolocation", {
  get: {
    method: "GET",
    path: "/api/geolocation",
    summary: "Whether the caller's address is in mainland China",
    access: PUBLIC,
    query: geolocationQuerySchema,
    response: geolocationSchema,
    caching: "private",
  },
});
