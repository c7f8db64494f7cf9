import { afterAll, describe, expect, it } from "vitest";

import { checklistSections, KnowledgeBase } from "./knowledge-base.ts";
import { ContentError } from "./markdown.ts";
import { createTestContent } from "./testing.ts";

const content = createTestContent([
  {
    locale: "en",
    id: "fiducial-marks",
    title: "Fiducial marks on PCBs",
    related: ["pcb-panelization"],
    body: "Fiducials help placement.\n\n## Size\n\n- 1 mm copper dot\n- 2 mm clearance\n\nSee [panels](kb:pcb-panelization) and [contact](page:contact).\n",
  },
  {
    locale: "en",
    id: "pcb-panelization",
    title: "Panelization of printed circuit boards",
    body: "Panels and breakaway tabs.",
  },
  { locale: "en", id: "esd-handling", category: "assembly", title: "ESD handling in production" },
  { locale: "en", id: "secret-draft", title: "An unpublished draft", draft: true },
  {
    locale: "de",
    id: "fiducial-marks",
    slug: "passermarken",
    title: "Passermarken auf Leiterplatten",
    body: "Passermarken helfen beim Bestücken von Leiterplatten.\n\nSiehe [Nutzen](kb:pcb-panelization).\n",
  },
  { locale: "de", id: "pcb-panelization", slug: "nutzen", title: "Nutzenaufbau von Leiterplatten" },
]);
afterAll(() => content.remove());
const kb = new KnowledgeBase(content.root);

describe("KnowledgeBase", () => {
  it("lists categories with translated slugs and paths", () => {
    const design = kb.category("de", "design")!;
    expect(design).toMatchObject({
      slug: "leiterplattendesign",
      path: "/de/wissensdatenbank/leiterplattendesign",
    });
    expect(kb.category("en", "design")!.path).toBe("/knowledge-base/pcb-design");
    expect(kb.categories("fi").map((c) => c.id)).toEqual([
      "design",
      "compliance",
      "assembly",
      "components",
      "projects",
    ]);
  });

  it("builds article paths from category and article slugs per language", () => {
    expect(kb.meta("en", "fiducial-marks")!.path).toBe("/knowledge-base/pcb-design/fiducial-marks");
    expect(kb.meta("de", "fiducial-marks")!.path).toBe(
      "/de/wissensdatenbank/leiterplattendesign/passermarken",
    );
  });

  it("finds an article by slug only in its own category when one is given", () => {
    expect(kb.findBySlug("de", "passermarken", { category: "design" })?.id).toBe("fiducial-marks");
    expect(kb.findBySlug("de", "passermarken", { category: "assembly" })).toBeNull();
    expect(kb.findBySlug("de", "no-such-article", { category: "design" })).toBeNull();
  });

  it("renders links in the article's language", () => {
    const german = kb.findBySlug("de", "passermarken")!;
    expect(german.html).toContain('href="/de/wissensdatenbank/leiterplattendesign/nutzen"');
    const english = kb.article("en", "fiducial-marks")!;
    expect(english.html).toContain('href="/contact"');
    expect(english.headings).toEqual([{ id: "size", text: "Size", depth: 2 }]);
  });

  it("hides drafts unless asked to include them (preview)", () => {
    expect(kb.articles("en").map((a) => a.id)).not.toContain("secret-draft");
    expect(kb.article("en", "secret-draft")).toBeNull();
    expect(kb.findBySlug("en", "secret-draft")).toBeNull();
    expect(kb.articles("en", { includeDrafts: true }).map((a) => a.id)).toContain("secret-draft");
    expect(kb.findBySlug("en", "secret-draft", { includeDrafts: true })?.draft).toBe(true);
    expect(kb.search("en", "unpublished")).toEqual([]);
    expect(kb.search("en", "unpublished", { includeDrafts: true }).map((a) => a.id)).toEqual([
      "secret-draft",
    ]);
  });

  it("filters by category and orders by category, then title", () => {
    expect(kb.articles("en", { category: "assembly" }).map((a) => a.id)).toEqual(["esd-handling"]);
    expect(kb.articles("en").map((a) => a.id)).toEqual([
      "fiducial-marks",
      "pcb-panelization",
      "esd-handling",
    ]);
  });

  it("names related articles first, then others of the category, never itself or drafts", () => {
    const related = kb.related(kb.meta("en", "fiducial-marks")!).map((a) => a.id);
    expect(related).toEqual(["pcb-panelization"]);
  });

  it("searches with the language's stemmer, ranking title matches first", () => {
    // "panel" finds "Panelization" and "Panels" in the body; German plural finds the singular.
    expect(kb.search("en", "panels").map((a) => a.id)[0]).toBe("pcb-panelization");
    expect(kb.search("de", "Leiterplatte").map((a) => a.id)).toEqual(
      expect.arrayContaining(["fiducial-marks", "pcb-panelization"]),
    );
    expect(kb.search("de", "Passermarke").map((a) => a.id)).toEqual(["fiducial-marks"]);
    expect(kb.search("en", "fiducial copper").map((a) => a.id)).toEqual(["fiducial-marks"]);
    expect(kb.search("en", "zzzz")).toEqual([]);
    expect(kb.search("en", "   ")).toEqual([]);
  });

  it("extracts checklist items under their section headings", () => {
    expect(checklistSections(kb, "en", "fiducial-marks")).toEqual([
      { title: "Size", items: ["1 mm copper dot", "2 mm clearance"] },
    ]);
  });

  it("refuses broken content: unknown category, duplicate slug, bad frontmatter", () => {
    const cases = [
      [{ locale: "en", id: "a", category: "cooking" }],
      [
        { locale: "en", id: "a", slug: "same" },
        { locale: "en", id: "b", slug: "same" },
      ],
      [{ locale: "en", id: "a", slug: "Not A Slug" }],
    ];
    for (const articles of cases) {
      const broken = createTestContent(articles);
      try {
        expect(() => new KnowledgeBase(broken.root)).toThrow(ContentError);
      } finally {
        broken.remove();
      }
    }
  });
});
