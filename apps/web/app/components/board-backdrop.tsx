import { useState } from "react";

/**
 * The bare board under the parts of the BOM and engineering-query views, in board units: the outline
 * in board colours and, over it, the rendered picture of the side shown. A picture that fails to load
 * stays hidden (the outline remains), also after switching sides and back.
 */
export function BoardBackdrop({
  width,
  height,
  image,
}: {
  width: number;
  height: number;
  image?: string | null;
}) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  return (
    <>
      <rect
        x={0}
        y={0}
        width={width}
        height={height}
        rx={Math.min(width, height) * 0.01}
        className="fill-emerald-900 stroke-amber-200"
        strokeWidth={Math.max(width, height) * 0.003}
      />
      {image && !failed.has(image) ? (
        <image
          href={image}
          x={0}
          y={0}
          width={width}
          height={height}
          preserveAspectRatio="none"
          opacity={0.85}
          onError={() => setFailed((urls) => new Set(urls).add(image))}
        />
      ) : null}
    </>
  );
}
