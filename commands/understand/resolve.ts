/**
 * Which period of the snapshot a period query means for a metric. Balances take dates and flows
 * take durations; the wrong kind is mapped and the mapping said ("cash in Q2 2003" is cash at
 * June 30, 2003). A quarter without its year is the latest year that has it.
 */
import { conceptInfo, type Concept } from '../../knowledge/concepts.ts';
import { isoDate, isRolling, lastDayOfMonth, longDate, parsePeriodId, periodEnd, periodId, priorQuarter, quartersLater, shortPeriod, yearsLater, type Period } from '../../knowledge/periods.ts';
import type { Book } from '../../knowledge/snapshot.ts';
import { fiscalPeriodEnd, fiscalPeriodId, fiscalYearEnd as fiscalYearEndOf, monthsToDate } from '../../knowledge/fiscal.ts';
import type { PeriodQuery } from '../../knowledge/period-grammar.ts';
import { periodMonths } from '../period-groups.ts';
import { monthName, shiftWords } from './describe.ts';
import { fiscalEnd } from './period-shift.ts';

/** Whether a period id is a balance sheet's date (`2003-06-30`), not a span's (`2003-Q2`). */
const isDateId = (id: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(id);

export interface Resolved {
  period: string;
  /** Said to the user when the query was read another way than written. */
  mapped?: string;
}

const endOf = (year: number, month: number) => isoDate(year, month, lastDayOfMonth(year, month));

/** How far a 52/53-week balance sheet's date may be from the month's end it stands for ("June 26" for "end of June"). */
const WEEK_MS = 7 * 24 * 3600 * 1000;

/** Whether `date` ends a fiscal year that closes in `endMonth`: that month's end, or a 52/53-week year's day within a week of it (Sears' January 3, 2004). */
export function endsFiscalYear(date: string, endMonth: number): boolean {
  const year = Number(date.slice(0, 4));
  return [year - 1, year].some((y) => Math.abs(Date.parse(date) - Date.parse(endOf(y, endMonth))) <= WEEK_MS);
}

/**
 * The date asked, or the balance-sheet date of the periods there are within a week of it; said as
 * a month (`wholeMonth`), first any in that month, latest first ("November 2024" is The Buckle's November 2).
 */
function nearestDate(date: string, have: readonly string[], wholeMonth = false): string {
  if (have.includes(date)) return date;
  const inMonth = wholeMonth ? have.filter((p) => isDateId(p) && p.startsWith(date.slice(0, 7))).sort().reverse()[0] : undefined;
  if (inMonth) return inMonth;
  const at = Date.parse(date);
  const near = have.filter((p) => isDateId(p) && Math.abs(Date.parse(p) - at) <= WEEK_MS);
  return near.sort((a, b) => Math.abs(Date.parse(a) - at) - Math.abs(Date.parse(b) - at))[0] ?? date;
}

/** The balance-sheet date of fiscal year `year`'s end: a 52/53-week year's is the one nearest its month's end. */
function yearEndDate(year: number, have: readonly string[], fiscalYearEnd: number): string {
  const end = fiscalYearEndOf(year, { endMonth: fiscalYearEnd });
  return nearestDate(endOf(end.year, end.month), have);
}

/** A period said from the latest there is, with nothing else to move from ("revenue a year ago", "the next quarter"). */
function movedFromLatest(query: Extract<PeriodQuery, { kind: 'relative' }>, have: readonly string[], balance: boolean): string | undefined {
  const latest = latestFirst(have.filter((p) => balance || periodMonths(p) === 3))[0];
  const p = latest ? parsePeriodId(latest) : undefined;
  const years = query.inYear !== undefined && latest ? query.inYear - Number(latest.slice(0, 4)) : query.years;
  const moved = p && (query.quarters === -1 ? priorQuarter(p) : query.quarters ? quartersLater(p, query.quarters) : yearsLater(p, years));
  return moved ? periodId(moved) : undefined;
}

/**
 * The periods a query could mean, most likely first. `balance`: read as a balance-sheet date;
 * `have`: the periods there are to choose from (for "latest", or a quarter without its year).
 */
function candidates(query: PeriodQuery, balance: boolean, have: readonly string[], fiscalYearEnd = 12): string[] {
  switch (query.kind) {
    case 'span': {
      if (query.year === undefined && query.back) {
        // "Q3 of last year": in the fiscal year before the latest period's (a period's id names its fiscal year; a date may not).
        const latest = latestFirst(have.filter((p) => !isDateId(p)))[0] ?? latestFirst(have)[0];
        const { back, ...rest } = query;
        return latest ? candidates({ ...rest, year: Number(latest.slice(0, 4)) - back }, balance, have, fiscalYearEnd) : [];
      }
      if (query.year === undefined) return yearsOf(have).flatMap((y) => candidates({ ...query, year: y }, balance, have, fiscalYearEnd));
      // "Revenue at the start of Q3 2004": a flow has no balance at a date, and is never the quarter before instead.
      if (query.opensNext && !balance) return [];
      const end = query.endDay ? isoDate(query.year, query.endMonth, query.endDay) : endOf(query.year, query.endMonth);
      // A balance at the end of a (fiscal) year: the end of the company's fiscal year, as at year-end.
      const wholeYear = query.months === 12 && query.endMonth === 12 && !query.byDate && !query.endDay;
      if (balance && wholeYear) return candidates({ kind: 'yearEnd', year: query.year }, balance, have, fiscalYearEnd);
      // A fiscal quarter's balance is at its own end: Apple's Q2 2004 ended in March, never the June balance sheet.
      if (balance) return [nearestDate(query.byDate || query.endDay ? end : fiscalPeriodEnd(query.year, query.endMonth, { endMonth: fiscalYearEnd }), have)];
      // "The quarter ended June 2004" of a year that ends in September is its fiscal third quarter;
      // "13 weeks ended July 3, 2004" is the quarter of the month end nearest it.
      // A period said by its end that no fiscal period of the company ends with is none of them: Apple's "six months
      // ended June 26, 2004" is not its fiscal first half, Oracle's "calendar 2013" not its fiscal 2013.
      if (query.byDate) {
        const fiscal = fiscalPeriodId({ months: query.months, end: { year: query.year, month: query.endMonth, day: Number(end.slice(8)) } }, { endMonth: fiscalYearEnd });
        // Twelve months ending elsewhere than a year's end are trailing twelve months ("twelve months ended March 31, 2003"),
        // whose id no fiscal label shares.
        const trailing = periodId({ kind: 'duration', months: query.months, end });
        return fiscal ? [fiscal] : isRolling(trailing) ? [trailing] : [];
      }
      return [periodId({ kind: 'duration', months: query.months, end })];
    }
    case 'date': {
      if (balance) return [nearestDate(query.date, have, query.wholeMonth)];
      if (fiscalYearEnd !== 12) {
        // A fiscal year's periods end near the date: its quarter first, then its longer periods.
        const [year, month, day] = query.date.split('-').map(Number) as [number, number, number];
        const fiscal = ([3, 6, 9, 12] as const).flatMap((months) => fiscalPeriodId({ months, end: { year, month, day } }, { endMonth: fiscalYearEnd }) ?? []);
        return fiscal.filter((p) => have.includes(p));
      }
      // A flow at a date: the quarter ending then, else anything ending then.
      const ending = have.filter((p) => {
        const parsed = parsePeriodId(p);
        return parsed?.kind === 'duration' && parsed.end === query.date;
      });
      return ending.sort((a, b) => periodMonths(a) - periodMonths(b));
    }
    case 'year':
    case 'yearEnd':
      // "Revenue at the start of fiscal 2004": a flow has no balance at a date, and is never the year before instead.
      if (!balance) return query.kind === 'yearEnd' && query.opening ? [] : [`${query.year}-FY`];
      // A balance at year-end is at the end of the company's fiscal year (Oracle's May 31, Apple's last Saturday of
      // September), else of the calendar year.
      {
        // The fiscal year's last day, a 52/53-week year's within a week of the month's (Sears' January 3, 2004 ends its 2003).
        const closing = yearEndDate(query.year, have, fiscalYearEnd);
        return fiscalYearEnd === 12 ? [closing] : [closing, endOf(query.year, 12)];
      }
    case 'latest':
      return latestFirst(have);
    case 'lastQuarter': {
      if (!query.back) return latestFirst(have.filter((p) => balance || periodMonths(p) === 3));
      // "The quarter before last": that many quarters before the latest, given or not, never the next one the releases
      // happen to give (Apple's quarter before last is Q2 fiscal 2004, not printed; it showed Q3 2003).
      const moved = movedFromLatest({ kind: 'relative', years: 0, quarters: -query.back }, have, balance);
      return moved ? [balance && isDateId(moved) ? nearestDate(moved, have) : moved] : [];
    }
    case 'lastYear': {
      if (!balance) {
        // "The year before last": that many years before the latest, given or not, never the next one the releases give.
        const years = latestFirst(have.filter((p) => p.endsWith('-FY')));
        const [latest] = years;
        return !query.back ? years : latest ? [`${Number(latest.slice(0, 4)) - query.back}-FY`] : [];
      }
      // A balance at the end of a year is at the end of a fiscal year (The Buckle's February 3, 2024), as at year-end.
      const ends = yearsOf(have).flatMap((y) => candidates({ kind: 'yearEnd', year: y }, true, have, fiscalYearEnd)).filter((d) => have.includes(d));
      return [...new Set(ends)].slice(query.back ?? 0);
    }
    case 'monthEnd': {
      // No year said: the latest year that has that month's end.
      return yearsOf(have).flatMap((y) => candidates({ kind: 'date', date: endOf(y, query.month), wholeMonth: true }, balance, have, fiscalYearEnd));
    }
    case 'ltm': {
      // Twelve months to Apple's Q3 2004 end in June (`monthEndOf`), never September: that would be Apple's fiscal 2004.
      const ends = query.at ? candidates(query.at, true, have, fiscalYearEnd) : latestFirst(have).map((id) => monthEndOf(id, fiscalYearEnd));
      return [...new Set(ends)].flatMap((end) => {
        if (balance) return [end];
        // Twelve months ending with a fiscal year are that year (Oracle's to May 31, 2014: FY 2014).
        const [year, month, day] = end.split('-').map(Number) as [number, number, number];
        return [fiscalPeriodId({ months: 12, end: { year, month, day } }, { endMonth: fiscalYearEnd }) ?? periodId({ kind: 'duration', months: 12, end })];
      });
    }
    case 'relative': {
      // A 52/53-week year's balance sheet a year before July 3, 2004 is dated June 28, 2003: the nearest within a week.
      const moved = movedFromLatest(query, have, balance);
      return moved ? [balance && isDateId(moved) ? nearestDate(moved, have) : moved] : [];
    }
    case 'opening': {
      if (!balance) return [];
      // The fiscal year end before the date (else the latest balance sheet's): Caterpillar's at March 31, 2022 is December
      // 31, 2021; where that date is a year end itself (Infocrossing's December 31, 2003), the one before it, or that
      // date's own when `through`. A 52/53-week year's end is the balance sheet's date nearest the month's end.
      // A fiscal period's id (a quarter asked whose balance sheet is not printed) stands at its end, by the company's calendar.
      const anchor = query.before && !isDateId(query.before) ? monthEndOf(query.before, fiscalYearEnd) : query.before ?? latestFirst(have.filter((p) => isDateId(p)))[0];
      if (!anchor) return [];
      const year = Number(anchor.slice(0, 4));
      return [year, year - 1, year - 2].map((y) => yearEndDate(y, have, fiscalYearEnd)).filter((d) => (query.through ? d <= anchor : d < anchor)).slice(0, 1);
    }
    case 'closing': {
      if (!balance) return [];
      // Oracle's after August 31, 2013 is May 31, 2014; Infocrossing's after December 31, 2002 the next one, 2003's.
      const year = Number(query.after.slice(0, 4));
      return [year, year + 1].map((y) => yearEndDate(y, have, fiscalYearEnd)).filter((d) => d > query.after).slice(0, 1);
    }
    case 'part':
      // Months before a period that no part of its year is ("the six months before" Q4): none, never the latest such part.
      if (query.before) return [];
      // A part with no period before it ("revenue for the quarter"): the latest of that length.
      return latestFirst(have.filter((p) => balance || periodMonths(p) === query.months));
    case 'recent':
      // One period of them, where one is wanted (a release, a text's period): the latest.
      return latestFirst(have.filter((p) => balance || periodMonths(p) === (query.unit === 'quarter' ? 3 : 12)));
    case 'ytd': {
      const years = query.year !== undefined ? [query.year] : yearsOf(have);
      // A balance has no year to date: the latest balance of that year.
      if (balance) return latestFirst(have.filter((p) => years.includes(Number(p.slice(0, 4))) && parsePeriodId(p)?.kind === 'instant'));
      // The year so far is the longest part of it from its start that the releases give: the year, else nine months, a half, a quarter.
      return years.flatMap((y) => YEAR_SO_FAR.map((part) => `${y}-${part}`).filter((p) => have.includes(p)));
    }
    case 'ytdTo': {
      if (query.year === undefined) return yearsOf(have).flatMap((y) => candidates({ ...query, year: y }, balance, have, fiscalYearEnd));
      // A length no period has ("through May 2003") is none.
      const months = monthsToDate(query.month, { endMonth: fiscalYearEnd });
      if (balance) return [nearestDate(endOf(query.year, query.month), have, true)];
      return months % 3 === 0 ? candidates({ kind: 'span', months: months as 3 | 6 | 9 | 12, endMonth: query.month, year: query.year, byDate: true }, balance, have, fiscalYearEnd) : [];
    }
    case 'id': {
      const p = parsePeriodId(query.id);
      if (!p) return [];
      // A fiscal quarter's balance is at the fiscal quarter's end ("and cash?" after Apple's Q3 2004: June 26, 2004).
      if (balance && p.kind === 'duration') return [nearestDate(monthEndOf(query.id, fiscalYearEnd), have)];
      if (!balance && p.kind === 'instant') return candidates({ kind: 'date', date: p.date }, balance, have, fiscalYearEnd);
      // A date moved a year ("and a year earlier?" after July 3, 2004): a 52/53-week year's balance sheet is a few days off it (June 28, 2003).
      return p.kind === 'instant' ? [nearestDate(p.date, have)] : [query.id];
    }
  }
}

/** The parts of a fiscal year that start with it, longest first. */
export const YEAR_SO_FAR = ['FY', '9M', 'H1', 'Q1'] as const;

/** The years the periods are in, latest first. */
const yearsOf = (have: readonly string[]) => [...new Set(have.map((p) => Number(p.slice(0, 4))))].sort((a, b) => b - a);

/** Latest end date first; at one end date the shortest period (the quarter before the year). */
function latestFirst(periods: readonly string[]): string[] {
  return [...periods].sort((a, b) => {
    const pa = parsePeriodId(a) as Period;
    const pb = parsePeriodId(b) as Period;
    return periodEnd(pb).localeCompare(periodEnd(pa)) || periodMonths(a) - periodMonths(b);
  });
}

/**
 * "The quarter ending November 2024" of a 52/53-week year that ends early in the month (The Buckle's
 * "13 weeks ended November 2, 2024"): the period of that length its releases print as ending in that month.
 */
function endingInMonth(query: PeriodQuery, concept: Concept, book: Book): string | undefined {
  if (query.kind !== 'span' || !query.byDate || query.endDay || query.year === undefined) return undefined;
  const month = isoDate(query.year, query.endMonth, 1).slice(0, 7);
  return book.periodsOf(concept).find((p) => periodMonths(p) === query.months && book.endsOf(p)?.startsWith(month) && book.figure(concept, p));
}

/**
 * A flow asked at a day a period is printed as ending on ("Sears net income July 3, 2004": its second quarter, whose
 * id ends in June): the shortest such period.
 */
function printedEndingOn(query: PeriodQuery, concept: Concept, book: Book): string | undefined {
  if (query.kind !== 'date' || conceptInfo(concept).measure === 'balance') return undefined;
  return book.periodsOf(concept)
    .filter((p) => parsePeriodId(p)?.kind === 'duration' && !isRolling(p) && book.endsOf(p) === query.date && book.figure(concept, p))
    .sort((a, b) => periodMonths(a) - periodMonths(b))[0];
}

/**
 * "The quarter ended October 28", its year not said: the period printed as ending on that very day (The Buckle's 2023
 * third quarter), not the latest of that month with the day dropped (its 2024 quarter ended November 2).
 */
function endingOnDay(query: PeriodQuery, concept: Concept, list: readonly string[], book: Book): string | undefined {
  if (query.kind !== 'span' || query.year !== undefined || !query.endDay) return undefined;
  const day = `-${String(query.endMonth).padStart(2, '0')}-${String(query.endDay).padStart(2, '0')}`;
  return list.find((p) => {
    const parsed = parsePeriodId(p);
    return parsed?.kind === 'duration' && (book.endsOf(p) ?? parsed.end).endsWith(day) && book.figure(concept, p) !== undefined;
  });
}

/** Whether a company's periods end on days of their own (a 52/53-week year: Apple's June 26, Sears' July 3), as printed. */
const endsOnOwnDays = (book: Book): boolean => book.releases.some((r) => r.periods.some((p) => {
  const end = book.endsOf(p);
  return end !== undefined && Number(end.slice(8)) !== lastDayOfMonth(Number(end.slice(0, 4)), Number(end.slice(5, 7)));
}));

/**
 * The day a period ended: as printed, else, where no release prints it (Oracle's quarterly table), its fiscal month's
 * end (Oracle's Q3 2014 ended in February, never the calendar quarter's September 30), else its id's own end; none for
 * a 52/53-week year's period no release prints the end of (Apple's first half of 2004, derived: it ended March 27,
 * which no month's end says).
 */
function lastDayOf(id: string, book: Book): string | undefined {
  const printed = book.endsOf(id);
  if (printed || endsOnOwnDays(book)) return printed;
  return monthEndOf(id, book.company.fiscalYearEnd);
}

/**
 * The last day of the month a period id ends in, in the company's fiscal year (`fiscalYearEnd`, its last month): a fiscal
 * id's own month (Apple's Q3 2004 ends in June, never the calendar quarter's September its label names), else the id's end.
 */
function monthEndOf(id: string, fiscalYearEnd: number): string {
  const fiscal = fiscalEnd({ kind: 'id', id });
  return fiscal ? fiscalPeriodEnd(fiscal.year, fiscal.endMonth, { endMonth: fiscalYearEnd }) : periodEnd(parsePeriodId(id) as Period);
}

/** A period the snapshot has for the metric, or the one asked for when it has none (to say so). */
export function resolvePeriod(query: PeriodQuery, concept: Concept, book: Book): { found: Resolved } | { missing: string | undefined } {
  const list = candidates(query, conceptInfo(concept).measure === 'balance', book.periodsOf(concept), book.company.fiscalYearEnd);
  const onDay = endingOnDay(query, concept, list, book);
  const hit = onDay ?? list.find((p) => book.figure(concept, p)) ?? endingInMonth(query, concept, book) ?? printedEndingOn(query, concept, book);
  if (!hit) return { missing: list[0] };
  const balance = conceptInfo(concept).measure === 'balance';
  let mapped: string | undefined;
  if (balance && query.kind === 'span') {
    mapped = query.opensNext
      ? `the start of a quarter is the close of the one before it, ${shortPeriod(hit)}`
      : `${conceptInfo(concept).name} is a balance: shown at the end of that period, ${shortPeriod(hit)}`;
  }
  // A balance sheet dated otherwise than the day asked (a 52/53-week quarter's end): which date is shown, and why.
  const asked = query.kind === 'date' && !query.wholeMonth ? query.date : query.kind === 'id' && isDateId(query.id) ? query.id : undefined;
  if (balance && asked && hit !== asked) mapped = `no balance sheet is dated ${shortPeriod(asked)}: shown at the nearest, ${shortPeriod(hit)}, the end of the company's fiscal period`;
  // Ended when its release says (Apple's quarter "ended June 26, 2004", asked at June 30), never the day asked.
  if (!balance && query.kind === 'date') {
    const ended = lastDayOf(hit, book);
    const nearest = ended === query.date || query.wholeMonth ? '' : `, the period ending nearest ${shortPeriod(query.date)}`;
    mapped = `${conceptInfo(concept).name} covers a period: shown for ${ended ? `the ${periodMonths(hit)} months ended ${shortPeriod(ended)}${nearest}` : `${shortPeriod(hit)}, derived, whose end no release prints`}`;
  }
  // "The 13 weeks ended November 4, 2023": a day said that no period printed ends on is said, with the period shown.
  const endSaid = !balance && query.kind === 'span' && query.endDay && query.year !== undefined ? isoDate(query.year, query.endMonth, query.endDay) : undefined;
  const printedEnd = endSaid ? lastDayOf(hit, book) : undefined;
  if (endSaid && printedEnd !== endSaid) mapped = printedEnd ? `no period printed ends on ${shortPeriod(endSaid)}: shown the nearest, ${shortPeriod(hit)}, which ended ${shortPeriod(printedEnd)}` : `no period printed ends on ${shortPeriod(endSaid)}: shown ${shortPeriod(hit)}, derived, whose end no release prints`;
  if (query.kind === 'span' && query.year === undefined) mapped = query.back ? `${query.back === 1 ? 'a year' : `${query.back} years`} before the latest period's fiscal year: ${shortPeriod(hit)}` : `no year given: the latest, ${shortPeriod(hit)}`;
  if (query.kind === 'span' && query.year === undefined && query.endDay && !query.back) {
    const day = `${monthName(query.endMonth)} ${query.endDay}`;
    const ended = lastDayOf(hit, book);
    mapped = onDay ? `no year given: the one that ended on ${day}, ${shortPeriod(hit)}` : `no period printed ends on ${day}: shown the latest, ${shortPeriod(hit)}${ended ? `, which ended ${longDate(ended)}` : ', derived, whose end no release prints'}`;
  }
  if (query.kind === 'relative') {
    const moved = movedFromLatest(query, book.periodsOf(concept), balance);
    mapped = `${shiftWords(query, 'the latest')}, ${shortPeriod(hit)}${moved && moved !== hit ? ` (no balance sheet is dated ${shortPeriod(moved)}: the nearest)` : ''}`;
  }
  if (query.kind === 'ytd') mapped = `year to date: ${balance ? 'the latest balance of that year' : 'the longest part of the fiscal year from its start the releases give'}, ${shortPeriod(hit)}`;
  if (balance && (query.kind === 'year' || query.kind === 'yearEnd') && !hit.endsWith('-12-31')) mapped = `year-end ${query.year} is the end of the company's fiscal year ${query.year}, ${shortPeriod(hit)}`;
  return { found: mapped ? { period: hit, mapped } : { period: hit } };
}

/**
 * The period a query names when no metric reads it (the narrative, which release): a date stays
 * a date, anything else is a duration; the releases' own periods settle "latest" and missing years.
 */
export function periodIdOf(query: PeriodQuery, book: Book): string | undefined {
  const have = [...new Set(book.releases.flatMap((r) => r.periods))];
  return candidates(query, query.kind === 'date', have, book.company.fiscalYearEnd)[0];
}
