import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CompressedPages, preferredEncoding } from "./compressed-pages.ts";

describe("preferredEncoding", () => {
  it("prefers Brotli, falls back to gzip, and honours q-values and wildcards", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("identity")).toBeUndefined();
    expect(preferredEncoding("gzip;q=0, br;q=0")).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding("")).toBeUndefined();
  });
});

describe("CompressedPages", () => {
  const html = Buffer.from("<!DOCTYPE html><p>Bestückung – Leiterplatten</p>".repeat(200));

  it("compresses each page once per encoding and decodes back to the same bytes", () => {
    const pages = new CompressedPages();
    const br = pages.get("/de", html, "br");
    const gzip = pages.get("/de", html, "gzip");
    expect(brotliDecompressSync(br).equals(html)).toBe(true);
    expect(gunzipSync(gzip).equals(html)).toBe(true);
    expect(br.length).toBeLessThan(html.length / 10);
    expect(pages.get("/de", html, "br")).toBe(br);
    expect(pages.get("/en", Buffer.from("other"), "br")).not.toBe(br);
  });
});
