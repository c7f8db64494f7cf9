import type { FastifyReply } from "fastify";
import { z } from "zod";

/** The response schema of a document download; OpenAPI shows it as application/pdf. */
export const pdfBodySchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ description: "application/pdf" });

/**
 * Sends a document: the browser's viewer shows it, "save" names it after the document's number, and
 * nothing caches it (it is one company's business).
 */
export function sendPdf(reply: FastifyReply, number: string, pdf: Buffer): FastifyReply {
  return reply
    .type("application/pdf")
    .header("Content-Disposition", `inline; filename="${number}.pdf"`)
    .header("Cache-Control", "private, no-store")
    .send(pdf);
}

/**
 * Sends an e-invoice's XML as a file to save (a machine reads it, not a viewer), named after the
 * document's number; nothing caches it.
 */
export function sendXml(reply: FastifyReply, number: string, xml: string): FastifyReply {
  return reply
    .type("application/xml; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${number}.xml"`)
    .header("Cache-Control", "private, no-store")
    .send(Buffer.from(xml, "utf8"));
}
