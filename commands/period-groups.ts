/**
 * Periods kept apart by length, as a reader compares them: quarters with quarters, years with years,
 * balances at dates apart from flows over periods. Trend answers list them so and charts draw them so.
 */
import type { PeriodQuery } from '../knowledge/period-grammar.ts';
import { parsePeriodId } from '../knowledge/periods.ts';

export interface PeriodGroup {
  name: string;
  /** Months each period of the group covers; 0 for a balance at a date. */
  months: number;
}

export const PERIOD_GROUPS: readonly PeriodGroup[] = [
  { name: 'Quarters', months: 3 },
  { name: 'Half-years', months: 6 },
  { name: 'Nine months', months: 9 },
  { name: 'Years', months: 12 },
  { name: 'Balances', months: 0 },
];

/** Months a period covers; 0 for a date (a balance). */
export function periodMonths(id: string): number {
  const p = parsePeriodId(id);
  return p?.kind === 'duration' ? p.months : 0;
}

/** How many months a period covers, as said: a quarter 3, "FY 2003" 12; a bare year, a date or "latest", not said. */
export function monthsSaid(p: PeriodQuery): number | undefined {
  if (p.kind === 'span') return p.months;
  // The year to date through a month, a calendar year's months to it: "through September 2003 and Q4 2003" are two
  // figures, "YTD June 2004 vs June 2003" alike (its length, the company's fiscal year says; the same for both).
  if (p.kind === 'ytdTo') return p.month;
  return p.kind === 'id' ? periodMonths(p.id) || undefined : undefined;
}
