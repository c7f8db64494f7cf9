import { formatCompactMoney, formatMoney, formatMonth } from "@ems/i18n/format";
import { useLingui } from "@lingui/react";
import type { DeskData } from "@ems/contracts/desk";

import { type Locale } from "@ems/i18n/locales";
import { useEffect, useRef, useState } from "react";

import { niceScale } from "./chart-scale";

type Month = DeskData["monthly"][number];

const HEIGHT = 260;
const TOP = 12;
const BOTTOM = 28;
const LEFT = 64;
const RIGHT = 8;
/** The width the server renders at; the browser then draws at the container's real width. */
const DEFAULT_WIDTH = 720;

/** The container's width in CSS pixels once the page runs in the browser (text stays 12 px). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Ordered vs invoiced per month for one currency, as an SVG bar chart that screen readers hear as one
 * image with a summary; the figures themselves are in a table only screen readers see.
 */
export function MonthlyChart({ months, locale }: { months: Month[]; locale: Locale }) {
  const { i18n } = useLingui();
  const { ref, width: measured } = useWidth();
  const currency = months[0]?.currency ?? "EUR";
  const showInvoiced = months.some((m) => m.invoiced_minor !== null);
  const money = (minor: number) => formatMoney(minor, currency, locale);

  const width = Math.max(280, measured ?? DEFAULT_WIDTH);
  const plotWidth = width - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const largest = Math.max(0, ...months.flatMap((m) => [m.ordered_minor, m.invoiced_minor ?? 0]));
  const scale = niceScale(largest);
  const y = (value: number) => TOP + plotHeight - (value / scale.max) * plotHeight;
  const slot = plotWidth / Math.max(1, months.length);
  const barWidth = Math.max(3, Math.min(18, (slot - 6) / (showInvoiced ? 2 : 1)));
  // Every month's label when there is room for it, else every other one.
  const labelEvery = slot < 34 ? 2 : 1;

  const totalOrdered = months.reduce((sum, m) => sum + m.ordered_minor, 0);
  const totalInvoiced = months.reduce((sum, m) => sum + (m.invoiced_minor ?? 0), 0);
  const first = months[0]?.month;
  const last = months[months.length - 1]?.month;
  const summary =
    first && last
      ? i18n._(showInvoiced ? "desk.chart_summary" : "desk.chart_summary_ordered", {
          currency,
          from: formatMonth(first, locale, "long"),
          to: formatMonth(last, locale, "long"),
          ordered: money(totalOrdered),
          invoiced: money(totalInvoiced),
        })
      : i18n._("desk.chart_empty");

  return (
    <div className="space-y-3">
      {/* The legend; screen readers get the same from the image's label and the table. */}
      <div aria-hidden="true" className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm">
        <span className="font-semibold">{i18n._("desk.chart_currency", { currency })}</span>
        <span className="inline-flex items-center gap-2">
          <span className="size-3 rounded-sm bg-primary-700 dark:bg-primary-400" />
          {i18n._("desk.chart_ordered")}
        </span>
        {showInvoiced ? (
          <span className="inline-flex items-center gap-2">
            <span className="size-3 rounded-sm bg-sky-600 dark:bg-sky-400" />
            {i18n._("desk.chart_invoiced")}
          </span>
        ) : null}
      </div>
      <div ref={ref} className="w-full">
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block h-auto w-full"
          style={measured ? { height: HEIGHT } : undefined}
        >
          {scale.values.map((value) => (
            <g key={value}>
              <line
                x1={LEFT}
                x2={width - RIGHT}
                y1={y(value)}
                y2={y(value)}
                className="stroke-neutral-200 dark:stroke-neutral-700"
                strokeWidth={1}
              />
              <text
                x={LEFT - 8}
                y={y(value)}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-neutral-700 text-xs dark:fill-neutral-300"
              >
                {formatCompactMoney(value, currency, locale)}
              </text>
            </g>
          ))}
          {months.map((m, i) => {
            const center = LEFT + slot * i + slot / 2;
            const orderedX = showInvoiced ? center - barWidth - 1 : center - barWidth / 2;
            return (
              <g key={m.month}>
                <rect
                  x={orderedX}
                  y={y(m.ordered_minor)}
                  width={barWidth}
                  height={Math.max(0, TOP + plotHeight - y(m.ordered_minor))}
                  rx={2}
                  className="fill-primary-700 dark:fill-primary-400"
                />
                {showInvoiced ? (
                  <rect
                    x={center + 1}
                    y={y(m.invoiced_minor ?? 0)}
                    width={barWidth}
                    height={Math.max(0, TOP + plotHeight - y(m.invoiced_minor ?? 0))}
                    rx={2}
                    className="fill-sky-600 dark:fill-sky-400"
                  />
                ) : null}
                {i % labelEvery === (months.length - 1) % labelEvery ? (
                  <text
                    x={center}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    className="fill-neutral-700 text-xs dark:fill-neutral-300"
                  >
                    {formatMonth(m.month, locale)}
                  </text>
                ) : null}
              </g>
            );
          })}
          <line
            x1={LEFT}
            x2={width - RIGHT}
            y1={TOP + plotHeight}
            y2={TOP + plotHeight}
            className="stroke-neutral-500"
            strokeWidth={1}
          />
        </svg>
      </div>
      <table className="sr-only">
        <caption>{i18n._("desk.chart_table_caption", { currency })}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._("desk.chart_month")}</th>
            <th scope="col">{i18n._("desk.chart_ordered")}</th>
            {showInvoiced ? <th scope="col">{i18n._("desk.chart_invoiced")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{formatMonth(m.month, locale, "long")}</th>
              <td>{money(m.ordered_minor)}</td>
              {showInvoiced ? <td>{money(m.invoiced_minor ?? 0)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
