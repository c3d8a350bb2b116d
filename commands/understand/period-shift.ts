/** Period queries moved in time, given a year, or read as a part of a year: what follow-ups and "Q3 to Q4 2003" need. */
import { periodOfQuery } from '../../knowledge/period-grammar.ts';
import { isoDate, isRolling, lastDayOfMonth, parsePeriodId, periodId, quartersLater, yearsLater } from '../../knowledge/periods.ts';
import type { PeriodQuery } from '../../knowledge/period-grammar.ts';
import { monthsSaid } from '../period-groups.ts';
import { fiscalPeriodEnd, nearestMonthEnd, type FiscalCalendar } from '../../knowledge/fiscal.ts';

/** The year a query names, if it names one. */
export function yearOf(q: PeriodQuery): number | undefined {
  switch (q.kind) {
    case 'span':
      return q.year;
    case 'date':
      return Number(q.date.slice(0, 4));
    case 'year':
    case 'yearEnd':
    case 'ytd':
    case 'ytdTo':
      return q.year;
    case 'id':
      return Number(q.id.slice(0, 4));
    case 'ltm':
      return q.at ? yearOf(q.at) : undefined;
    default:
      return undefined;
  }
}

/** How long a part of a year is and the month it ends: a span's, or a fiscal period id's ("2003-Q1", as answered questions hold them). */
function partOfYear(q: PeriodQuery | undefined): { months: number; endMonth: number } | undefined {
  if (q?.kind === 'span') return { months: q.months, endMonth: q.endMonth };
  const end = q?.kind === 'id' ? fiscalEnd(q) : undefined;
  const months = q && end ? monthsOf(q) : undefined;
  return end && months !== undefined ? { months, endMonth: end.endMonth } : undefined;
}

/** The same part of any year ("Q4"): as many months long, ending the same month. */
export const samePart = (a: PeriodQuery | undefined, b: PeriodQuery | undefined): boolean => {
  const [x, y] = [partOfYear(a), partOfYear(b)];
  return x !== undefined && y !== undefined && x.months === y.months && x.endMonth === y.endMonth;
};

/** The query in another year: "Q1" with 2003 is Q1 2003; "end of June" with 2003 is June 30, 2003. */
export function withYear(q: PeriodQuery, year: number): PeriodQuery {
  switch (q.kind) {
    case 'span':
      return { ...q, year };
    case 'monthEnd':
      return { kind: 'date', date: isoDate(year, q.month, lastDayOfMonth(year, q.month)), wholeMonth: true };
    case 'date': {
      const month = Number(q.date.slice(5, 7));
      const day = q.wholeMonth ? lastDayOfMonth(year, month) : Math.min(Number(q.date.slice(8, 10)), lastDayOfMonth(year, month));
      return { ...q, date: isoDate(year, month, day) };
    }
    case 'year':
    case 'yearEnd':
    case 'ytd':
    case 'ytdTo':
      return { ...q, year };
    case 'id': {
      const p = parsePeriodId(q.id);
      return p ? { kind: 'id', id: periodId(yearsLater(p, year - (yearOf(q) ?? year))) } : q;
    }
    case 'ltm':
      return q.at ? { kind: 'ltm', at: withYear(q.at, year) } : q;
    default:
      return q;
  }
}

/** The query `years` years later (negative: earlier); queries without a year stay as they are. */
export function shiftYears(q: PeriodQuery, years: number): PeriodQuery {
  const year = yearOf(q);
  return year === undefined ? q : withYear(q, year + years);
}

/** The quarter `quarters` after a quarter, or before it when negative ("and the prior quarter?"): only for a quarter the query pins down. */
export function shiftQuarters(q: PeriodQuery, quarters: number): PeriodQuery | undefined {
  const p = q.kind === 'id' ? parsePeriodId(q.id) : periodOfQuery(q);
  const moved = p && quartersLater(p, quarters);
  return moved ? { kind: 'id', id: periodId(moved) } : undefined;
}

/**
 * The period `relative` ("a year earlier", "the prior quarter", "the quarter after", "last year")
 * says from `base`; none for quarters from a base that is neither a quarter nor a balance sheet's
 * date ("a quarter before year-end 2003", "the quarter before fiscal 2003"): never a year moved in
 * their place, unsaid (it gave December 31, 2002 for "cash a quarter before year-end 2003").
 */
export function movedFrom(base: PeriodQuery, relative: PeriodQuery): PeriodQuery | undefined {
  if (relative.kind === 'relative' && relative.inYear !== undefined) return withYear(base, relative.inYear);
  if (relative.kind === 'relative' && relative.quarters) return shiftQuarters(base, relative.quarters);
  return shiftYears(base, relative.kind === 'relative' ? relative.years : -1 - (relative.kind === 'lastYear' ? relative.back ?? 0 : 0));
}

/**
 * A period said by its dates, moved by them as "a year earlier" or "the quarter before / after" moves it: the same months
 * so many years before, or the three months before its start or after its end, by its nearest month end (Sears' quarter
 * ended July 3, 2004 ends in June; the quarter before it, in March).
 */
export function movedByDates(q: Extract<PeriodQuery, { kind: 'span' }>, years: number, quarters: number): PeriodQuery | undefined {
  if (q.year === undefined || !q.byDate) return undefined;
  const end = q.endDay ? nearestMonthEnd(q.year, q.endMonth, q.endDay) : { year: q.year, month: q.endMonth };
  const at = end.year * 12 + (end.month - 1) + 12 * years;
  const last = quarters === 0 ? at : quarters > 0 ? at + 3 * quarters : at - q.months + 3 * (quarters + 1);
  return { kind: 'span', months: quarters === 0 ? q.months : 3, endMonth: (last % 12) + 1, year: Math.floor(last / 12), byDate: true };
}

/**
 * A part of a year said without its year ("Q1": the latest fiscal year's), moved as "a year earlier" or "the quarter
 * before" moves it: the same part or another quarter so many fiscal years before the latest period's ("the quarter
 * before" Q1 is Q4 of the year before). Undefined for what no such part says: a later year, or quarters of a longer part.
 */
export function movedWithoutYear(q: Extract<PeriodQuery, { kind: 'span' }>, by: Extract<PeriodQuery, { kind: 'relative' }>): PeriodQuery | undefined {
  if (q.year !== undefined || q.byDate || q.endDay || by.inYear !== undefined) return undefined;
  const quarters = by.quarters ?? 0;
  if (quarters !== 0 && q.months !== 3) return undefined;
  const index = q.endMonth / 3 - 1 + quarters;
  const back = (q.back ?? 0) - by.years - Math.floor(index / 4);
  if (back < 0) return undefined;
  const endMonth = q.months === 3 ? ((((index % 4) + 4) % 4) + 1) * 3 : q.endMonth;
  return { kind: 'span', months: q.months, endMonth, ...(back > 0 ? { back } : {}) };
}

/**
 * The quarter `quarters` before the start of a half, nine months or year, or after its end: "the quarter before that"
 * after H1 2003 is Q4 2002, after FY 2002 Q4 2001; "the next quarter" after H1 2003 is Q3 2003. In the fiscal year
 * the period is labelled by; undefined for a quarter (`shiftQuarters`) and for what no fiscal year lays out.
 */
export function quarterBeside(q: PeriodQuery, quarters: number): PeriodQuery | undefined {
  const end = fiscalEnd(q);
  const months = monthsOf(q);
  if (!end || !months || months === 3 || quarters === 0) return undefined;
  const last = end.endMonth / 3;
  const target = quarters < 0 ? last - months / 3 + 1 + quarters : last + quarters;
  const year = end.year + Math.floor((target - 1) / 4);
  const quarter = ((((target - 1) % 4) + 4) % 4) + 1;
  return { kind: 'span', months: 3, endMonth: quarter * 3, year };
}

/** How many months a fiscal period a query names spans: a quarter, a half, nine months or a year (no trailing twelve months). */
function monthsOf(q: PeriodQuery): number | undefined {
  if (q.kind === 'span') return q.months;
  if (q.kind === 'year') return 12;
  const p = q.kind === 'id' && !isRolling(q.id) ? parsePeriodId(q.id) : undefined;
  return p?.kind === 'duration' ? p.months : undefined;
}

/** "And the first?" after a quarter or a half: the `n`th quarter (half) of its fiscal year; none past the year's last. */
export function nthLike(q: PeriodQuery, n: number): PeriodQuery | undefined {
  const end = fiscalEnd(q);
  const months = q.kind === 'year' ? undefined : monthsOf(q);
  if (!end || (months !== 3 && months !== 6) || n < 1 || n * months > 12) return undefined;
  return { kind: 'span', months, endMonth: n * months, year: end.year };
}
/** A year's four quarters, in its own fiscal year. */
export const quartersOf = (year: number): PeriodQuery[] => [3, 6, 9, 12].map((endMonth) => ({ kind: 'span', months: 3, endMonth, year }));

/** Where a period ends in its fiscal year (its last month, 3 to 12) and which fiscal year: for spans, years and fiscal period ids ("2004-Q3"). */
export function fiscalEnd(q: PeriodQuery): { endMonth: number; year: number } | undefined {
  if (q.kind === 'span' && q.year !== undefined && !q.byDate) return { endMonth: q.endMonth, year: q.year };
  if (q.kind === 'year') return { endMonth: 12, year: q.year };
  if (q.kind !== 'id') return undefined;
  const m = /^(\d{4})-(?:Q([1-4])|H([12])|(9M)|(FY))$/.exec(q.id);
  if (!m) return undefined;
  const endMonth = m[2] ? Number(m[2]) * 3 : m[3] ? Number(m[3]) * 6 : m[4] ? 9 : 12;
  return { endMonth, year: Number(m[1]) };
}

/** The balance sheet's date a query names, if it names one: "June 30, 2003", `2003-06-30`. */
export function balanceDateOf(q: PeriodQuery | undefined): string | undefined {
  if (q?.kind === 'date') return q.date;
  return q?.kind === 'id' && parsePeriodId(q.id)?.kind === 'instant' ? q.id : undefined;
}

/**
 * Where a balance asked at a period stands: its date, else the fiscal period it ends within its year ("cash at the end of
 * Q3 2000": `2000-Q3`, dated by the company's calendar when resolved), so that "and last year end?" is the year end before
 * it, never the latest. A period ending with its fiscal year (Q4, FY) is none: its year end is the one asked ("cash at last
 * year end" after FY 2014 is May 31, 2014, the latest), as before.
 */
export function balanceAnchorOf(q: PeriodQuery | undefined): string | undefined {
  const date = balanceDateOf(q);
  if (date || !q) return date;
  if (q.kind === 'span' && q.year !== undefined && q.byDate && !q.back) return isoDate(q.year, q.endMonth, q.endDay ?? lastDayOfMonth(q.year, q.endMonth));
  const end = q.kind === 'id' || (q.kind === 'span' && !q.back) ? fiscalEnd(q) : undefined;
  if (!end || end.endMonth === 12) return undefined;
  if (q.kind === 'id') return q.id;
  const period = periodOfQuery(q);
  return period && periodId(period);
}

/**
 * A period found for a query, as a follow-up takes it: its id, and whether it was said by its dates ("the June 2003
 * quarter") or of the company's own calendar ("last quarter", "year to date").
 */
export function settledPeriod(id: string, asked: PeriodQuery | undefined): PeriodQuery {
  const byDate = asked?.kind === 'date' || asked?.kind === 'ytdTo' || (asked?.kind === 'span' && asked.byDate) || (asked?.kind === 'id' && asked.byDate);
  const ownYtd = (asked?.kind === 'ytd' && asked.year === undefined) || asked?.kind === 'ytdTo';
  // "At year end", "the full year" with no year: the latest fiscal year's, of whichever company; "Q4", "the first half"
  // with no year: the latest such part, of whichever company (it asked Chemical for Oracle's Q4 2014).
  const yearless = asked?.kind === 'span' && asked.year === undefined && !asked.byDate && !asked.endDay && !asked.back;
  const ownYear = yearless && asked.months === 12;
  // None said, or "the latest": the latest there was; "since year end": the latest fiscal year's opening balance.
  const ownEnd = asked === undefined || asked.kind === 'latest' ? 'latest' : asked.kind === 'opening' && !asked.before ? 'opening' : undefined;
  const own = asked?.kind === 'id' ? asked.own : (asked?.kind === 'lastQuarter' || asked?.kind === 'lastYear') && !asked.back ? asked.kind : ownYtd ? 'ytd' : ownYear ? 'lastYear' : yearless ? 'part' : ownEnd;
  // "Vs the previous quarter", "two quarters earlier": found so many quarters before, as one found with none said is.
  const quartersBack = asked?.kind === 'relative' && asked.years === 0 && asked.inYear === undefined && asked.quarters !== undefined && asked.quarters >= -4 && asked.quarters <= -1 ? -asked.quarters : undefined;
  const found = asked?.kind === 'id' ? asked.found : quartersBack;
  return { kind: 'id', id, ...(byDate ? { byDate: true } : {}), ...(own ? { own } : {}), ...(found ? { found } : {}) };
}

/** A period said of the company's own calendar, said again of another company ("last quarter"; "Q4": its latest Q4). */
function ownAgain(q: Extract<PeriodQuery, { kind: 'id' }>): PeriodQuery {
  if (q.own !== 'part') return q.own ? { kind: q.own } : q;
  const end = fiscalEnd(q);
  const months = monthsOf(q);
  return end && (months === 3 || months === 6 || months === 9) ? { kind: 'span', months, endMonth: end.endMonth } : q;
}

/**
 * A fiscal period of one company said by its dates, as the months it covered, for another company whose fiscal year
 * ends in another month (a label said, "Q3 2003", stays that company's Q3 2003): the span ended on its printed last day (Apple's fiscal Q3 2003, ended June 28, 2003, is "the 3 months ended
 * June 28, 2003", Infocrossing's Q2 2003). `printedEnd`: the day its releases print it ended, if they do.
 */
export function calendarSpan(q: PeriodQuery, printedEnd: (id: string) => string | undefined, calendar: FiscalCalendar): PeriodQuery {
  const p = q.kind === 'id' ? parsePeriodId(q.id) : undefined;
  if (q.kind !== 'id' || p?.kind !== 'duration') return q.kind === 'id' && q.own ? ownAgain(q) : q;
  // Where it ended: as printed, else (a period derived, never printed) its fiscal year's month end, never its id's
  // calendar months (Apple's first half of fiscal 2004 ended in March, not June).
  const fiscal = fiscalEnd(q);
  const ended = printedEnd(q.id) ?? (fiscal ? fiscalPeriodEnd(fiscal.year, fiscal.endMonth, calendar) : p.end);
  // The year to date through a month ("YTD June 2003") is the other company's own year to that month.
  if (q.own === 'ytd' && q.byDate) {
    const [year, month, day] = ended.split('-').map(Number) as [number, number, number];
    return { kind: 'ytdTo', ...nearestMonthEnd(year, month, day) };
  }
  if (q.own) return ownAgain(q);
  if (!q.byDate || ![3, 6, 9, 12].includes(p.months)) return q;
  const [year, month, day] = ended.split('-').map(Number) as [number, number, number];
  return { kind: 'span', months: p.months as 3 | 6 | 9 | 12, endMonth: month, year, byDate: true, ...(day === lastDayOfMonth(year, month) ? {} : { endDay: day }) };
}

/** The part of a fiscal year of `part`'s length that holds the end of `of` (the quarter a year ends with, the half a quarter is in). */
export function partOf(part: Extract<PeriodQuery, { kind: 'part' }>, of: PeriodQuery): PeriodQuery | undefined {
  const end = fiscalEnd(of);
  if (!end) return undefined;
  // Ending when the period starts: a part of the same fiscal year the releases report (a quarter, the first half, nine months), or none.
  if (part.before) {
    const endMonth = end.endMonth - (monthsSaid(of) ?? 12);
    return endMonth >= part.months && (part.months === 3 || endMonth === part.months) ? { kind: 'span', months: part.months, endMonth, year: end.year } : undefined;
  }
  // Nine months hold no year's end: the year's first nine ("the nine months" after FY 2003 or Q4 2003 is 9M 2003).
  const holding = Math.ceil(end.endMonth / part.months) * part.months;
  return { kind: 'span', months: part.months, endMonth: holding <= 12 ? holding : part.months, year: end.year };
}

/** The latest period of the same length as `p`: the latest quarter for a quarter, the latest year for a year, the latest balance for a date. */
export function latestLike(p: PeriodQuery): PeriodQuery | undefined {
  if (p.kind === 'span' && p.months === 3 && p.year !== undefined && !p.byDate) return { kind: 'lastQuarter' };
  if (p.kind === 'year' || (p.kind === 'span' && p.months === 12 && p.year !== undefined && !p.byDate)) return { kind: 'lastYear' };
  if (p.kind === 'date' || p.kind === 'yearEnd') return { kind: 'latest' };
  return undefined;
}

/** The year a period names when it is a whole year ("2003", "FY 2003"). */
export function yearOnly(p: PeriodQuery): number | undefined {
  if (p.kind === 'year') return p.year;
  if (p.kind === 'id' && /^\d{4}-FY$/.test(p.id)) return Number(p.id.slice(0, 4));
  return p.kind === 'span' && p.months === 12 ? p.year : undefined;
}
