import { siteConfig } from "@ems/config/site";

const { secondsPerYear } = siteConfig.counter;

/**
 * Seconds since 1 January 00:00 UTC of the date's year. UTC keeps the server render and the
 * browser on the same figure whatever their time zones.
 */
export function secondsElapsedThisYear(date: Date): number {
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  return Math.max(0, Math.floor((date.getTime() - start) / 1000));
}

/**
 * An annual total prorated by the seconds elapsed this year (docs/behaviour/public-site.md#counter-band: year length 31,557,600 s,
 * the Julian year). Capped at the annual total for the last hours of a leap year.
 */
export function prorate(annualTotal: number, date: Date): number {
  const share = Math.min(1, secondsElapsedThisYear(date) / secondsPerYear);
  return Math.floor(annualTotal * share);
}

export interface CounterFigures {
  activeBoms: number;
  boardsThisYear: number;
  componentsThisYear: number;
  customers: string;
}

/**
 * The figures of the counter band at `now`. The component figure starts from its prorated value when
 * the band appeared (`since`) and then grows by one per second.
 */
export function counterFigures(now: Date, since: Date = now): CounterFigures {
  const grownSeconds = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000));
  return {
    activeBoms: siteConfig.counter.activeBoms,
    boardsThisYear: prorate(siteConfig.counter.boardsPerYear, now),
    componentsThisYear: prorate(siteConfig.counter.componentsPerYear, since) + grownSeconds,
    customers: siteConfig.counter.customers,
  };
}
