import { useLingui } from "@lingui/react";
import { QUERY_LIMITS, type BoardSide, type QueryPoint } from "@ems/contracts/engineering-queries";
import { formatNumber } from "@ems/i18n/format";
import type { Locale } from "@ems/i18n/locales";
import { MapPinPlus, X } from "lucide-react";
import { useId, useState, type KeyboardEvent } from "react";

import { QueryBoard } from "~/components/query-board";
import { Button } from "~/components/ui/button";
import { inputClassName } from "~/components/ui/input";
import {
  POINT_LIMIT_MM,
  typedPoint,
  withPoint,
  type PointRefusal,
  type QueryBoardSource,
} from "~/lib/query-board";

import { mutedClass } from "./staff-ui";

const errorClass = "text-sm font-medium text-red-700 dark:text-red-400";

/**
 * The points on the board a query is pinned to (the only location a PCB version has): the version's
 * board as the customer will see it, where a click drops a numbered pin on the side shown, and fields
 * to type a point's side and position, for the keyboard and for a version without a board to draw.
 * The pins are listed as text, each removable, up to QUERY_LIMITS.pointsMax; they are posted as the
 * form's `location.points`.
 */
export function RaisePoints({
  board,
  name,
  error,
  locale,
}: {
  board: QueryBoardSource | null;
  /** The form's name for the points (`location.points`). */
  name: string;
  /** The API's refusal of a point. */
  error?: string;
  locale: Locale;
}) {
  const { i18n } = useLingui();
  const ids = useId();
  const [points, setPoints] = useState<readonly QueryPoint[]>([]);
  const [side, setSide] = useState<BoardSide>("top");
  const [typedX, setTypedX] = useState("");
  const [typedY, setTypedY] = useState("");
  const [refused, setRefused] = useState<PointRefusal | null>(null);
  const full = points.length >= QUERY_LIMITS.pointsMax;
  const mm = (value: number) => formatNumber(value, locale);

  const add = (point: QueryPoint) => {
    const next = withPoint(points, point);
    if (next) setPoints(next);
    return next !== null;
  };
  const addTyped = () => {
    const typed = typedPoint(side, typedX, typedY, board?.bounds ?? null);
    if ("refused" in typed) {
      setRefused(typed.refused);
      return;
    }
    setRefused(null);
    if (add(typed.point)) {
      setTypedX("");
      setTypedY("");
    }
  };
  // Enter in a coordinate adds the point rather than raising the query half-written.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    addTyped();
  };
  const refusal =
    refused === "number"
      ? i18n._("staff_eq.point_error_number", { limit: mm(POINT_LIMIT_MM) })
      : refused === "outside" && board
        ? i18n._("staff_eq.point_error_outside", {
            minX: mm(board.bounds.minX),
            maxX: mm(board.bounds.maxX),
            minY: mm(board.bounds.minY),
            maxY: mm(board.bounds.maxY),
          })
        : null;

  return (
    <fieldset className="space-y-3" aria-describedby={`${ids}-hint`}>
      <legend className="text-sm font-semibold">{i18n._("staff_eq.field_points")}</legend>
      <p id={`${ids}-hint`} className={mutedClass}>
        {board
          ? i18n._("staff_eq.points_hint", { max: QUERY_LIMITS.pointsMax })
          : i18n._("staff_eq.points_no_board", { max: QUERY_LIMITS.pointsMax })}
      </p>
      {board ? (
        <QueryBoard
          board={board}
          designators={[]}
          points={points}
          side={side}
          onSideChange={setSide}
          onPlace={add}
          name={i18n._("staff_eq.points_board", { side })}
        />
      ) : null}
      {points.map((point, index) => (
        <span key={index} hidden>
          <input type="hidden" name={`${name}[${index}].side`} value={point.side} />
          <input type="hidden" name={`${name}[${index}].x_mm`} value={point.x_mm} />
          <input type="hidden" name={`${name}[${index}].y_mm`} value={point.y_mm} />
        </span>
      ))}
      <div aria-live="polite" className="space-y-1">
        {points.length > 0 ? (
          <ol aria-label={i18n._("staff_eq.points_list")} className="space-y-1 text-sm">
            {points.map((point, index) => (
              <li key={`${point.side}-${point.x_mm}-${point.y_mm}`} className="flex items-center gap-2">
                <span className="min-w-0 flex-1">
                  {i18n._("eq.point", {
                    number: index + 1,
                    side: point.side,
                    x: mm(point.x_mm),
                    y: mm(point.y_mm),
                  })}
                </span>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={i18n._("staff_eq.point_remove", { number: index + 1 })}
                  onClick={() => setPoints((pins) => pins.filter((_, other) => other !== index))}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ol>
        ) : null}
        {full ? (
          <p className={mutedClass}>{i18n._("staff_eq.points_full", { max: QUERY_LIMITS.pointsMax })}</p>
        ) : null}
      </div>
      {error ? <p className={errorClass}>{error}</p> : null}
      {full ? null : (
        <fieldset
          className="space-y-2 rounded-lg border border-neutral-200 p-3 dark:border-neutral-800"
          aria-describedby={refusal ? `${ids}-refused` : undefined}
        >
          <legend className="px-1 text-sm font-semibold">{i18n._("staff_eq.point_add_title")}</legend>
          <div className="grid gap-2 sm:grid-cols-[auto_1fr_1fr_auto] sm:items-end">
            <label className="block space-y-1 text-sm font-semibold">
              <span className="block">{i18n._("staff_eq.point_side")}</span>
              <select
                value={side}
                onChange={(event) => setSide(event.currentTarget.value === "bottom" ? "bottom" : "top")}
                className={inputClassName}
              >
                {(["top", "bottom"] as const).map((which) => (
                  <option key={which} value={which}>
                    {i18n._("staff_eq.point_side_option", { side: which })}
                  </option>
                ))}
              </select>
            </label>
            <label className="block space-y-1 text-sm font-semibold">
              <span className="block">{i18n._("staff_eq.point_x")}</span>
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={typedX}
                onChange={(event) => setTypedX(event.currentTarget.value)}
                onKeyDown={onEnter}
                aria-invalid={refusal ? true : undefined}
                className={inputClassName}
              />
            </label>
            <label className="block space-y-1 text-sm font-semibold">
              <span className="block">{i18n._("staff_eq.point_y")}</span>
              <input
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={typedY}
                onChange={(event) => setTypedY(event.currentTarget.value)}
                onKeyDown={onEnter}
                aria-invalid={refusal ? true : undefined}
                className={inputClassName}
              />
            </label>
            <Button type="button" variant="outline" onClick={addTyped}>
              <MapPinPlus aria-hidden="true" className="size-4" />
              {i18n._("staff_eq.point_add")}
            </Button>
          </div>
          {refusal ? (
            <p id={`${ids}-refused`} className={errorClass}>
              {refusal}
            </p>
          ) : null}
        </fieldset>
      )}
    </fieldset>
  );
}
