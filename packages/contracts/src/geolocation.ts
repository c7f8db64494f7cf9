import { z } from "zod";

/** SPEC §3: the geolocation response is `isFromChina`. */
export const geolocationSchema = z.object({ isFromChina: z.boolean() }).meta({ id: "Geolocation" });

export type Geolocation = z.infer<typeof geolocationSchema>;

/** The address comes from the connection, never from a parameter. */
export const geolocationQuerySchema = z.strictObject({});
