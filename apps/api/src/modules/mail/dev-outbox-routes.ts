import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import { envelopeSchema } from "@ems/contracts/envelope";
import { outboxMailSchema, outboxQuerySchema, type OutboxMail } from "@ems/contracts/mail";
import { ok } from "../../lib/envelope.ts";
import { listOutboxMail, type OutboxRow } from "./mail-repository.ts";
import { escapeHtml } from "./mail-templates.ts";

function toDto(row: OutboxRow): OutboxMail {
  return {
    id: row.id,
    to: row.toAddress,
    language: row.language,
    template: row.template,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    sent_at: row.sentAt?.toISOString() ?? null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The development outbox: without SMTP the product still works offline, and developers and the
 * browser journeys read sign-in codes and links here. Registered only when DEV_OUTBOX is on (off in
 * production by default), because it shows every code. A developer tool, so English only.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/dev/outbox",
    {
      schema: {
        tags: ["development"],
        summary: "Mail in the outbox, newest first (development only)",
        querystring: outboxQuerySchema,
        response: { 200: envelopeSchema(z.array(outboxMailSchema)) },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const rows = await listOutboxMail(app.db, request.query);
      return ok(rows.map(toDto));
    },
  );

  app.get(
    "/dev/outbox",
    { schema: { hide: true, querystring: outboxQuerySchema } },
    async (request, reply) => {
      const rows = await listOutboxMail(app.db, request.query);
      const items = rows
        .map(
          (row) => `<article style="border:1px solid #d1d5db;border-radius:8px;margin:16px 0;padding:16px">
<h2 style="margin:0 0 4px;font-size:16px">${escapeHtml(row.subject)}</h2>
<p style="margin:0 0 8px;color:#4b5563;font-size:13px">To ${escapeHtml(row.toAddress)} · ${escapeHtml(row.language)} · ${escapeHtml(row.template)} · ${row.createdAt.toISOString()}${row.sentAt ? " · sent by SMTP" : ""}${row.error ? ` · failed: ${escapeHtml(row.error)}` : ""}</p>
<pre style="white-space:pre-wrap;font-size:14px;margin:0">${escapeHtml(row.textBody)}</pre>
</article>`,
        )
        .join("");
      reply.header("Cache-Control", "no-store").type("text/html; charset=utf-8");
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Outbox (development)</title></head>
<body style="font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px;color:#111827">
<h1 style="font-size:22px">Outbox (development)</h1>
<p>Mail the product would send. This page exists only while DEV_OUTBOX is on; without SMTP_URL nothing leaves this machine.</p>
<form method="get"><label>Recipient <input type="email" name="to" value="${escapeHtml(request.query.to ?? "")}"></label> <button>Filter</button></form>
${items || "<p>No mail yet.</p>"}
</body></html>`;
    },
  );
};
