import { pdfText } from "@ems/testing/pdf-text";
import { KnowledgeBase } from "@ems/content/knowledge-base";
import { createTestContent } from "@ems/content/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

const checklist = (heading: string, items: string[]) =>
  `Intro.\n\n## ${heading}\n\n${items.map((item) => `- ${item}`).join("\n")}\n`;
const content = createTestContent([
  {
    locale: "en",
    id: "pcb-design-checklist",
    title: "PCB design checklist",
    body: checklist("Board outline", ["Outline is one closed contour", "Copper keeps 0.3 mm from edges"]),
  },
  {
    locale: "en",
    id: "pcba-assembly-design-checklist",
    title: "Assembly design checklist",
    body: checklist("Fiducials", ["Three global fiducials per panel"]),
  },
  {
    locale: "de",
    id: "pcb-design-checklist",
    slug: "checkliste",
    title: "Checkliste Leiterplattendesign",
    body: checklist("Kontur", ["Die Kontur ist geschlossen"]),
  },
  {
    locale: "de",
    id: "pcba-assembly-design-checklist",
    slug: "checkliste-bestueckung",
    title: "Checkliste Bestückung",
    body: checklist("Passermarken", ["Drei Passermarken je Nutzen"]),
  },
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { knowledgeBase: new KnowledgeBase(content.root) });
});
afterAll(async () => {
  await t.close();
  content.remove();
});
const get = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /api/resources/*.pdf", () => {
  it("makes the design-rule checklist from the checklist articles, with a tick box per item", async () => {
    const res = await get("/api/resources/design-rule-checklist.pdf");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      'inline; filename="lindqvar-design-rule-checklist-en.pdf"',
    );
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("Design-rule checklist");
    expect(text).toMatch(/\[ ?\] Outline is one closed contour Board outline/);
    expect(text).toContain("Three global fiducials per panel");
    expect(text).toContain("“PCB design checklist” and “Assembly design checklist”");
  });

  it("writes it in the language asked for", async () => {
    const text = await pdfText(
      (await get("/api/resources/design-rule-checklist.pdf?language=de")).rawPayload,
    );
    expect(text).toContain("Drei Passermarken je Nutzen");
    expect(text).not.toContain("Three global fiducials");
  });

  it("makes the capability sheet from the site configuration", async () => {
    const res = await get("/api/resources/capability-sheet.pdf?language=en");
    expect(res.statusCode).toBe(200);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, " ");
    expect(text).toContain("Capability sheet");
    expect(text).toContain("Passives from 01005 (0402 metric); fine pitch down to 0.3 mm");
    expect(text).toContain("Express assembly in 10 working days");
    expect(text).toContain("ISO 9001:2015 and IPC-A-610");
  });

  it("refuses unknown languages and parameters", async () => {
    for (const query of ["language=pl", "language=", "lang=de", "language=de&language=fr"]) {
      const res = await get(`/api/resources/capability-sheet.pdf?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ data: null, error: "VALIDATION_ERROR" });
    }
    expect((await get("/api/resources/price-list.pdf")).statusCode).toBe(404);
  });
});

describe("the day's copy of a download", () => {
  it("answers concurrent requests for one language with the same file", async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => get("/api/resources/capability-sheet.pdf?language=it")),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
    }
    expect(await pdfText(answers[0]!.rawPayload)).toContain("Montaggio SMT");
  });
});
