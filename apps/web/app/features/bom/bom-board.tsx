import { useLingui } from "@lingui/react";
import type { PlacementsDto } from "@ems/contracts/assemblies";
import { Minus, Plus, RotateCcw } from "lucide-react";
import { useState, type KeyboardEvent, type WheelEvent } from "react";

import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";

import { boardBounds, footprintSize, toSvg } from "~/lib/board-geometry";
import { BoardBackdrop } from "~/components/board-backdrop";
import { BoardSideToggle } from "~/components/board-side-toggle";

type Side = "top" | "bottom";

const ZOOMS = [1, 1.5, 2, 3, 4, 6] as const;

/**
 * The board beside the BOM, as InteractiveHtmlBom draws it: the outline, the board image behind it
 * when the PCB has one, and every placement as its body turned by its rotation. The selected line's
 * parts are drawn with a thick outline, pulse (unless motion is reduced) and carry their designator,
 * so the highlight does not rest on colour. A part is a button: selecting it selects its line.
 */
export function BomBoard({
  placements,
  side,
  onSideChange,
  highlighted,
  images,
  onPick,
}: {
  placements: PlacementsDto;
  side: Side;
  onSideChange: (side: Side) => void;
  /** The designators of the selected line. */
  highlighted: ReadonlySet<string>;
  /** The PCB's board images, top and bottom, when it has them. */
  images: { top: string | null; bottom: string | null };
  onPick: (designator: string) => void;
}) {
  const { i18n } = useLingui();
  const [zoom, setZoom] = useState(0);
  const [hovered, setHovered] = useState<string | null>(null);
  const bounds = boardBounds(placements);
  if (!bounds) return null;

  const width = bounds.maxX - bounds.minX;
  const height = bounds.maxY - bounds.minY;
  const scale = ZOOMS[zoom]!;
  // Zoomed in on the selected parts when there are some, else on the middle of the board.
  const shown = placements.placements.filter((p) => p.side === side);
  const focus = shown.filter((p) => highlighted.has(p.designator));
  const centre = focus.length
    ? toSvg(
        bounds,
        side,
        focus.reduce((sum, p) => sum + p.x, 0) / focus.length,
        focus.reduce((sum, p) => sum + p.y, 0) / focus.length,
      )
    : { x: width / 2, y: height / 2 };
  const viewW = width / scale;
  const viewH = height / scale;
  const viewX = Math.min(Math.max(centre.x - viewW / 2, 0), width - viewW);
  const viewY = Math.min(Math.max(centre.y - viewH / 2, 0), height - viewH);
  const pad = Math.max(width, height) * 0.02;
  const label = Math.max(Math.min(width, height) / 28, 0.8);
  const image = images[side];

  const zoomBy = (step: number) => setZoom((z) => Math.min(Math.max(z + step, 0), ZOOMS.length - 1));
  const onWheel = (event: WheelEvent<SVGSVGElement>) => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    zoomBy(event.deltaY < 0 ? 1 : -1);
  };
  const onKey = (designator: string) => (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onPick(designator);
    }
  };
  const count = (which: Side) => placements.placements.filter((p) => p.side === which).length;

  return (
    <section aria-labelledby="bom-board-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="bom-board-title" className="text-lg font-semibold">
          {i18n._("bom.board_title")}
        </h2>
        <div className="flex flex-wrap gap-2">
          <BoardSideToggle
            side={side}
            label={i18n._("bom.board_side")}
            sideLabel={(which) => i18n._(`bom.side.${which}`, { count: count(which) })}
            onSideChange={onSideChange}
          />
          <div role="group" aria-label={i18n._("bom.board_zoom")} className="flex gap-1">
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={i18n._("bom.zoom_in")}
              disabled={zoom === ZOOMS.length - 1}
              onClick={() => zoomBy(1)}
            >
              <Plus aria-hidden="true" className="size-4" />
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={i18n._("bom.zoom_out")}
              disabled={zoom === 0}
              onClick={() => zoomBy(-1)}
            >
              <Minus aria-hidden="true" className="size-4" />
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              aria-label={i18n._("bom.zoom_reset")}
              disabled={zoom === 0}
              onClick={() => setZoom(0)}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </div>
      </div>
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        {i18n._(side === "top" ? "bom.board_hint_top" : "bom.board_hint_bottom")}
      </p>
      <div className="relative overflow-hidden rounded-xl border border-neutral-300 bg-neutral-900 dark:border-neutral-700">
        <svg
          role="group"
          aria-label={i18n._("bom.board_label", { side: i18n._(`bom.side_name.${side}`) })}
          data-testid="board"
          data-side={side}
          viewBox={`${viewX - pad} ${viewY - pad} ${viewW + 2 * pad} ${viewH + 2 * pad}`}
          className="block h-auto max-h-[70vh] w-full"
          onWheel={onWheel}
        >
          <BoardBackdrop width={width} height={height} image={image} />
          {shown.map((p) => {
            const at = toSvg(bounds, side, p.x, p.y);
            const size = footprintSize(p.footprint);
            const lit = highlighted.has(p.designator);
            // Seen from below, a part turned counter-clockwise on the board turns clockwise.
            const turn = side === "top" ? -p.rotation : p.rotation;
            return (
              <g
                key={`${p.designator}-${p.side}`}
                role="button"
                tabIndex={0}
                aria-pressed={lit}
                aria-label={p.designator}
                data-designator={p.designator}
                data-highlighted={lit ? "true" : undefined}
                className="cursor-pointer focus-visible:outline-none [&:focus-visible>rect]:stroke-sky-300"
                onClick={() => onPick(p.designator)}
                onKeyDown={onKey(p.designator)}
                onMouseEnter={() => setHovered(p.designator)}
                onMouseLeave={() => setHovered((h) => (h === p.designator ? null : h))}
                onFocus={() => setHovered(p.designator)}
                onBlur={() => setHovered((h) => (h === p.designator ? null : h))}
              >
                <title>{[p.designator, p.value, p.footprint].filter(Boolean).join(" · ")}</title>
                <rect
                  x={at.x - size.w / 2}
                  y={at.y - size.h / 2}
                  width={size.w}
                  height={size.h}
                  transform={`rotate(${turn} ${at.x} ${at.y})`}
                  className={cn(
                    lit
                      ? "fill-amber-300 stroke-white motion-safe:animate-pulse"
                      : "fill-neutral-300/70 stroke-neutral-900",
                  )}
                  strokeWidth={lit ? size.h * 0.35 : size.h * 0.08}
                />
                {lit || hovered === p.designator ? (
                  <text
                    x={at.x}
                    y={at.y - size.h / 2 - label * 0.4}
                    textAnchor="middle"
                    fontSize={label}
                    className="pointer-events-none fill-white font-semibold"
                    stroke="black"
                    strokeWidth={label * 0.15}
                    paintOrder="stroke"
                  >
                    {p.designator}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      </div>
    </section>
  );
}
