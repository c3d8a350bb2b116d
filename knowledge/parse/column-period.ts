/**
 * What one column of a statement holds, read from the header printed over it: a period of some
 * length ending on a date ("For the 13 Weeks Ended July 3, 2004 and June 28, 2003" over "2004"), a
 * balance-sheet date ("June 26," over "2004", "12/31/00"), a fiscal quarter the release names
 * ("Fiscal 2014" over "Q1"), a percentage or change column, or another kind of column (a segment,
 * "As Reported", "Non-GAAP"), which makes the table something other than a statement.
 */
import { fullYear, MONTH_PATTERN } from '../period-grammar.ts';
import { isoDate, lastDayOfMonth, monthNumber } from '../periods.ts';
import type { PrintedDuration } from '../fiscal.ts';

export type ColumnPeriod =
  | { kind: 'duration'; duration: PrintedDuration }
  | { kind: 'instant'; date: string }
  | { kind: 'fiscal'; id: string }
  /** % of revenues, % change, $ change: not a figure of a period. */
  | { kind: 'ratio' }
  /** A segment, a subsidiary, an adjustment: the table is not the company's statement. */
  | { kind: 'other'; word: string }
  /** Nothing but years or nothing at all: the period must come from the table's title. */
  | { kind: 'unknown' };

const RATIO = /%|\bpercent|\bchange\b|\bincrease\b|\bdecrease\b|\bvariance\b|\bof (net )?(revenues?|sales)\b|\bconstant\b|\bus\$/;
const NUMBER_WORDS: Record<string, number> = {
  three: 3, thirteen: 13, fourteen: 14, six: 6, 'twenty six': 26, 'twenty seven': 27, nine: 9, 'thirty nine': 39, forty: 40,
  twelve: 12, 'fifty two': 52, 'fifty three': 53,
};
const LENGTH = /\b(\d{1,2}|three|thirteen|fourteen|six|twenty six|twenty seven|nine|thirty nine|forty|twelve|fifty two|fifty three) (months?|mos|weeks?)\b/;
const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4 };
/** Words a period header may carry besides its period: anything else names another kind of column. */
const FILLER = new Set([
  'for', 'the', 'ended', 'ending', 'end', 'and', 'as', 'of', 'at', 'to', 'date', 'year', 'years', 'fiscal', 'quarter', 'quarters',
  'month', 'months', 'mos', 'week', 'weeks', 'period', 'periods', 'unaudited', 'audited', 'restated', 'total', 'in', 'ytd',
  'thousands', 'millions', 'billions', 'dollars', 'except', 'per', 'share', 'amounts', 'data', 'q', 'first', 'second', 'third',
  'fourth', 'three', 'thirteen', 'fourteen', 'six', 'twenty', 'seven', 'nine', 'thirty', 'forty', 'twelve', 'fifty', 'two',
  'note', 'notes', 'reported',
]);
const MONTH_DAY_YEAR = new RegExp(String.raw`\b${MONTH_PATTERN} (\d{1,2}),? (\d{4})\b`, 'g');
const MONTH_DAY = new RegExp(String.raw`\b${MONTH_PATTERN} (\d{1,2})\b`);
const NUMERIC_DATE = /\b(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})\b/g;
const YEAR = /\b(19|20)\d{2}\b/g;

interface Day {
  year: number;
  month: number;
  day: number;
}

function lengthOf(text: string): { months: 3 | 6 | 9 | 12; weeks?: number } | undefined {
  const m = LENGTH.exec(text);
  if (m) {
    const n = NUMBER_WORDS[m[1] ?? ''] ?? Number(m[1]);
    const weeks = m[2]?.startsWith('week') ? n : undefined;
    const months = weeks ? Math.round(weeks / 4.33) : n;
    if (months !== 3 && months !== 6 && months !== 9 && months !== 12) return undefined;
    return { months, ...(weeks ? { weeks } : {}) };
  }
  if (/\bquarters? ended\b|\bquarter\b/.test(text)) return { months: 3 };
  if (/\byears? ended\b|\bfiscal years?\b|\byear to date\b|\bytd\b/.test(text) || /\byear\b/.test(text)) return { months: 12 };
  return undefined;
}

/** Dates the header prints, and the years it prints alone (a column's own year under a shared heading). */
function datesOf(text: string): { dates: Day[]; years: number[] } {
  const dates: Day[] = [];
  let rest = text;
  for (const m of text.matchAll(MONTH_DAY_YEAR)) {
    const month = monthNumber(m[1] ?? '');
    if (month) dates.push({ year: Number(m[3]), month, day: Number(m[2]) });
    rest = rest.replace(m[0], ' ');
  }
  for (const m of text.matchAll(NUMERIC_DATE)) {
    dates.push({ year: fullYear(m[3]) ?? 0, month: Number(m[1]), day: Number(m[2]) });
    rest = rest.replace(m[0], ' ');
  }
  const years = [...rest.matchAll(YEAR)].map((m) => Number(m[0]));
  const monthDay = MONTH_DAY.exec(rest);
  const month = monthNumber(monthDay?.[1] ?? '');
  // "June 26," over "2004": the month and day in one header row, the year in another.
  if (monthDay && month && years.length > 0) {
    const year = years[years.length - 1] as number;
    dates.push({ year, month, day: Number(monthDay[2]) });
  } else if (!monthDay && years.length > 0 && dates.length === 0) {
    const monthOnly = new RegExp(String.raw`\b${MONTH_PATTERN}\b`).exec(rest);
    const m = monthNumber(monthOnly?.[1] ?? '');
    // "Year ended December" over "2003": the month's end.
    if (m) dates.push({ year: years[years.length - 1] as number, month: m, day: lastDayOfMonth(years[years.length - 1] as number, m) });
  }
  return { dates, years };
}

function explicitFiscal(text: string): string | undefined {
  const q = /\bfiscal (\d{4}) q([1-4])\b|\bq([1-4]) fiscal (\d{4})\b|\b(first|second|third|fourth) quarter(?: of)?(?: fiscal)? (\d{4})\b|\bq([1-4]) (\d{4})\b|\bfiscal (\d{4}) (first|second|third|fourth) quarter\b/.exec(text);
  if (q) {
    const year = q[1] ?? q[4] ?? q[6] ?? q[8] ?? q[9];
    const quarter = q[2] ?? q[3] ?? q[7] ?? ORDINALS[q[5] ?? q[10] ?? ''];
    return `${year}-Q${quarter}`;
  }
  const total = /\bfiscal (\d{4}) (total|year)\b/.exec(text);
  return total ? `${total[1]}-FY` : undefined;
}

/** Lower case, punctuation that does not carry meaning dropped, hyphens as spaces. */
function normalise(text: string): string {
  return text.toLowerCase().replace(/[‐-―-]/g, ' ').replace(/[(),.:;*]/g, ' ').replace(/\s+/g, ' ').trim();
}

export function columnPeriod(header: string): ColumnPeriod {
  const text = normalise(header);
  if (RATIO.test(header.toLowerCase()) || RATIO.test(text)) return { kind: 'ratio' };
  const stray = text.split(' ').find((w) => /[a-z]/.test(w) && !FILLER.has(w) && !monthNumber(w) && !/^(\d+(st|nd|rd|th)|q[1-4]|h[12]|fy(\d{2}|\d{4})?)$/.test(w));
  if (stray) return { kind: 'other', word: stray };
  const fiscal = explicitFiscal(text);
  if (fiscal) return { kind: 'fiscal', id: fiscal };
  const { dates, years } = datesOf(text.replace(/(\d) (\d{4})\b/g, '$1, $2'));
  const chosen = dates.length === 1 ? dates[0] : dates.find((d) => d.year === years[years.length - 1]);
  if (!chosen) return { kind: 'unknown' };
  const length = lengthOf(text);
  if (!length) return { kind: 'instant', date: isoDate(chosen.year, chosen.month, chosen.day) };
  return { kind: 'duration', duration: { ...length, end: chosen } };
}
