import { useLingui } from "@lingui/react";
import type { BoardSide, QueryPoint } from "@ems/contracts/engineering-queries";
import { Maximize2, ZoomIn } from "lucide-react";
import { useState, type MouseEvent } from "react";

import { footprintSize, toSvg } from "~/lib/board-geometry";
import { cn } from "~/lib/cn";
import {
  boardPointAt,
  fitView,
  highlightedParts,
  svgPointAt,
  type QueryBoardSource,
} from "~/lib/query-board";

import { BoardBackdrop } from "./board-backdrop";
import { BoardSideToggle } from "./board-side-toggle";
import { Button } from "./ui/button";

/**
 * The board with one query's pins, as the BOM page draws it: the outline, the board image behind it
 * when the PCB has one, every placement of the side as its body, and a ring with the designator at
 * each part the query pins (the highlight does not rest on colour), a numbered pin at each point.
 * It opens zoomed to the pins; "Whole board" shows all of it. The pins are listed as text beside it.
 * The customer's sheet shows a query's pins on it; the back office's raise form passes `onPlace`: the
 * whole board is shown and a click drops a pin on the side shown (the form lists the pins as text and
 * has fields to type them, since a click is no keyboard's way).
 */
export function QueryBoard({
  board,
  designators,
  points,
  side,
  onSideChange,
  onPlace,
  name,
}: {
  board: QueryBoardSource;
  designators: readonly string[];
  points: readonly QueryPoint[];
  side: BoardSide;
  onSideChange: (side: BoardSide) => void;
  /** Called with the point of the board clicked (none: the board only shows the pins). */
  onPlace?: (point: QueryPoint) => void;
  /** The drawing's name, when it says more than "the board with the pinned parts". */
  name?: string;
}) {
  const { i18n } = useLingui();
  const [whole, setWhole] = useState(false);
  const { bounds } = board;
  const width = bounds.maxX - bounds.minX;
  const height = bounds.maxY - bounds.minY;
  const lit = highlightedParts(designators, board.parts);
  const litKeys = new Set(lit.map((part) => `${part.designator}-${part.side}-${part.x}-${part.y}`));
  const shown = board.parts.filter((part) => part.side === side);
  const pins = points.map((point, index) => ({ point, index })).filter(({ point }) => point.side === side);
  const focus = fitView(bounds, side, lit, points);
  const view = whole || onPlace ? { x: 0, y: 0, w: width, h: height } : focus;
  const zoomed = view.w < width || view.h < height;
  const pad = Math.max(view.w, view.h) * 0.03;
  const scale = Math.max(view.w, view.h);
  const label = Math.max(scale / 30, 0.6);
  const image = board.images[side];
  const count = (which: BoardSide) =>
    lit.filter((part) => part.side === which).length + points.filter((point) => point.side === which).length;
  const shownBox = { x: view.x - pad, y: view.y - pad, w: view.w + 2 * pad, h: view.h + 2 * pad };
  const place = (event: MouseEvent<SVGSVGElement>) => {
    if (!onPlace) return;
    const spot = svgPointAt(
      { x: event.clientX, y: event.clientY },
      event.currentTarget.getBoundingClientRect(),
      shownBox,
    );
    const point = spot ? boardPointAt(bounds, side, spot) : null;
    if (point) onPlace(point);
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <BoardSideToggle
          side={side}
          label={i18n._("eq.board_side")}
          sideLabel={(which) => i18n._("eq.side", { side: which, count: count(which) })}
          onSideChange={onSideChange}
        />
        {onPlace ? null : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-pressed={whole}
            disabled={!whole && !zoomed}
            onClick={() => setWhole(!whole)}
          >
            {whole ? (
              <ZoomIn aria-hidden="true" className="size-4" />
            ) : (
              <Maximize2 aria-hidden="true" className="size-4" />
            )}
            {i18n._(whole ? "eq.board_zoom_pins" : "eq.board_whole")}
          </Button>
        )}
      </div>
      <div className="overflow-hidden rounded-xl border border-neutral-300 bg-neutral-900 dark:border-neutral-700">
        <svg
          role="img"
          aria-label={name ?? i18n._("eq.board_label", { side })}
          data-testid="query-board"
          data-side={side}
          viewBox={`${shownBox.x} ${shownBox.y} ${shownBox.w} ${shownBox.h}`}
          className={cn("block h-auto max-h-96 w-full", onPlace && "cursor-crosshair")}
          onClick={onPlace ? place : undefined}
        >
          <BoardBackdrop width={width} height={height} image={image} />
          {shown.map((part, index) => {
            const at = toSvg(bounds, side, part.x, part.y);
            const size = footprintSize(part.footprint);
            const on = litKeys.has(`${part.designator}-${part.side}-${part.x}-${part.y}`);
            const turn = side === "top" ? -part.rotation : part.rotation;
            const ring = Math.max(size.w, size.h) * 0.9 + scale * 0.01;
            return (
              <g
                key={`${part.designator}-${index}`}
                data-designator={part.designator}
                data-highlighted={on ? "true" : undefined}
              >
                <rect
                  x={at.x - size.w / 2}
                  y={at.y - size.h / 2}
                  width={size.w}
                  height={size.h}
                  transform={`rotate(${turn} ${at.x} ${at.y})`}
                  className={cn(
                    on ? "fill-amber-300 stroke-white" : "fill-neutral-300/60 stroke-neutral-900",
                  )}
                  strokeWidth={size.h * (on ? 0.2 : 0.08)}
                />
                {on ? (
                  <>
                    <circle
                      cx={at.x}
                      cy={at.y}
                      r={ring}
                      fill="none"
                      className="stroke-amber-300 motion-safe:animate-pulse"
                      strokeWidth={scale * 0.008}
                    />
                    <text
                      x={at.x}
                      y={at.y - ring - label * 0.3}
                      textAnchor="middle"
                      fontSize={label}
                      className="pointer-events-none fill-white font-semibold"
                      stroke="black"
                      strokeWidth={label * 0.15}
                      paintOrder="stroke"
                    >
                      {part.designator}
                    </text>
                  </>
                ) : null}
              </g>
            );
          })}
          {pins.map(({ point, index }) => {
            const at = toSvg(bounds, side, point.x_mm, point.y_mm);
            const r = scale * 0.018;
            return (
              <g key={`point-${index}`} data-point={index + 1}>
                <line
                  x1={at.x}
                  y1={at.y}
                  x2={at.x}
                  y2={at.y - r * 2.5}
                  className="stroke-white"
                  strokeWidth={r * 0.35}
                />
                <circle
                  cx={at.x}
                  cy={at.y - r * 2.5}
                  r={r}
                  className="fill-red-600 stroke-white"
                  strokeWidth={r * 0.25}
                />
                <text
                  x={at.x}
                  y={at.y - r * 2.5 + r * 0.45}
                  textAnchor="middle"
                  fontSize={r * 1.2}
                  className="pointer-events-none fill-white font-bold"
                >
                  {index + 1}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
    </div>
  );
}
