/**
 * Periods kept apart by length, as a reader compares them: quarters with quarters, years with years,
 * balances at dates apart from flows over periods. Trend answers list them so and charts draw them so.
 */
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
