import { mkdir, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

/**
 * Images (docs/behaviour/data.md#images): raster sources in apps/web/images become WebP at quality 80 in the widths
 * 320/640/768/1024/1280/1536 (never wider than the source), written to public/images as
 * <name>-<width>.webp, which the Picture component lists in srcset for densities 1 and 2.
 * Up-to-date outputs are skipped, so the build stays fast.
 */
export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;
export const IMAGE_QUALITY = 80;

export async function buildResponsiveImages(sourceDir: string, outDir: string): Promise<string[]> {
  let files: string[];
  try {
    files = (await readdir(sourceDir)).filter((f) => /\.(png|jpe?g|webp|tiff?)$/i.test(f));
  } catch {
    return [];
  }
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const file of files) {
    const source = path.join(sourceDir, file);
    const name = path
      .parse(file)
      .name.toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-");
    const { width = 0 } = await sharp(source).metadata();
    const sourceTime = (await stat(source)).mtimeMs;
    const widths = IMAGE_WIDTHS.filter((w) => w <= width);
    // A source narrower than the smallest width still gets one file at its own width.
    if (widths.length === 0 && width > 0) widths.push(IMAGE_WIDTHS[0]);
    for (const target of widths) {
      const output = path.join(outDir, `${name}-${target}.webp`);
      const current = await stat(output).catch(() => null);
      if (current && current.mtimeMs >= sourceTime) continue;
      await sharp(source)
        .resize({ width: Math.min(target, width), withoutEnlargement: true })
        .webp({ quality: IMAGE_QUALITY })
        .toFile(output);
      written.push(output);
    }
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const written = await buildResponsiveImages(path.join(web, "images"), path.join(web, "public", "images"));
  if (written.length > 0) console.log(`Responsive images: ${written.length} WebP files written.`);
}
