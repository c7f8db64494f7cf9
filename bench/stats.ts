export interface Sample {
  rps: number;
  p50: number;
  p99: number;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Ratios are taken per repeat (same machine state), then the median of them is reported. */
export function ratioSummary(label: string, samples: Sample[], baseline: Sample[]): string {
  const ratios = samples.map((s, i) => s.rps / baseline[i]!.rps);
  return (
    `${label.padEnd(22)} median ${median(samples.map((s) => s.rps)).toFixed(0)} req/s, ` +
    `p50 ${median(samples.map((s) => s.p50))} ms, p99 ${median(samples.map((s) => s.p99))} ms, ` +
    `median ratio to baseline ${median(ratios).toFixed(2)}`
  );
}
