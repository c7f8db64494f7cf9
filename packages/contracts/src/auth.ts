import { z } from "zod";

/** SPEC §3 User as the session answer gives it (snake_case, as the SPEC's client reads it). */
export const sessionUserSchema = z
  .object({
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    email: z.string(),
    language: z.string(),
    role: z.string(),
  })
  .meta({ id: "SessionUser" });

export const sessionSchema = z.object({ user: sessionUserSchema }).meta({ id: "Session" });

export const emptyBodySchema = z.strictObject({}).nullish();

export type SessionUser = z.infer<typeof sessionUserSchema>;
