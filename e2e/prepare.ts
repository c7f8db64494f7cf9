import { execSync } from "node:child_process";
import { cpSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { E2E_CONTENT_DIR, E2E_DATA_DIR, E2E_DRAFT } from "./support/settings.ts";

/**
 * Runs before `playwright test`: a fresh database for the journeys (the server seeds it on start),
 * and the production build unless the caller just made it (CI sets E2E_SKIP_BUILD=1).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
rmSync(path.join(root, E2E_DATA_DIR), { recursive: true, force: true });
if (!process.env.E2E_SKIP_BUILD) execSync("npm run build --silent", { cwd: root, stdio: "inherit" });

// The server reads its content from a copy with one draft article more, so the preview journey can
// prove that drafts stay hidden without the token and show with it.
const content = path.join(root, E2E_CONTENT_DIR);
rmSync(content, { recursive: true, force: true });
cpSync(path.join(root, "content"), content, { recursive: true });
writeFileSync(
  path.join(content, "knowledge-base", "en", `${E2E_DRAFT.slug}.md`),
  [
    "---",
    `title: "${E2E_DRAFT.title}"`,
    'description: "An article that editors are still writing: visible in preview mode only, never in lists, search or sitemaps."',
    `slug: ${E2E_DRAFT.slug}`,
    "category: assembly",
    "updated: 2026-11-26",
    "related: [smt-assembly-process]",
    "draft: true",
    "---",
    "",
    "This draft explains selective conformal coating masks in detail.",
    "",
    "## Why masks matter",
    "",
    "Connectors and test points must stay free of coating.",
    "",
  ].join("\n"),
);
