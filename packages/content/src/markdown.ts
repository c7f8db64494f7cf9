import { Marked, type Tokens } from "marked";

import { slugify } from "./slugify.ts";

export interface Heading {
  id: string;
  text: string;
  depth: number;
}

export interface RenderedMarkdown {
  html: string;
  headings: Heading[];
  /** The visible text, for search and word counts. */
  text: string;
}

export interface RenderOptions {
  /** Placeholder values ({brand}, {days}…); an unknown placeholder is an error. */
  values: Record<string, string>;
  /** Resolves `page:<key>` and `kb:<id>` links (anchor excluded) to a path; null when unknown. */
  resolveLink: (scheme: "page" | "kb", target: string) => string | null;
  /** The intrinsic size of an image under /images/, so the page keeps its layout while it loads. */
  imageSize?: (src: string) => { width: number; height: number } | null;
}

export class ContentError extends Error {}

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** Fills {placeholders}; names that the values do not know are errors, never printed as they are. */
export function fillPlaceholders(source: string, values: Record<string, string>): string {
  return source.replace(PLACEHOLDER, (match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new ContentError(`Unknown placeholder ${match}`);
    return value;
  });
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/**
 * The text of an HTML fragment with its entities decoded. Tags become `separator`: a space where
 * they may part words (blocks), nothing where they sit inside a word (`<strong>BGA</strong>s`).
 */
export function stripTags(html: string, separator = " "): string {
  return html
    .replace(/<[^>]+>/g, separator)
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

/**
 * Renders a Markdown body of the site: GFM with heading anchors, internal links resolved to the
 * page's language, tables in a focusable scroll region (narrow screens), images with their size,
 * and raw HTML escaped (content is text, never markup).
 */
export function renderMarkdown(source: string, options: RenderOptions): RenderedMarkdown {
  const headings: Heading[] = [];
  const usedIds = new Map<string, number>();
  let lastHeadingId: string | null = null;
  const marked = new Marked({ gfm: true, async: false });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const text = stripTags(inner).replace(/\s+/g, " ").trim();
        const base = slugify(text) || "section";
        const seen = usedIds.get(base) ?? 0;
        usedIds.set(base, seen + 1);
        const id = seen === 0 ? base : `${base}-${seen + 1}`;
        if (token.depth >= 2 && token.depth <= 3) headings.push({ id, text, depth: token.depth });
        lastHeadingId = id;
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
      link(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Link) {
        const inner = this.parser.parseInline(token.tokens);
        const match = /^(page|kb):([a-z0-9-]+)(#[a-z0-9-]+)?$/.exec(token.href);
        if (match) {
          const [, scheme, target, anchor] = match;
          const path = options.resolveLink(scheme as "page" | "kb", target!);
          if (path === null) throw new ContentError(`Unknown link target ${token.href}`);
          return `<a href="${escapeHtml(path + (anchor ?? ""))}">${inner}</a>`;
        }
        if (/^https:\/\//.test(token.href)) {
          return `<a href="${escapeHtml(token.href)}" rel="noopener noreferrer external">${inner}</a>`;
        }
        if (/^#[a-z0-9-]+$/.test(token.href)) return `<a href="${token.href}">${inner}</a>`;
        if (/^(mailto:[^\s@]+@[^\s@]+|tel:\+?[0-9 ]+)$/.test(token.href))
          return `<a href="${escapeHtml(token.href.replace(/ /g, ""))}">${inner}</a>`;
        throw new ContentError(
          `Links must be page:, kb:, #anchor, https://, mailto: or tel: (found ${token.href})`,
        );
      },
      image(token: Tokens.Image) {
        if (!/^\/images\/[a-z0-9/-]+\.(svg|webp|png)$/.test(token.href))
          throw new ContentError(`Images must be under /images/ (found ${token.href})`);
        const size = options.imageSize?.(token.href);
        if (options.imageSize && !size) throw new ContentError(`Missing image ${token.href}`);
        const dimensions = size ? ` width="${size.width}" height="${size.height}"` : "";
        return `<img src="${escapeHtml(token.href)}" alt="${escapeHtml(token.text)}"${dimensions} loading="lazy" decoding="async">`;
      },
      html(token: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(token.text);
      },
      table(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Table) {
        const cell = (c: Tokens.TableCell, tag: "th" | "td") => {
          const align = c.align ? ` class="text-${c.align}"` : "";
          const scope = tag === "th" ? ' scope="col"' : "";
          return `<${tag}${scope}${align}>${this.parser.parseInline(c.tokens)}</${tag}>`;
        };
        const head = `<tr>${token.header.map((c) => cell(c, "th")).join("")}</tr>`;
        const body = token.rows.map((row) => `<tr>${row.map((c) => cell(c, "td")).join("")}</tr>`).join("\n");
        const label = lastHeadingId ? ` aria-labelledby="${lastHeadingId}"` : "";
        return `<div class="table-scroll" role="region" tabindex="0"${label}><table>\n<thead>${head}</thead>\n<tbody>${body}</tbody></table></div>\n`;
      },
    },
  });
  const filled = fillPlaceholders(source, options.values);
  let html: string;
  try {
    html = marked.parse(filled) as string;
  } catch (error) {
    // marked appends a request to report the error to its authors; ours are content errors.
    if (error instanceof ContentError)
      error.message = error.message.replace(/\s*Please report this[\s\S]*$/, "");
    throw error;
  }
  return { html, headings, text: stripTags(html).replace(/\s+/g, " ").trim() };
}

/** Words as `wc -w` counts them (runs of non-space). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
