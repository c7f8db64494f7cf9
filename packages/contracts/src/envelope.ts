import { z } from "zod";

export const errorEnvelopeSchema = z
  .object({
    data: z.null(),
    status: z.number().int(),
    message: z.string(),
    error: z.string(),
    field: z.string().nullable(),
    otherData: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: "ErrorEnvelope" });

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    data,
    status: z.number().int(),
    message: z.string(),
    error: z.null(),
    field: z.null(),
    otherData: z.record(z.string(), z.unknown()).nullable(),
  });
}
