import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { KnowledgeBase } from "@ems/content/knowledge-base";
import { resourceEndpoints } from "@ems/contracts/documents";
import type { ResourceDocument } from "@ems/contracts/public-paths";
import type { Locale } from "@ems/i18n/locales";
import { implement } from "../../lib/endpoint-routes.ts";
import { renderResource, resourceFileName } from "./resources-service.ts";

/** The resources page's downloads: generated PDFs, public and the same for everyone, so cacheable. */
export const resourcesRoutes: FastifyPluginAsync<{ knowledgeBase: KnowledgeBase }> = async (app, options) => {
  const kb = options.knowledgeBase;
  // The same bytes for everyone all day, and a checklist takes a second or two of CPU to lay out:
  // each language's file is made once a day per process (the promise also serves concurrent asks).
  const made = new Map<string, Promise<Buffer>>();
  const pdfOf = (name: ResourceDocument, language: Locale) => {
    const day = new Date().toISOString().slice(0, 10);
    const key = `${day}:${name}:${language}`;
    let pdf = made.get(key);
    if (!pdf) {
      for (const old of made.keys()) if (!old.startsWith(day)) made.delete(old);
      pdf = renderResource(kb, name, language);
      pdf.catch(() => made.delete(key));
      made.set(key, pdf);
    }
    return pdf;
  };
  const send = async (name: ResourceDocument, language: Locale, reply: FastifyReply) =>
    reply
      .type("application/pdf")
      .header("Content-Disposition", `inline; filename="${resourceFileName(name, language)}.pdf"`)
      .send(await pdfOf(name, language));
  implement(app, resourceEndpoints, {
    "design-rule-checklist": (request, reply) => send("design-rule-checklist", request.query.language, reply),
    "capability-sheet": (request, reply) => send("capability-sheet", request.query.language, reply),
  });
};
