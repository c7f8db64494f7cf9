import type { FastifyPluginAsyncZod } from "@fastify/type-provider-zod";
import { z } from "zod";
import type { KnowledgeBase } from "@ems/content/knowledge-base";
import { errorEnvelopeSchema } from "@ems/contracts/envelope";
import { LOCALES, type Locale } from "@ems/i18n/locales";
import { pdfBodySchema } from "../../lib/pdf-reply.ts";
import { RESOURCE_DOCUMENTS, renderResource, resourceFileName } from "./resources-service.ts";

/** The resources page's downloads: generated PDFs, public and the same for everyone, so cacheable. */
export const resourcesRoutes: FastifyPluginAsyncZod<{ knowledgeBase: KnowledgeBase }> = async (
  app,
  options,
) => {
  const kb = options.knowledgeBase;
  // The same bytes for everyone all day, and a checklist takes a second or two of CPU to lay out:
  // each language's file is made once a day per process (the promise also serves concurrent asks).
  const made = new Map<string, Promise<Buffer>>();
  const pdfOf = (name: (typeof RESOURCE_DOCUMENTS)[number], language: Locale) => {
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
  for (const name of RESOURCE_DOCUMENTS) {
    app.get(
      `/api/resources/${name}.pdf`,
      {
        schema: {
          tags: ["resources"],
          summary:
            name === "design-rule-checklist"
              ? "The design-rule checklist for PCB assembly as PDF, made from the knowledge base"
              : "The capability sheet as PDF, made from the site configuration",
          querystring: z.strictObject({ language: z.enum(LOCALES).default("en") }),
          response: { 200: pdfBodySchema, 400: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        const { language } = request.query;
        const pdf = await pdfOf(name, language);
        return reply
          .type("application/pdf")
          .header("Content-Disposition", `inline; filename="${resourceFileName(name, language)}.pdf"`)
          .header("Cache-Control", "public, max-age=3600")
          .send(pdf);
      },
    );
  }
};
