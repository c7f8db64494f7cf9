import { z } from "zod";

/** The geolocation answer is `isFromChina` (docs/behaviour/data.md#entities-and-fields). */
export const geolocationSchema = z.object({ isFromChina: z.boolean() }).meta({ id: "Geolocation" });

export type Geolocation = z.infer<typeof geolocationSchema>;

/** The address comes from the connection, never from a parameter. */
export const geolocationQuerySchema = z.strictObject({});
