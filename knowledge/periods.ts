/**
 * Periods as data. A duration is a number of months ending on a date; an instant is a balance-sheet
 * date. Ids are for display and lookup: `2003-Q4`, `2003-H1`, `2003-9M`, `2003-FY`, `2003-12-31`.
 * Ids are in the company's own fiscal years (knowledge/fiscal.ts), so `2004-Q3` of a year ending in
 * September ended in June: within one company ids order and cover as calendar ids do, and the
 * dates printed for them are kept with the company's book.
 */
import { capitalized } from './text.ts';

export type Period =
  | { kind: 'duration'; months: number; end: string }
  | { kind: 'instant'; date: string };

export const MONTHS = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
] as const;

const MONTH_NUMBER = new Map<string, number>(
  MONTHS.flatMap((name, i) => [[name, i + 1], [name.slice(0, 3), i + 1], [name.slice(0, 4), i + 1]] as const),
);

/** The month number of a month name or common abbreviation ("Dec", "Sept"), or undefined. */
export function monthNumber(name: string): number | undefined {
  return MONTH_NUMBER.get(name.toLowerCase().replace(/\.$/, ''));
}

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

export function lastDayOfMonth(year: number, month: number): number {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) return new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month === 2 && isLeap(year) ? 29 : (DAYS_IN_MONTH[month - 1] as number);
}

function splitDate(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? 0, m ?? 0, d ?? 0];
}

export function periodId(p: Period): string {
  if (p.kind === 'instant') return p.date;
  const [year, month, day] = splitDate(p.end);
  const monthEnd = day === lastDayOfMonth(year, month);
  if (monthEnd && p.months === 3 && month % 3 === 0) return `${year}-Q${month / 3}`;
  if (monthEnd && p.months === 6 && month === 6) return `${year}-H1`;
  if (monthEnd && p.months === 6 && month === 12) return `${year}-H2`;
  if (monthEnd && p.months === 9 && month === 9) return `${year}-9M`;
  if (monthEnd && p.months === 12 && month === 12) return `${year}-FY`;
  return `${p.end}-${p.months}M`;
}

/**
 * Period ids read before: a snapshot of 10,000 releases reads the same few hundred ids millions of
 * times. Frozen, since they are shared; bounded, since questions can name any id.
 */
const PARSED = new Map<string, Period | undefined>();
const PARSED_MAX = 50_000;

export function parsePeriodId(id: string): Period | undefined {
  if (PARSED.has(id)) return PARSED.get(id);
  const period = readPeriodId(id);
  if (PARSED.size >= PARSED_MAX) PARSED.clear();
  PARSED.set(id, period && Object.freeze(period));
  return period;
}

function readPeriodId(id: string): Period | undefined {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(id);
  if (m) return { kind: 'instant', date: id };
  m = /^(\d{4})-(\d{2})-(\d{2})-(\d{1,2})M$/.exec(id);
  if (m) return { kind: 'duration', months: Number(m[4]), end: `${m[1]}-${m[2]}-${m[3]}` };
  m = /^(\d{4})-(Q[1-4]|H[12]|9M|FY)$/.exec(id);
  if (!m) return undefined;
  const year = Number(m[1]);
  const code = m[2] ?? '';
  const [months, endMonth] =
    code === 'FY' ? [12, 12] : code === '9M' ? [9, 9] : code === 'H1' ? [6, 6] : code === 'H2' ? [6, 12]
      : [3, Number(code.slice(1)) * 3];
  return { kind: 'duration', months, end: isoDate(year, endMonth, lastDayOfMonth(year, endMonth)) };
}

/** The date a period ends on (an instant's own date): what orders periods in time. */
export function periodEnd(p: Period): string {
  return p.kind === 'instant' ? p.date : p.end;
}

export function periodYear(p: Period): number {
  return Number(periodEnd(p).slice(0, 4));
}

/** The same period `years` later, or earlier when negative (month ends stay month ends). */
export function yearsLater(p: Period, years: number): Period {
  const [y, m, d] = splitDate(periodEnd(p));
  const to = y + years;
  const day = d === lastDayOfMonth(y, m) ? lastDayOfMonth(to, m) : Math.min(d, lastDayOfMonth(to, m));
  const end = isoDate(to, m, day);
  return p.kind === 'instant' ? { kind: 'instant', date: end } : { ...p, end };
}

export const priorYear = (p: Period): Period => yearsLater(p, -1);

/** The same period a year earlier, as an id; undefined for no period id. */
export function yearEarlier(id: string): string | undefined {
  const p = parsePeriodId(id);
  return p ? periodId(priorYear(p)) : undefined;
}

/**
 * The quarter `quarters` after a quarter, or before it when negative; a balance date moves by as
 * many quarters' months from the month end it stands for (a 52/53-week July 3 is June 30's);
 * undefined for any other period.
 */
export function quartersLater(p: Period, quarters: number): Period | undefined {
  if (p.kind === 'instant') {
    const [y, m, d] = splitDate(p.date);
    const months = y * 12 + (m - 1) - (d > 15 ? 0 : 1) + 3 * quarters;
    const [year, month] = [Math.floor(months / 12), (months % 12) + 1];
    return { kind: 'instant', date: isoDate(year, month, lastDayOfMonth(year, month)) };
  }
  if (p.kind !== 'duration' || p.months !== 3) return undefined;
  const [y, m] = splitDate(p.end);
  const months = y * 12 + (m - 1) + 3 * quarters;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  return { ...p, end: isoDate(year, month, lastDayOfMonth(year, month)) };
}

/** The quarter before a quarter or a balance date ("sequentially"); other periods, a year earlier. */
export const priorQuarter = (p: Period): Period => quartersLater(p, -1) ?? priorYear(p);

export function longDate(date: string): string {
  const [y, m, d] = splitDate(date);
  const month = MONTHS[m - 1] ?? '';
  return `${capitalized(month)} ${d}, ${y}`;
}

const SPAN_WORDS: Record<number, string> = { 3: 'three', 6: 'six', 9: 'nine', 12: 'twelve' };

/** "the fourth quarter of 2003 (three months ended December 31, 2003)", "December 31, 2002". */
export function describePeriod(id: string): string {
  const p = parsePeriodId(id);
  if (!p) return id;
  if (p.kind === 'instant') return longDate(p.date);
  const year = periodYear(p);
  const ended = `${SPAN_WORDS[p.months] ?? p.months} months ended ${longDate(p.end)}`;
  const code = id.slice(5);
  if (code.startsWith('Q')) return `Q${code.slice(1)} ${year} (${ended})`;
  if (code === 'H1') return `first half of ${year} (${ended})`;
  if (code === 'H2') return `second half of ${year} (${ended})`;
  if (code === '9M') return `first nine months of ${year} (${ended})`;
  if (code === 'FY') return `fiscal ${year} (year ended ${longDate(p.end)})`;
  return ended;
}

/** How a release printed a period: its last day, and its length in weeks when it counts weeks. */
export interface PrintedPeriod {
  ends: string;
  weeks?: number;
}

/**
 * A period as its company's releases print it: "Q3 fiscal 2004 (13 weeks ended June 26, 2004)" for
 * a year that does not end in December, the calendar words otherwise; without a printing, as
 * `describePeriod` says it, or for a fiscal year only its label ("Q4 fiscal 2014"); so too for a year of
 * 52 or 53 weeks (`countsWeeks`), whose unprinted quarters end on days no calendar gives (Sears' Q1 2004).
 */
export function describePrinted(id: string, printed: PrintedPeriod | undefined, fiscalYearEnd = 12, countsWeeks = false): string {
  const p = parsePeriodId(id);
  // No printing and a calendar year: the calendar says when it ends. A fiscal year's unprinted period has no date to give.
  if (!p || p.kind === 'instant' || (!printed && fiscalYearEnd === 12 && !countsWeeks)) return describePeriod(id);
  const length = printed?.weeks ? `${printed.weeks} weeks` : `${SPAN_WORDS[p.months] ?? p.months} months`;
  const ended = printed ? ` (${length} ended ${longDate(printed.ends)})` : '';
  const code = id.slice(5);
  const year = fiscalYearEnd === 12 ? `${periodYear(p)}` : `fiscal ${periodYear(p)}`;
  if (code.startsWith('Q')) return `Q${code.slice(1)} ${year}${ended}`;
  if (code === 'H1') return `first half of ${year}${ended}`;
  if (code === 'H2') return `second half of ${year}${ended}`;
  if (code === '9M') return `first nine months of ${year}${ended}`;
  if (code === 'FY') return `fiscal ${periodYear(p)}${printed ? ` (${printed.weeks ? `${printed.weeks} weeks` : 'year'} ended ${longDate(printed.ends)})` : ''}`;
  return describePeriod(id);
}

/** A short label: "Q4 2003", "H1 2003", "9M 2003", "FY 2003", "Dec 31, 2003". */
export function shortPeriod(id: string): string {
  const p = parsePeriodId(id);
  if (!p) return id;
  if (p.kind === 'instant') {
    const [y, m, d] = splitDate(p.date);
    const month = MONTHS[m - 1] ?? '';
    return `${capitalized(month).slice(0, 3)} ${d}, ${y}`;
  }
  const code = id.slice(5);
  return /^(Q[1-4]|H[12]|9M|FY)$/.test(code) ? `${code} ${periodYear(p)}` : describePeriod(id);
}

/** Orders periods by end date, then shorter first: how trends list them. */
export function comparePeriods(a: string, b: string): number {
  const pa = parsePeriodId(a);
  const pb = parsePeriodId(b);
  if (!pa || !pb) return a.localeCompare(b);
  // ISO dates order as strings do: no need of the locale's collation.
  const [ea, eb] = [periodEnd(pa), periodEnd(pb)];
  const byEnd = ea < eb ? -1 : ea > eb ? 1 : 0;
  if (byEnd !== 0) return byEnd;
  const months = (p: Period) => (p.kind === 'instant' ? 0 : p.months);
  return months(pa) - months(pb);
}

/** The months (counted from year 0) a period of some months starts after and ends with: where periods meet. */
export function monthSpan(p: { months: number; end: string }): { start: number; end: number } {
  const [y, m] = p.end.split('-').map(Number) as [number, number];
  return { start: y * 12 + m - p.months, end: y * 12 + m };
}

/** Does `outer` cover all of `inner` (FY 2002 covers Q1 2002; a date covers only itself)? */
export function periodCovers(outer: string, inner: string): boolean {
  const a = parsePeriodId(outer);
  const b = parsePeriodId(inner);
  if (!a || !b) return false;
  if (a.kind === 'instant' || b.kind === 'instant') return outer === inner;
  return a.end >= b.end && monthSpan(a).start <= monthSpan(b).start;
}

/** A rolling period (twelve months ending at a quarter): derived for questions, not listed among the releases' periods. */
export function isRolling(id: string): boolean {
  return /^\d{4}-\d{2}-\d{2}-\d{1,2}M$/.test(id);
}
