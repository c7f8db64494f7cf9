import { z } from "zod";

export const healthSchema = z
  .object({ status: z.literal("ok"), uptimeSeconds: z.number() })
  .meta({ id: "Health" });
export const readySchema = z
  .object({ status: z.literal("ready"), database: z.literal("up"), latencyMs: z.number() })
  .meta({ id: "Ready" });

export type Health = z.infer<typeof healthSchema>;
export type Ready = z.infer<typeof readySchema>;
