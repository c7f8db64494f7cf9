import { describe, expect, it } from "vitest";

import { ContentError, countWords, fillPlaceholders, renderMarkdown } from "./markdown.ts";

const links = (scheme: "page" | "kb", target: string) =>
  scheme === "page" && target === "contact"
    ? "/de/kontakt"
    : scheme === "kb" && target === "fiducial-marks"
      ? "/de/wissensdatenbank/leiterplattendesign/passermarken"
      : null;
const render = (source: string) =>
  renderMarkdown(source, { values: { brand: "Lindqvar", days: "10" }, resolveLink: links });

describe("renderMarkdown", () => {
  it("fills placeholders and refuses unknown ones", () => {
    expect(render("{brand} delivers in {days} days.").html).toBe("<p>Lindqvar delivers in 10 days.</p>\n");
    expect(() => render("Call {ceo}.")).toThrow(ContentError);
    expect(() => fillPlaceholders("{}", {})).toThrow("Unknown placeholder {}");
  });

  it("resolves page: and kb: links to the language's paths, with anchors", () => {
    const { html } = render("[Contact](page:contact#form) and [fiducials](kb:fiducial-marks).");
    expect(html).toContain('<a href="/de/kontakt#form">Contact</a>');
    expect(html).toContain('<a href="/de/wissensdatenbank/leiterplattendesign/passermarken">fiducials</a>');
  });

  it("refuses links that resolve nowhere and hand-written site paths", () => {
    expect(() => render("[x](kb:no-such-article)")).toThrow("Unknown link target kb:no-such-article");
    expect(() => render("[x](/de/kontakt)")).toThrow(ContentError);
    expect(() => render("[x](javascript:alert(1))")).toThrow(ContentError);
    // The message is ours alone, without marked's request to report a bug.
    expect(() => render("[x](kb:nope)")).not.toThrow(/Please report/);
  });

  it("marks external links and keeps mailto and tel", () => {
    const { html } = render("[IPC](https://www.ipc.org) [mail](mailto:a@b.example) [call](tel:+499510)");
    expect(html).toContain('href="https://www.ipc.org" rel="noopener noreferrer external"');
    expect(html).toContain('href="mailto:a@b.example"');
    expect(html).toContain('href="tel:+499510"');
  });

  it("gives headings unique anchors and lists the second and third levels", () => {
    const result = render("## Lötstopplack & Pads\n\ntext\n\n## Lötstopplack & Pads\n\n### Détails\n");
    expect(result.headings).toEqual([
      { id: "loetstopplack-pads", text: "Lötstopplack & Pads", depth: 2 },
      { id: "loetstopplack-pads-2", text: "Lötstopplack & Pads", depth: 2 },
      { id: "details", text: "Détails", depth: 3 },
    ]);
    expect(result.html).toContain('<h2 id="loetstopplack-pads-2">');
  });

  it("escapes raw HTML instead of rendering it", () => {
    const { html } = render('Text <script>alert("x")</script> and <img src=x onerror=alert(1)>');
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
  });

  it("puts tables in a focusable region named by the heading above", () => {
    const { html } = render("## Sizes\n\n| Part | Size |\n|---|---:|\n| 0402 | 1.0 mm |\n");
    expect(html).toContain('<div class="table-scroll" role="region" tabindex="0" aria-labelledby="sizes">');
    expect(html).toContain('<th scope="col">Part</th>');
    expect(html).toContain('<td class="text-right">1.0 mm</td>');
  });

  it("gives images their size and refuses images from elsewhere", () => {
    const withSize = renderMarkdown("![Panel](/images/content/panel.svg)", {
      values: {},
      resolveLink: links,
      imageSize: (src) => (src === "/images/content/panel.svg" ? { width: 640, height: 360 } : null),
    });
    expect(withSize.html).toContain('alt="Panel" width="640" height="360" loading="lazy"');
    expect(() => render("![x](https://cdn.example/x.png)")).toThrow(ContentError);
  });

  it("counts words as wc -w does", () => {
    expect(countWords("  one two\nthree\t four ")).toBe(4);
  });
});
