/**
 * Fiscal calendars: which fiscal quarter, half, nine months or year a printed period is.
 *
 * Companies close their year in any month (Apple in September, Oracle in May, retailers in late
 * January), and 52/53-week years end on a weekday near a month's end ("13 weeks ended July 3,
 * 2004"). A period is placed by the month end nearest its last day, and labelled in the company's
 * own fiscal years: a year is named for the calendar year it ends in, except that one ending in
 * January is named for the year before (retail's fiscal 2024 ends February 1, 2025).
 */
import { isoDate, lastDayOfMonth } from './periods.ts';

export interface FiscalCalendar {
  /** The month (1-12) the fiscal year ends in, by nearest month end. */
  endMonth: number;
}

export const CALENDAR_YEAR: FiscalCalendar = { endMonth: 12 };

export interface PrintedDuration {
  months: 3 | 6 | 9 | 12;
  /** The length in weeks, when the header counts weeks (a 52/53-week year). */
  weeks?: number;
  /** The last day, as printed. */
  end: { year: number; month: number; day: number };
}

/** The month end nearest a day: July 3 is the end of June, June 26 the end of June. */
export function nearestMonthEnd(year: number, month: number, day: number): { year: number; month: number } {
  if (day > lastDayOfMonth(year, month) / 2) return { year, month };
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/** The months from the fiscal year's start to the end of `month` (1-12): through June a calendar year's six, Apple's nine (its year ends in September), Oracle's twelve (May). */
export function monthsToDate(month: number, calendar: FiscalCalendar): number {
  return ((month - calendar.endMonth + 11) % 12) + 1;
}

/** The fiscal year a period ending at (year, month) belongs to, by the year-end month. */
function fiscalYear(year: number, month: number, endMonth: number): number {
  const endYear = month > endMonth ? year + 1 : year;
  return endMonth === 1 ? endYear - 1 : endYear;
}

/** The month fiscal year `year` ends in (retail's fiscal 2024, ending in January, ends in 2025). */
export function fiscalYearEnd(year: number, calendar: FiscalCalendar): { year: number; month: number } {
  return { year: calendar.endMonth === 1 ? year + 1 : year, month: calendar.endMonth };
}

/** The last day of the month a fiscal period ends in (its `endMonth`, 3 to 12, of fiscal `year`): the fiscal year's end, `12 - endMonth` months back. */
export function fiscalPeriodEnd(year: number, endMonth: number, calendar: FiscalCalendar): string {
  const close = fiscalYearEnd(year, calendar);
  const months = close.year * 12 + (close.month - 1) - (12 - endMonth);
  const [y, m] = [Math.floor(months / 12), (months % 12) + 1];
  return isoDate(y, m, lastDayOfMonth(y, m));
}

/**
 * `2004-Q3`, `2004-H1`, `2004-9M`, `2004-FY` in the company's fiscal labels, or undefined when the
 * period does not line up with its fiscal year (a quarter ending a month after a quarter end).
 */
export function fiscalPeriodId(period: PrintedDuration, calendar: FiscalCalendar): string | undefined {
  const end = nearestMonthEnd(period.end.year, period.end.month, period.end.day);
  const intoYear = (end.month - calendar.endMonth + 12) % 12;
  const year = fiscalYear(end.year, end.month, calendar.endMonth);
  if (period.months === 3 && intoYear % 3 === 0) return `${year}-Q${intoYear === 0 ? 4 : intoYear / 3}`;
  if (period.months === 6 && intoYear === 6) return `${year}-H1`;
  if (period.months === 6 && intoYear === 0) return `${year}-H2`;
  if (period.months === 9 && intoYear === 9) return `${year}-9M`;
  if (period.months === 12 && intoYear === 0) return `${year}-FY`;
  return undefined;
}

/**
 * The fiscal year-end a release's columns imply: a year ends where a twelve-month period ends, and
 * six or nine months printed beside a quarter run from the year's start. December when nothing says.
 */
export function learnCalendar(durations: readonly PrintedDuration[]): FiscalCalendar {
  const votes = new Map<number, number>();
  for (const d of durations) {
    if (d.months === 3) continue;
    const end = nearestMonthEnd(d.end.year, d.end.month, d.end.day);
    const endMonth = d.months === 12 ? end.month : ((end.month - d.months + 11) % 12) + 1;
    votes.set(endMonth, (votes.get(endMonth) ?? 0) + 1);
  }
  let best: [number, number] | undefined;
  for (const [month, count] of votes) if (!best || count > best[1]) best = [month, count];
  return best ? { endMonth: best[0] } : CALENDAR_YEAR;
}
