import { parse } from "yaml";

import { ContentError } from "./markdown.ts";

/** Splits a Markdown file into its YAML frontmatter and body. */
export function splitFrontmatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) throw new ContentError(`${file}: the frontmatter (--- … ---) is missing`);
  try {
    return { data: parse(match[1]!) as unknown, body: source.slice(match[0].length) };
  } catch (error) {
    throw new ContentError(`${file}: the frontmatter is not valid YAML (${(error as Error).message})`);
  }
}
