import { z } from "zod";
import { defineEndpoints, PUBLIC } from "./endpoints.ts";

export const outboxQuerySchema = z.strictObject({
  to: z.email().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const outboxMailSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    language: z.string(),
    template: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    sent_at: z.string().nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
    /** The files the mail carries; each downloads from the attachment endpoint. */
    attachments: z.array(
      z.object({
        id: z.uuid(),
        filename: z.string(),
        content_type: z.string(),
        /** Bytes. */
        size: z.number().int(),
      }),
    ),
  })
  .meta({ id: "OutboxMail" });

export const outboxAttachmentParamSchema = z.strictObject({ id: z.uuid(), attachment: z.uuid() });

export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** The development outbox (never in production; only for clients on this machine). */
export const devOutboxEndpoints = defineEndpoints("development", {
  list: {
    method: "GET",
    path: "/api/dev/outbox",
    summary: "Mail in the outbox, newest first (development only)",
    access: PUBLIC,
    query: outboxQuerySchema,
    response: z.array(outboxMailSchema),
    caching: "no-store",
  },
  attachment: {
    method: "GET",
    path: "/api/dev/outbox/:id/attachments/:attachment",
    summary: "A file a mail in the outbox carries, as it would be attached (development only)",
    access: PUBLIC,
    params: outboxAttachmentParamSchema,
    response: { download: "application/octet-stream" },
    errors: [404],
    caching: "no-store",
  },
});
