import { BlockList, isIP } from "node:net";
import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { devOutboxEndpoints, outboxQuerySchema, type OutboxMail } from "@ems/contracts/mail";
import type { Env } from "../../env.ts";
import { implement } from "../../lib/endpoint-routes.ts";
import { notFound } from "../../lib/app-error.ts";
import {
  findMailAttachment,
  listMailAttachments,
  listOutboxMail,
  type AttachmentRow,
  type OutboxRow,
} from "./mail-repository.ts";
import { escapeHtml } from "./mail-templates.ts";

type OutboxEntry = OutboxRow & { attachments: AttachmentRow[] };

/** The newest mails with their files. */
async function outboxEntries(
  db: Parameters<typeof listOutboxMail>[0],
  query: Parameters<typeof listOutboxMail>[1],
): Promise<OutboxEntry[]> {
  const rows = await listOutboxMail(db, query);
  const files = await listMailAttachments(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, attachments: files.filter((file) => file.mailId === row.id) }));
}

const attachmentPath = (file: AttachmentRow) => `/api/dev/outbox/${file.mailId}/attachments/${file.id}`;

function toDto(row: OutboxEntry): OutboxMail {
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
    attachments: row.attachments.map((file) => ({
      id: file.id,
      filename: file.filename,
      content_type: file.contentType,
      size: file.content.length,
    })),
  };
}

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** 127.0.0.0/8 or ::1 (also written IPv4-mapped, ::ffff:127.0.0.1); a name or anything else is not. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  return loopback.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Whether HOST (what the server listens on) is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return bare.toLowerCase() === "localhost" || isLoopbackAddress(bare);
}

export const DEV_OUTBOX_OVERRIDE = "DEV_OUTBOX_ON_NETWORK_INTERFACE_EXPOSES_ALL_ACCOUNTS";

/**
 * Whether the development outbox is served, and why not. Never in production (loadEnv refuses
 * DEV_OUTBOX=true there); elsewhere on unless DEV_OUTBOX=false, but only while the server listens on
 * loopback: on another interface only with the loudly named override.
 */
export function devOutboxSetting(env: Env): { on: boolean; reason: string } {
  if (env.NODE_ENV === "production") return { on: false, reason: "never in production" };
  if (env.DEV_OUTBOX === "false") return { on: false, reason: "DEV_OUTBOX=false" };
  if (!isLoopbackHost(env.HOST) && env.DEV_OUTBOX_ON_NETWORK_INTERFACE_EXPOSES_ALL_ACCOUNTS !== "true")
    return {
      on: false,
      reason: `HOST=${env.HOST} is not a loopback address (set ${DEV_OUTBOX_OVERRIDE}=true to keep it on there)`,
    };
  return { on: true, reason: isLoopbackHost(env.HOST) ? "on loopback" : `${DEV_OUTBOX_OVERRIDE}=true` };
}

/**
 * The development outbox: without SMTP the product still works offline, and developers read sign-in
 * codes and links here. It shows every code, so it is registered only as devOutboxSetting says, and
 * each request must come from this machine: the socket's peer and the client address (after
 * TRUST_PROXY) must both be loopback, so neither a proxy on this machine nor a forged
 * X-Forwarded-For lets anyone else in. Others get the 404 of an unknown route. English only.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", async (request, reply) => {
    if (isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip)) return;
    reply.callNotFound();
    return reply;
  });

  implement(app, devOutboxEndpoints, {
    list: async (request) => (await outboxEntries(app.db, request.query)).map(toDto),
    attachment: async (request, reply) => {
      const file = await findMailAttachment(app.db, request.params.id, request.params.attachment);
      if (!file) throw notFound("No such attachment");
      // Names are the product's own (a document number); anything else is dropped, not escaped.
      const filename = file.filename.replace(/[^\w.-]/g, "_");
      return reply
        .type(file.contentType)
        .header("Content-Disposition", `inline; filename="${filename}"`)
        .send(file.content);
    },
  });

  app.get(
    "/dev/outbox",
    { schema: { hide: true, querystring: outboxQuerySchema } },
    async (request, reply) => {
      const rows = await outboxEntries(app.db, request.query);
      const items = rows
        .map(
          (row) => `<article style="border:1px solid #d1d5db;border-radius:8px;margin:16px 0;padding:16px">
<h2 style="margin:0 0 4px;font-size:16px">${escapeHtml(row.subject)}</h2>
<p style="margin:0 0 8px;color:#4b5563;font-size:13px">To ${escapeHtml(row.toAddress)} · ${escapeHtml(row.language)} · ${escapeHtml(row.template)} · ${row.createdAt.toISOString()}${row.sentAt ? " · sent by SMTP" : ""}${row.error ? ` · failed: ${escapeHtml(row.error)}` : ""}</p>
<pre style="white-space:pre-wrap;font-size:14px;margin:0">${escapeHtml(row.textBody)}</pre>
${
  row.attachments.length
    ? `<ul style="margin:8px 0 0;padding-left:20px;font-size:14px">${row.attachments
        .map(
          (file) =>
            `<li>Attachment: <a href="${escapeHtml(attachmentPath(file))}">${escapeHtml(file.filename)}</a> (${escapeHtml(file.contentType)}, ${file.content.length} bytes)</li>`,
        )
        .join("")}</ul>`
    : ""
}
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
