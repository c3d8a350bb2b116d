/**
 * The periods said in a question, settled against each other: a year said once for several parts ("Q3 and Q4 2003"),
 * ranges ("Q1 through Q4"), the parts of each year, a fiscal year said as "FY".
 */
import { lastDayOfMonth } from '../../knowledge/periods.ts';
import { fullYear, type PeriodQuery, quarterStart, withLtmEnds } from '../../knowledge/period-grammar.ts';
import { fiscalEnd, partOf, samePart, withYear, yearOf } from './period-shift.ts';
import type { Token } from './spot.ts';
import { CUES, type Cue } from './vocabulary.ts';
import type { Join, Slots } from './slots.ts';

/** Whether a word is `year` in two or four digits ("03", "2003"). */
const saysYear = (word: string | undefined, year: number): boolean => word !== undefined && /^(?:\d{2}|\d{4})$/.test(word) && fullYear(word) === year;

/**
 * Whether `year` was said as a fiscal year's label qualifying what was said before it ("nine months ... fiscal 2004",
 * "FY04", "fiscal year 2004"), not as a period of its own: "the full fiscal year 2004", "Q3 and fiscal 2003". Not
 * `qualifying`: said as a fiscal year at all ("vs fiscal 2003" too).
 */
function fiscalYearSaid(tokens: readonly Token[], year: number, qualifying = true): boolean {
  const isYear = (w: string | undefined) => saysYear(w, year);
  return tokens.some((t, i) => {
    if (qualifying && CUES.fiscal_year_not_qualifying.includes(tokens[i - 1]?.word ?? '')) return false;
    if (t.word === 'fiscal' || t.word === 'fy') return isYear(tokens[i + 1]?.word) || (tokens[i + 1]?.word === 'year' && isYear(tokens[i + 2]?.word));
    return /^fy\d{2}(?:\d{2})?$/.test(t.word) && isYear(t.word.slice(2));
  });
}

/**
 * "Q3 to Q4 2003": a period without its year takes the year the question gives elsewhere;
 * "TTM ... as of 12/31/03": the trailing twelve months end at the other period.
 */
export function settlePeriods(slots: Slots): void {
  const periods = withLtmEnds(slots.periods);
  // "Cash at the start of Q1 2004 and Q3 2004": the start of each quarter listed after one said as a start (it gave the end of Q3).
  periods.forEach((p, i) => {
    const next = periods[i + 1];
    const listed = slots.joins.get(p) === 'list' || slots.joins.get(p) === 'comma';
    if (p.kind === 'span' && p.opensNext && listed && next?.kind === 'span' && next.months === 3 && next.year !== undefined && !next.byDate && !next.opensNext && !next.endDay) {
      periods[i + 1] = quarterStart(next.endMonth / 3, next.year);
      slots.joins.set(periods[i + 1] as PeriodQuery, slots.joins.get(next) ?? 'list');
    }
  });
  const bare = (p: PeriodQuery) => ((p.kind === 'span' || p.kind === 'ytd' || p.kind === 'ytdTo') && p.year === undefined) || p.kind === 'monthEnd';
  // "YTD as of Q2 2003", "Q3 year to date 2003": the year up to that quarter's end, one period. Listed with it ("Q3 and YTD
  // 2004 vs 2003", "Q2 and year to date, 2003 vs 2002"): the quarter, and the year to its end (never the longest part
  // of the year given, nor the quarter set against it).
  const quarter = periods.findIndex((q) => q.kind === 'span' && q.months === 3 && !q.byDate);
  const upTo = periods[quarter];
  const ytd = periods.findIndex((q) => q.kind === 'ytd');
  const yearToDate = periods[ytd];
  const join = upTo ? slots.joins.get(upTo) : undefined;
  if (upTo?.kind === 'span' && yearToDate?.kind === 'ytd') {
    const through = (year: number | undefined): PeriodQuery => ({ kind: 'span', months: upTo.endMonth as 3 | 6 | 9 | 12, endMonth: upTo.endMonth, ...(year !== undefined ? { year } : {}) });
    // A line said between ("Q3 2024 net sales and YTD net income"): listed, each line's own, never the quarter dropped.
    if (ytd === quarter + 1 && (join === 'list' || join === 'comma' || slots.lineAfter.has(upTo))) {
      periods[ytd] = through(yearToDate.year ?? upTo.year);
    } else if (yearToDate.year === undefined || (ytd === quarter + 1 && join === 'next' && (upTo.year === undefined || upTo.year === yearToDate.year))) {
      periods[quarter] = through(upTo.year ?? yearToDate.year);
      periods.splice(ytd, 1);
    }
  }
  // "Year to date through June 30, 2003": the span from the year's start already said ("through June 30, 2003"), one period.
  // Set against it ("YTD vs six months 2002"), the same span of the year after: two periods, never the year to date dropped.
  const fromStart = periods.findIndex((q) => q.kind === 'ytdTo' || (q.kind === 'span' && q.months === q.endMonth && q.months < 12));
  const bareYtd = periods.findIndex((q) => q.kind === 'ytd' && q.year === undefined);
  const span = periods[fromStart];
  const versus = Math.abs(bareYtd - fromStart) === 1 && slots.joins.get(periods[Math.min(bareYtd, fromStart)] as PeriodQuery) === 'versus';
  if (bareYtd >= 0 && quarter < 0 && versus && span?.kind === 'span' && span.year !== undefined) periods[bareYtd] = withYear(span, span.year + 1);
  else if (bareYtd >= 0 && quarter < 0 && fromStart >= 0 && !versus) periods.splice(bareYtd, 1);
  // "The six months through June 2002": that many months ended then, by its dates, one period.
  const through = periods.findIndex((q) => q.kind === 'ytdTo');
  const length = periods.findIndex((q) => q.kind === 'span' && q.year === undefined && !q.endDay && q.months === q.endMonth && !q.byDate);
  const months = periods[length];
  const to = periods[through];
  if (months?.kind === 'span' && to?.kind === 'ytdTo') {
    periods[through] = { kind: 'span', months: months.months, endMonth: to.month, year: to.year, byDate: true };
    periods.splice(length, 1);
  }
  // "YTD revenue as of June 2003": the months from January to then, one period.
  const ytdLeft = periods.findIndex((q) => q.kind === 'ytd' && q.year === undefined);
  const dated = periods.findIndex((q) => q.kind === 'date');
  const asOf = periods[dated];
  const month = asOf?.kind === 'date' ? Number(asOf.date.slice(5, 7)) : 0;
  if (ytdLeft >= 0 && quarter < 0 && asOf?.kind === 'date' && Number(asOf.date.slice(8)) === lastDayOfMonth(Number(asOf.date.slice(0, 4)), month)) {
    periods[dated] = { kind: 'ytdTo', month, year: Number(asOf.date.slice(0, 4)) };
    periods.splice(ytdLeft, 1);
  }
  // "Total assets June 30, 2003 vs last year end": the fiscal year end before the date said, as in a follow-up.
  const opening = periods.findIndex((q) => q.kind === 'opening' && !q.before);
  const on = periods.find((q) => q.kind === 'date');
  if (opening >= 0 && on?.kind === 'date') periods[opening] = { kind: 'opening', before: on.date };
  // "Revenue Q4 2003, the quarter": a part said beside a period is of that period (the same one here, said once).
  // "The quarter ... 2014", "the quarter, 2014": a bare year a part is of says which year, and is no period of its own,
  // unless listed with it or set against it ("the quarter and 2014").
  const yearsOfParts = new Set<PeriodQuery>();
  for (const [i, p] of periods.entries()) {
    const of = p.kind === 'part' ? periods.find((q) => q.kind !== 'part' && fiscalEnd(q)) : undefined;
    if (p.kind === 'part' && of) periods[i] = partOf(p, of) ?? p;
    const listed = (q: PeriodQuery) => slots.joins.get(q) === 'list' || slots.joins.get(q) === 'versus';
    if (p.kind === 'part' && of?.kind === 'year' && !listed(p) && !listed(of)) yearsOfParts.add(of);
  }
  if (yearsOfParts.size > 0) periods.splice(0, periods.length, ...periods.filter((q) => !yearsOfParts.has(q)));
  // "Q4 revenue this year": the quarter of the latest year, one period, not Q4 against a year. "Q3 of last year" is that,
  // or the same quarter a year before: asked back (`quarterOfLastYear`). Not "YTD vs last year": there the latest year
  // is what it is compared with.
  const lastYearSaid = slots.tokens.some((t, i) => ['last', 'previous', 'prior'].includes(t.word) && slots.tokens[i + 1]?.word === 'year');
  const latestYear = periods.findIndex((q) => (q.kind === 'lastYear' && !q.back) || (lastYearSaid && q.kind === 'relative' && q.years === -1 && !q.quarters && q.inYear === undefined));
  if (latestYear >= 0 && periods.some(bare) && !slots.cues.has('compare')) {
    // "YTD and last year": the year to date with its year-earlier figure beside it, as any figure shows it; never asked which.
    const ytdListed = periods[latestYear - 1]?.kind === 'ytd' && slots.joins.get(periods[latestYear - 1] as PeriodQuery) === 'list';
    periods.splice(latestYear, 1);
    // "Q2 2003 and Q2 last year" says its year: the quarter, its year-earlier figure beside it, as before.
    slots.quarterOfLastYear = lastYearSaid && !ytdListed && !periods.some((q) => q.kind === 'span' && q.year !== undefined);
  }
  // "Q1 and Q2, 2003 vs 2002", "Q4 and full year, 1993 vs 1992": parts listed, then the two years they are of, are each part
  // of each year (it set Q1 2003 against Q2 2002), the same parts of each in turn. Two parts set against each other, then
  // two years listed ("Q1 vs Q2, 2003 and 2002"), are that pair in each year, read as pairs below.
  const crossed = partsOfEachYear(periods, slots.joins, (year) => fiscalYearSaid(slots.tokens, year, false));
  if (crossed) {
    periods.splice(0, periods.length, ...crossed.periods);
    if (crossed.against) periods.forEach((p, k) => slots.joins.set(p, k % 2 === 0 ? 'versus' : 'list'));
  }
  for (let i = 0; i < periods.length; i++) {
    const p = periods[i] as PeriodQuery;
    if (!bare(p)) continue;
    // The parts from this one to the `j`-th listed one after the other ("H1, Q4 and FY 2003").
    const listedUpTo = (j: number) => periods.slice(i, j).every((q, k) => bare(q) && (slots.joins.get(q) === 'list' || (slots.joins.get(q) === 'comma' && i + k < j - 1)));
    // A part listed before another that says its year shares it ("Q1 and Q2 2003 vs 2002": Q1 2003, never Q1 2002; "Q1 and
    // Q2 2003 and Q1 and Q2 2002": the second Q1 is 2002's). Not the same part in another year ("Q4 vs Q4 1999 for 2000": the
    // bare Q4 is 2000's). The year listed right after it with a year to set against ("Q4 and full year 2003 vs 2002") is one.
    const sibling = periods.findIndex((q, j) => j > i && q.kind === 'span' && q.year !== undefined && !q.byDate
      && (q.months < 12 ? !samePart(p, q) : p.kind === 'span' && p.months < 12 && listedUpTo(j) && periods.slice(j + 1).some((r) => r.kind === 'year' || (r.kind === 'span' && r.months === 12 && r.year !== undefined && r.year !== q.year))));
    // A bare year said alongside is this period's year, not a period of its own; so is "fiscal 2004" beside a part of a
    // year ("nine-month net sales fiscal 2004": its nine months, not those and the whole year).
    const bareYear = periods.findIndex((q, j) => j !== sibling && (q.kind === 'year' || q.kind === 'yearEnd' || (q.kind === 'span' && q.months === 12 && q.year !== undefined && !q.byDate && fiscalYearSaid(slots.tokens, q.year))));
    const yearOnly = sibling >= 0 && bareYear > sibling ? -1 : bareYear;
    const source = yearOnly >= 0 ? periods[yearOnly] : sibling >= 0 ? periods[sibling] : periods.find((q) => yearOf(q) !== undefined);
    // "From March 31, 2003 to year end", "between June 30, 2003 and year end": where the range ends, the fiscal year end
    // after that date (it gave the one before it, December 31, 2002).
    const from = periods[i - 1];
    const joined = from && slots.joins.get(from);
    const between = from && slots.tokens.some((t) => t.word === 'between');
    if (p.kind === 'span' && p.months === 12 && !p.byDate && from?.kind === 'date' && (joined === 'range' || (joined === 'list' && between))) {
      periods[i] = { kind: 'closing', after: from.date };
      continue;
    }
    const said = source && yearOf(source);
    // "Since year end, as of March 2003", "cash June 30 2003, up or down from year end?": the year end before that date,
    // not the one after it.
    const yearEnd = slots.tokens.some((t, j) => t.word === 'since' || (t.word === 'year' && slots.tokens[j + 1]?.word === 'end'));
    const sinceEnd = p.kind === 'span' && p.months === 12 && source?.kind === 'date' && Number(source.date.slice(5, 7)) < 12 && yearEnd;
    const year = said !== undefined && sinceEnd ? said - 1 : said;
    if (year === undefined) continue;
    // "Q4 net income vs Q4 92": the same period compared with itself is none; the one said bare is a year from the other,
    // after it when said first ("Q4 2003 vs Q4" the year before).
    const itself = yearOnly < 0 && slots.cues.has('compare') && source && JSON.stringify(withYear(p, year)) === JSON.stringify(source);
    periods[i] = withYear(p, itself ? (periods.indexOf(source) > i ? year + 1 : year - 1) : year);
    const join = slots.joins.get(p);
    if (join) slots.joins.set(periods[i] as PeriodQuery, join);
    // "Revenue in 2003 and in Q4", "Q4 and fiscal 2003": a year listed right beside the part is asked too, as the part's
    // year and a period of its own (it gave Q4 alone).
    const listedBeside = yearOnly >= 0 && Math.abs(yearOnly - i) === 1 && slots.joins.get(periods[Math.min(yearOnly, i)] as PeriodQuery) === 'list';
    if (yearOnly >= 0 && !listedBeside) {
      periods.splice(yearOnly, 1);
      if (yearOnly < i) i--;
    }
  }
  // "Q2 vs Q1 2003 and 2002": two parts as long of one year set against each other, then another year listed, are that pair
  // in each year, read as pairs below (it listed FY 2002 beside them).
  const [first, second, another] = periods;
  if (periods.length === 3 && first?.kind === 'span' && second?.kind === 'span' && another?.kind === 'year' && first.year !== undefined && first.year === second.year
    && another.year !== first.year && first.months === second.months && !samePart(first, second) && slots.joins.get(first) === 'versus' && slots.joins.get(second) === 'list') {
    const pairs = [first, second, withYear(first, another.year), withYear(second, another.year)];
    periods.splice(0, 3, ...pairs);
    pairs.forEach((p, k) => slots.joins.set(p, k % 2 === 0 ? 'versus' : 'list'));
  }
  // Pairs set against each other, listed ("Q4 2003 vs Q3 2003 and H1 2003 vs 2002"): a year alone set against a part is that
  // part of it (H1 2002), as in one pair ("Q4 2003 vs 2002" is Q4 2002); never a year set against parts listed ("Q1 and Q2
  // 2003 vs 2002"), nor a chain ("2003 vs 2002 vs 2001").
  const [firsts, seconds] = [periods.filter((_, k) => k % 2 === 0), periods.filter((_, k) => k % 2 === 1)];
  const inPairs = periods.length >= 4 && periods.length % 2 === 0 && firsts.every((p) => slots.joins.get(p) === 'versus')
    && seconds.slice(0, -1).every((p) => slots.joins.get(p) === 'list' || slots.joins.get(p) === 'comma');
  firsts.forEach((p, k) => {
    const against = seconds[k];
    if (inPairs && p.kind === 'span' && p.year !== undefined && against?.kind === 'year' && against.year !== p.year) seconds[k] = periods[2 * k + 1] = withYear(p, against.year);
  });
  // Pairs of another kind ("Q4 2003 vs Q3 2003 and H1 2003 vs H1 2002"): each its own change, the later of each first; only
  // pairs of like lengths (a quarter against a year is asked back, never computed), each period in one pair alone.
  const laterKey = (p: PeriodQuery | undefined) => (p?.kind === 'span' && p.year !== undefined ? p.year * 12 + p.endMonth : undefined);
  const sayPairs = inPairs && new Set(periods.map((p) => JSON.stringify(p))).size === periods.length
    && firsts.every((p, k) => { const q = seconds[k]; return p.kind === 'span' && q?.kind === 'span' && p.months === q.months && laterKey(p) !== laterKey(q); })
    && !firsts.every((p, k) => samePart(p, seconds[k]));
  if (sayPairs) {
    const ordered = firsts.map((p, k) => ((laterKey(p) ?? 0) > (laterKey(seconds[k]) ?? 0) ? [p, seconds[k] as PeriodQuery] : [seconds[k] as PeriodQuery, p]));
    periods.splice(0, periods.length, ...ordered.map(([later]) => later as PeriodQuery), ...ordered.map(([, earlier]) => earlier as PeriodQuery));
    slots.pairsSaid = true;
  }
  // "Nine months fiscal 2024 vs fiscal 2023", "Q3 and YTD fiscal 2024 vs fiscal 2023": a fiscal year set against parts of
  // another, both said so, is the year of the same parts, never its whole (it set 9M 2024 against FY 2023). Said with the
  // word: "FY 2023" is the whole year, as people write it, and so is one said whole ("full fiscal 2023", "all of fiscal 2023").
  const comparing = ['compare', 'change', 'difference', 'growth'].some((c) => slots.cues.has(c as Cue));
  const wholeBefore = (i: number) => [slots.tokens[i - 1]?.word, slots.tokens[i - 2]?.word].some((w) => w !== undefined && CUES.whole_year_words.includes(w));
  const fiscalWord = (year: number) => slots.tokens.some((t, i) => t.word === 'fiscal' && !wholeBefore(i) && saysYear(slots.tokens[i + 1]?.word, year));
  const whole = periods[periods.length - 1];
  const partsOfFiscal = yearOfParts(periods.slice(0, -1));
  if (comparing && whole?.kind === 'span' && whole.months === 12 && whole.year !== undefined && !whole.byDate && partsOfFiscal !== undefined && partsOfFiscal !== whole.year && fiscalWord(whole.year) && fiscalWord(partsOfFiscal)) {
    periods[periods.length - 1] = { kind: 'year', year: whole.year };
  }
  // "Q4 2003 vs Q4 2002 and FY 2003 vs FY 2002", "Q4 2003 vs 2002 and FY 2003 vs 2002": each part against its own, said in
  // pairs: the parts of one year, then the other's.
  const [pairedFirst, pairedSecond] = [periods.filter((_, k) => k % 2 === 0), periods.filter((_, k) => k % 2 === 1)];
  const [firstYear, secondYear] = [yearOfParts(pairedFirst), yearOfParts(pairedSecond)];
  if (comparing && !slots.pairsSaid && periods.length >= 4 && periods.length % 2 === 0 && pairedFirst.every((p, k) => samePart(p, pairedSecond[k]))
    && firstYear !== undefined && secondYear !== undefined && firstYear !== secondYear) {
    periods.splice(0, periods.length, ...pairedFirst, ...pairedSecond);
  }
  // "Q1 and Q2 2003 vs prior year", "Q4 and full year 2003 vs a year earlier": the year before the one the parts are of.
  const last = periods[periods.length - 1];
  const parts = periods.slice(0, -1);
  const partsYear = parts.length >= 2 ? yearOfParts(parts) : undefined;
  if (comparing && partsYear !== undefined && last?.kind === 'relative' && last.years === -1 && !last.quarters && last.inYear === undefined) {
    periods[periods.length - 1] = { kind: 'year', year: partsYear - 1 };
  }
  // Not a change "from Q3 2002 to Q3 2003": its two ends are what is compared; a range beside another period ("Q1 to Q3
  // 2003 vs 2002") is every quarter of it.
  for (let k = 0; k < periods.length - 1 && !(comparing && periods.length === 2); k++) {
    const range = slots.joins.get(periods[k] as PeriodQuery) === 'range' ? quartersBetween(periods.slice(k, k + 2)) : undefined;
    if (range) periods.splice(k, 2, ...range);
  }
  // "Q1 and Q2 2003 and 2002": the same parts of the year listed after them, never its total beside them (a year's total
  // is said so: "and the 2002 total"); set against it ("vs 2002"), each part against its own (readQuestion).
  const listedYear = periods[periods.length - 1];
  const listedParts = periods.slice(0, -1);
  const yearListed = listedParts.length >= 2 ? yearOfParts(listedParts) : undefined;
  if (!comparing && listedYear?.kind === 'year' && yearListed !== undefined && yearListed !== listedYear.year && slots.joins.get(listedParts[listedParts.length - 1] as PeriodQuery) === 'list') {
    periods.splice(listedParts.length, 1, ...listedParts.map((p) => withYear(p, listedYear.year)));
  }
  const seen = new Set<string>();
  slots.periods = periods.filter((p) => {
    const key = JSON.stringify(p);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "Q1 2003 through Q4 2003": every quarter from the first to the last, at most three years of them; undefined unless two quarters said so. */
function quartersBetween(periods: readonly PeriodQuery[]): PeriodQuery[] | undefined {
  const [a, b] = periods;
  const index = (p: PeriodQuery | undefined) => (p?.kind === 'span' && p.months === 3 && !p.byDate && p.year !== undefined ? p.year * 4 + p.endMonth / 3 - 1 : undefined);
  const [from, to] = [index(a), index(b)];
  if (periods.length !== 2 || from === undefined || to === undefined || to <= from || to - from >= 12) return undefined;
  return Array.from({ length: to - from + 1 }, (_, k) => ({ kind: 'span', months: 3, endMonth: (((from + k) % 4) + 1) * 3, year: Math.floor((from + k) / 4) }));
}

/** The year every one of `ps` is a span of, one at least less than the whole year ("Q4 2003 and FY 2003": 2003). */
function yearOfParts(ps: readonly PeriodQuery[]): number | undefined {
  const [first] = ps;
  const year = first?.kind === 'span' ? first.year : undefined;
  return year !== undefined && ps.every((p) => p.kind === 'span' && p.year === year) && ps.some((p) => p.kind === 'span' && p.months < 12) ? year : undefined;
}

/**
 * Parts of a year listed ("Q1 and Q2", "Q4 and full year") and two years alone: each part in each year, year by year.
 * `against`: the parts are two as long set against each other ("Q1 vs Q2") and the years listed ("2003 and 2002"), a pair in
 * each year.
 */
function partsOfEachYear(periods: readonly PeriodQuery[], joins: ReadonlyMap<PeriodQuery, Join>, fiscal: (year: number) => boolean): { periods: PeriodQuery[]; against: boolean } | undefined {
  // A year alone, or a fiscal year's label after a comma, never one listed with the parts ("H1, Q4 and FY 2003 vs 2002").
  const labelled = joins.get(periods[periods.length - 3] as PeriodQuery) === 'comma';
  const yearOfAlone = (p: PeriodQuery | undefined) => (p?.kind === 'year' ? p.year : labelled && p?.kind === 'span' && p.months === 12 && p.year !== undefined && !p.byDate && fiscal(p.year) ? p.year : undefined);
  // The years said first ("2002 vs 2003, Q1 and Q2", "between 2002 and 2003 for Q1 and Q2") or last.
  const yearsFirst = periods[0]?.kind === 'year' && periods[1]?.kind === 'year';
  const parts = yearsFirst ? periods.slice(2) : periods.slice(0, -2);
  const yearsSaid = yearsFirst ? periods.slice(0, 2) : periods.slice(-2);
  const years = yearsSaid.flatMap((p) => yearOfAlone(p) ?? []);
  const listedBy = (p: PeriodQuery | undefined) => joins.get(p as PeriodQuery) === 'list' || joins.get(p as PeriodQuery) === 'comma';
  const bare = parts.every((p) => p.kind === 'span' && p.year === undefined && !p.byDate);
  const [one, other] = parts;
  const alike = one?.kind === 'span' && other?.kind === 'span' && one.months === other.months;
  const against = parts.length === 2 && alike && joins.get(one) === 'versus' && listedBy(yearsSaid[0]);
  const listed = against || parts.every((p, i) => i === parts.length - 1 || listedBy(p));
  if (parts.length < 2 || years.length !== 2 || years[0] === years[1] || !bare || !listed) return undefined;
  return { periods: years.flatMap((year) => parts.map((p) => withYear(p, year))), against };
}

/**
 * The same parts of two years, as said to be set against each other: parts of one year, then the other year ("Q1 and Q2
 * 2003 vs 2002", "Q4 and full year 2003 vs 2002"), or the same parts of each in turn ("Q1 and Q2 2003 vs Q1 and Q2 2002").
 * The parts (their year dropped) and the two years; undefined for anything else, a year alone never among the parts.
 */
export function partsOfTwoYears(periods: readonly PeriodQuery[], joins: ReadonlyMap<PeriodQuery, Join>): { parts: PeriodQuery[]; years: [number, number] } | undefined {
  const last = periods[periods.length - 1];
  const parts = periods.slice(0, -1);
  // Never parts set against each other ("Q4 2003 vs Q3 2003 and FY 2003 vs 2002").
  const year = parts.some((p, i) => i < parts.length - 1 && joins.get(p) === 'versus') ? undefined : yearOfParts(parts);
  // The other year said alone, or as its whole beside the whole of the first ("Q4 and FY 2014 vs FY 2013"; "Q1 and Q2 2003
  // vs FY 2002" sets the quarters against the year).
  const wholeAmongParts = parts.some((p) => p.kind === 'span' && p.months === 12);
  const other = last?.kind === 'year' || (last?.kind === 'span' && last.months === 12 && !last.byDate && wholeAmongParts) ? last.year : undefined;
  if (year !== undefined && other !== undefined && other !== year && parts.length >= 2) return { parts, years: [year, other] };
  const half = periods.length / 2;
  const [mine, theirs] = [periods.slice(0, half), periods.slice(half)];
  const [myYear, theirYear] = [yearOfParts(mine), yearOfParts(theirs)];
  if (half >= 2 && Number.isInteger(half) && myYear !== undefined && theirYear !== undefined && theirYear !== myYear && mine.every((p, i) => samePart(p, theirs[i]))) {
    return { parts: mine, years: [myYear, theirYear] };
  }
  return undefined;
}
