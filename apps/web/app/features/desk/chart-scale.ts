/**
 * The value axis of the desk chart: a "nice" maximum at or above the largest value and evenly
 * spaced ticks (steps of 1, 2, 2.5 or 5 times a power of ten), so labels read 0, 5K, 10K, 15K…
 */
export function niceScale(max: number, ticks = 4): { max: number; step: number; values: number[] } {
  if (!(max > 0)) return { max: ticks, step: 1, values: Array.from({ length: ticks + 1 }, (_, i) => i) };
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? 10 * power;
  const top = Math.ceil(max / step) * step;
  const count = Math.round(top / step);
  return { max: top, step, values: Array.from({ length: count + 1 }, (_, i) => i * step) };
}

/**
 * Whether a monthly series has anything to draw: a chart of nothing but zeros reads as "€0 €0 €0"
 * on its axis, so the desk says in words that there is no business yet instead.
 */
export function hasBusiness(months: readonly { ordered_minor: number; invoiced_minor: number | null }[]) {
  return months.some((m) => m.ordered_minor !== 0 || (m.invoiced_minor ?? 0) !== 0);
}
