import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";

import { buildResponsiveImages } from "./responsive-images";

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe("buildResponsiveImages", () => {
  it("writes WebP files in the configured widths up to the source width, and skips them when up to date", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "images-"));
    dirs.push(dir);
    const source = path.join(dir, "src");
    const out = path.join(dir, "out");
    await (await import("node:fs/promises")).mkdir(source);
    await sharp({ create: { width: 1100, height: 550, channels: 3, background: "#1a7f3c" } })
      .png()
      .toFile(path.join(source, "SMT Line.png"));

    const written = await buildResponsiveImages(source, out);
    expect((await readdir(out)).sort()).toEqual([
      "smt-line-1024.webp",
      "smt-line-320.webp",
      "smt-line-640.webp",
      "smt-line-768.webp",
    ]);
    expect(written).toHaveLength(4);
    const meta = await sharp(path.join(out, "smt-line-640.webp")).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 640, height: 320 });

    expect(await buildResponsiveImages(source, out)).toEqual([]);
  });

  it("does nothing without a source folder", async () => {
    expect(await buildResponsiveImages("/nonexistent/images", "/tmp/never")).toEqual([]);
  });
});
