import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

/** A fresh module each time: catalogs are cached per process, and CONTENT_DIR is read on first load. */
async function freshCatalogs() {
  vi.resetModules();
  return import("./message-catalogs.ts");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the server's message catalogues", () => {
  it("read the repository's content by default and format with the regional tag", async () => {
    const { formatMessage, hasMessage, messageCatalog } = await freshCatalogs();
    expect(Object.keys(messageCatalog("emails", "de")).length).toBeGreaterThan(10);
    expect(hasMessage("documents", "en", "no.such.key")).toBe(false);
    expect(() => formatMessage("emails", "en", "no.such.key")).toThrow(/Missing emails text "no.such.key"/);
  });

  it("read another content folder when CONTENT_DIR names one", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "content-"));
    try {
      mkdirSync(path.join(root, "locales", "pt"), { recursive: true });
      writeFileSync(
        path.join(root, "locales", "pt", "documents.json"),
        JSON.stringify({ "lines.count": "{count, number} linhas" }),
      );
      vi.stubEnv("CONTENT_DIR", root);
      const { formatMessage } = await freshCatalogs();
      // Portugal groups thousands with a space, Brazil with a dot.
      expect(formatMessage("documents", "pt", "lines.count", { count: 12500 })).toBe(
        `${new Intl.NumberFormat("pt-PT").format(12500)} linhas`,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
