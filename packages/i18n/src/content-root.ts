import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The repository's `content/` folder (Markdown pages, knowledge base, glossary) and the web app's
 * public folder (diagrams). CONTENT_DIR overrides it; otherwise it is found upwards from this file,
 * which works from the sources and from the web app's server build alike.
 */
export function contentRoot(): string {
  const fromEnv = process.env.CONTENT_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "content", "knowledge-base");
    if (existsSync(candidate)) return path.join(dir, "content");
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("The content folder was not found; set CONTENT_DIR.");
    dir = parent;
  }
}

/**
 * Where `/images/...` of the content lives: the web app's public folder, found upwards from this
 * file like the content (it ships with the code, wherever CONTENT_DIR points).
 */
export function publicRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "apps", "web", "public");
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("The web app's public folder was not found.");
    dir = parent;
  }
}
