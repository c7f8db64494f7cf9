/**
 * Images (docs/behaviour/data.md#images): webp at quality 80, densities 1 and 2, widths xs 320 … 2xl 1536. The files are
 * made at build time by scripts/responsive-images.ts as `<name>-<width>.webp` (never wider than the
 * source); these constants describe what the Picture component may ask for.
 */
export const IMAGE_FORMAT = "webp";
export const IMAGE_QUALITY = 80;
export const IMAGE_DENSITIES = [1, 2] as const;
export const IMAGE_WIDTHS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, "2xl": 1536 } as const;
export const IMAGE_WIDTH_LIST: readonly number[] = Object.values(IMAGE_WIDTHS);

/** The URL of one generated variant: `${base}-${width}.webp`. */
export function imageVariantUrl(base: string, width: number): string {
  return `${base}-${width}.${IMAGE_FORMAT}`;
}

/** The generated widths for a source of `sourceWidth` px (at least the smallest one). */
export function availableWidths(sourceWidth: number = IMAGE_WIDTHS["2xl"]): number[] {
  const widths = IMAGE_WIDTH_LIST.filter((width) => width <= sourceWidth);
  return widths.length > 0 ? widths : [IMAGE_WIDTHS.xs];
}

/** The smallest available variant at least `minWidth` wide, else the largest one. */
export function variantFor(minWidth: number, sourceWidth?: number): number {
  const widths = availableWidths(sourceWidth);
  return widths.find((width) => width >= minWidth) ?? widths[widths.length - 1]!;
}

/** Width descriptors for fluid images (the browser picks with `sizes` and its pixel density). */
export function widthSrcSet(base: string, sourceWidth?: number): string {
  return availableWidths(sourceWidth)
    .map((width) => `${imageVariantUrl(base, width)} ${width}w`)
    .join(", ");
}

/** Density descriptors (1x, 2x) for an image shown at a fixed CSS width. */
export function densitySrcSet(base: string, displayWidth: number, sourceWidth?: number): string {
  const seen = new Set<number>();
  const parts: string[] = [];
  for (const density of IMAGE_DENSITIES) {
    const width = variantFor(displayWidth * density, sourceWidth);
    if (seen.has(width)) continue;
    seen.add(width);
    parts.push(`${imageVariantUrl(base, width)} ${density}x`);
  }
  return parts.join(", ");
}
