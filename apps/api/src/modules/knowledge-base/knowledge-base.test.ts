import { KnowledgeBase } from "@ems/content/knowledge-base";
import { createTestContent } from "@ems/content/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

const PREVIEW = "preview-token-0123456789";
const content = createTestContent([
  {
    locale: "en",
    id: "fiducial-marks",
    title: "Fiducial marks on PCBs",
    related: ["pcb-panelization"],
    body: "Fiducials guide the placement machine.\n\n## Size\n\nA 1 mm copper dot.\n",
  },
  {
    locale: "en",
    id: "pcb-panelization",
    title: "Panelization of printed circuit boards",
    body: "Panels, tabs and V-scoring.",
  },
  { locale: "en", id: "esd-handling", category: "assembly", title: "ESD handling in production" },
  { locale: "en", id: "new-process", title: "A process we have not announced", draft: true },
  {
    locale: "de",
    id: "fiducial-marks",
    slug: "passermarken",
    title: "Passermarken auf Leiterplatten",
    body: "Passermarken führen den Bestückautomaten.",
  },
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PREVIEW_TOKEN: PREVIEW }, { knowledgeBase: new KnowledgeBase(content.root) });
});
afterAll(async () => {
  await t.close();
  content.remove();
});
const get = (url: string) => t.app.inject({ method: "GET", url });

describe("GET /api/knowledge-base/categories", () => {
  it("lists the categories of a language with their published article counts", async () => {
    const res = await get("/api/knowledge-base/categories?language=de");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const design = res.json().data.find((c: { id: string }) => c.id === "design");
    expect(design).toMatchObject({
      name: "Fertigungsgerechtes Leiterplattendesign",
      slug: "leiterplattendesign",
      path: "/de/wissensdatenbank/leiterplattendesign",
      articleCount: 1,
    });
    const english = (await get("/api/knowledge-base/categories")).json().data;
    expect(english.find((c: { id: string }) => c.id === "design").articleCount).toBe(2);
  });

  it("counts drafts only with the preview token", async () => {
    const res = await get(`/api/knowledge-base/categories?preview=${PREVIEW}`);
    expect(res.json().data.find((c: { id: string }) => c.id === "design").articleCount).toBe(3);
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });
});

describe("GET /api/knowledge-base/articles", () => {
  it("lists a language's articles, and one category's", async () => {
    const all = (await get("/api/knowledge-base/articles?language=en")).json().data;
    expect(all.map((a: { id: string }) => a.id)).toEqual([
      "fiducial-marks",
      "pcb-panelization",
      "esd-handling",
    ]);
    expect(all[0]).toEqual({
      id: "fiducial-marks",
      slug: "fiducial-marks",
      title: "Fiducial marks on PCBs",
      description: "What fiducial-marks is about, in one sentence for the test.",
      category: "design",
      updated: "2026-11-01",
      draft: false,
      path: "/knowledge-base/pcb-design/fiducial-marks",
    });
    const assembly = (await get("/api/knowledge-base/articles?category=assembly")).json().data;
    expect(assembly.map((a: { id: string }) => a.id)).toEqual(["esd-handling"]);
  });

  it("searches with stemming in the language", async () => {
    const res = await get("/api/knowledge-base/articles?language=en&q=panels%20tab");
    expect(res.json().data.map((a: { id: string }) => a.id)).toEqual(["pcb-panelization"]);
    const german = await get(
      `/api/knowledge-base/articles?language=de&q=${encodeURIComponent("Bestückautomat")}`,
    );
    expect(german.json().data.map((a: { id: string }) => a.id)).toEqual(["fiducial-marks"]);
  });

  it("finds drafts only in preview; a wrong token is no preview", async () => {
    const q = "q=announced";
    expect((await get(`/api/knowledge-base/articles?${q}`)).json().data).toEqual([]);
    expect(
      (await get(`/api/knowledge-base/articles?${q}&preview=wrong-token-0123456789`)).json().data,
    ).toEqual([]);
    const found = (await get(`/api/knowledge-base/articles?${q}&preview=${PREVIEW}`)).json().data;
    expect(found).toMatchObject([{ id: "new-process", draft: true }]);
  });

  it("answers 404 for an unknown category and 400 for bad input, naming the field", async () => {
    const unknown = await get("/api/knowledge-base/articles?category=cooking");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ data: null, error: "NOT_FOUND" });
    for (const [query, field] of [
      ["language=pl", "language"],
      ["language=EN", "language"],
      ["category=Design%20%3Cscript%3E", "category"],
      [`q=${"x".repeat(201)}`, "q"],
      ["q=%20%20", "q"],
      ["sort=title", null],
    ] as const) {
      const res = await get(`/api/knowledge-base/articles?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ data: null, error: "VALIDATION_ERROR" });
      if (field) expect(res.json().field, query).toBe(field);
    }
  });
});

describe("GET /api/knowledge-base/articles/:slug", () => {
  it("returns the rendered article with related articles and its translations", async () => {
    const res = await get("/api/knowledge-base/articles/fiducial-marks?language=en");
    expect(res.statusCode).toBe(200);
    const article = res.json().data;
    expect(article).toMatchObject({
      id: "fiducial-marks",
      language: "en",
      headings: [{ id: "size", text: "Size", depth: 2 }],
      translations: {
        en: "/knowledge-base/pcb-design/fiducial-marks",
        de: "/de/wissensdatenbank/leiterplattendesign/passermarken",
      },
    });
    expect(article.html).toContain('<h2 id="size">Size</h2>');
    expect(article.related.map((a: { id: string }) => a.id)).toEqual(["pcb-panelization"]);
    expect(article.wordCount).toBeGreaterThan(5);
  });

  it("finds an article by the slug of the language asked for only", async () => {
    expect((await get("/api/knowledge-base/articles/passermarken?language=de")).statusCode).toBe(200);
    expect((await get("/api/knowledge-base/articles/passermarken?language=en")).statusCode).toBe(404);
    expect((await get("/api/knowledge-base/articles/pcb-panelization?language=de")).statusCode).toBe(404);
  });

  it("shows a draft only with the preview token", async () => {
    expect((await get("/api/knowledge-base/articles/new-process")).statusCode).toBe(404);
    const preview = await get(`/api/knowledge-base/articles/new-process?preview=${PREVIEW}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.draft).toBe(true);
  });

  it("refuses slugs that are not slugs", async () => {
    for (const slug of ["..%2F..%2Fetc%2Fpasswd", "Fiducial-Marks", "a%20b", "x".repeat(121)]) {
      const res = await get(`/api/knowledge-base/articles/${slug}`);
      expect(res.statusCode, slug).toBe(400);
      expect(res.json(), slug).toMatchObject({ error: "VALIDATION_ERROR", field: "slug" });
    }
  });
});
