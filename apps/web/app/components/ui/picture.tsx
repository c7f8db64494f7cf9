import type { ComponentProps } from "react";

import { densitySrcSet, imageVariantUrl, variantFor, widthSrcSet } from "~/lib/images";

type ImgProps = Omit<ComponentProps<"img">, "src" | "srcSet" | "width" | "height" | "alt">;

export interface PictureProps extends ImgProps {
  /** Path without width and extension: "/images/factory" for /images/factory-640.webp etc. */
  base: string;
  alt: string;
  /** Intrinsic size (or aspect ratio) of the image, so the browser reserves the space (no CLS). */
  width: number;
  height: number;
  /**
   * How wide the image is shown, for the browser's choice among the widths (default: full width).
   * Ignored when `fixed` is set.
   */
  sizes?: string;
  /** Shown at exactly `width` CSS px: lists 1x and 2x variants instead of width descriptors. */
  fixed?: boolean;
  /** Width of the source raster, so no variant wider than it is requested (default 1536). */
  sourceWidth?: number;
  /** The largest image above the fold: load eagerly with high priority instead of lazily. */
  priority?: boolean;
}

/**
 * Raster images (docs/behaviour/data.md#images): the WebP variants made at build time, in widths 320 … 1536 for
 * densities 1 and 2, lazy by default, with width and height so the layout never jumps.
 */
export function Picture({
  base,
  alt,
  width,
  height,
  sizes = "100vw",
  fixed = false,
  sourceWidth,
  priority = false,
  loading,
  decoding = "async",
  ...props
}: PictureProps) {
  return (
    <img
      src={imageVariantUrl(base, variantFor(width, sourceWidth))}
      srcSet={fixed ? densitySrcSet(base, width, sourceWidth) : widthSrcSet(base, sourceWidth)}
      sizes={fixed ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      loading={loading ?? (priority ? "eager" : "lazy")}
      fetchPriority={priority ? "high" : undefined}
      decoding={decoding}
      {...props}
    />
  );
}
