/**
 * Periods in the ways people write them: `Q4 2003`, `4Q03`, `Q4'03`, `fourth quarter of 2003`,
 * `three months ended June 30, 2003`, `H1 2003`, `first half 2003`, `six months 2003`, `nine months`,
 * `FY2002`, `fiscal 2002`, `full year 2003`, `2003`, `year-end 2003`, `December 31, 2002`,
 * `Dec 31 2002`, `3/31/2003`, `at the end of June 2003`, `latest`, `last quarter`, and the ids `2003-Q4`.
 *
 * One grammar for the sentences of releases (parse/narrative.ts) and people's questions. Table
 * column headers are read by parse/column-period.ts, with this grammar's month and year patterns:
 * a header is a period pieced together from stacked rows, a fiscal label or a segment's name. This
 * reads text only; which period of the snapshot a question means for a given metric is
 * commands/understand/resolve.ts.
 */
import { capitalized } from './text.ts';
import { isoDate, lastDayOfMonth, MONTHS, monthNumber, type Period } from './periods.ts';
import { nearestMonthEnd } from './fiscal.ts';
import { literalGates } from './literal-gate.ts';

export type PeriodQuery =
  /**
   * A quarter, half, nine months or year; `year` missing when the text gave none ("Q4"): the latest, or
   * with `back`, that many fiscal years before the latest period's ("Q3 of last year", as one reading of it).
   * `opensNext`: a quarter said as the start of the one after it ("the beginning of Q3 2004" is the close of Q2 2004, in
   * the company's own calendar): its closing balance only, which no flow has.
   */
  | { kind: 'span'; months: 3 | 6 | 9 | 12; endMonth: number; year?: number; endDay?: number; byDate?: true; back?: number; opensNext?: true }
  /** A balance-sheet date; `wholeMonth`: said as a month ("June 2004", "end of June 2003"), its day not given. */
  | { kind: 'date'; date: string; wholeMonth?: true }
  /** A bare year, "2003": the fiscal year for flows, its last day for balances. */
  | { kind: 'year'; year: number }
  /**
   * "year-end 2003": the last day for balances, the fiscal year for flows; `opening`: said as the start of the next
   * ("the start of fiscal 2004"), a balance sheet's date only, which no flow has.
   */
  | { kind: 'yearEnd'; year: number; opening?: true }
  | { kind: 'latest' }
  /** The latest quarter; `back` quarters before it ("the quarter before last": 1). */
  | { kind: 'lastQuarter'; back?: number }
  /** The latest fiscal year; `back` years before it ("the year before last": 1). */
  | { kind: 'lastYear'; back?: number }
  /** A month's end without its year ("end of June", "mid-year"): the year comes from the question or the conversation. */
  | { kind: 'monthEnd'; month: number }
  /** The twelve months ending at `at` ("TTM as of 12/31/03", "LTM at 2Q03"); `at` missing: the latest. */
  | { kind: 'ltm'; at?: PeriodQuery }
  /**
   * "a year earlier", "the year before", "the prior quarter": that far before the period it is said against. `inYear`:
   * the same part of that year as the period it moves from ("the same quarter of 2001"). `each`: every period from there
   * to the one beside the period it moves from ("the two quarters before" Q4 2003: Q2 and Q3 2003), read as that many
   * periods (commands/understand/slots.ts), never the farthest alone; `orLatest`: said as "the previous two quarters",
   * which said of no period can be the latest ones.
   */
  | { kind: 'relative'; years: number; quarters?: number; inYear?: number; each?: true; orLatest?: true }
  /**
   * A period id of the snapshot, as buttons and menus carry it; `byDate`: settled from a period said by its dates, which
   * asked of another company are the months it covered; `own`: settled from a period said of the company's own calendar
   * ("last quarter", "year to date", "since year end") or from none said (the latest), which asked of another company is
   * that company's own, and `part` from a part of a year said without its year ("Q4": the latest Q4), which of another
   * company is its latest such part; `found`: not said but found so many quarters before the period it is compared with
   * (4, a year earlier; 1, the quarter before or a balance at the quarter's start), which of another company is found
   * again from its own period.
   */
  | { kind: 'id'; id: string; byDate?: true; own?: 'lastQuarter' | 'lastYear' | 'ytd' | 'latest' | 'opening' | 'part'; found?: number }
  /** "Year to date 2004", "YTD": the longest part of that fiscal year the releases give; `year` missing: the latest. */
  | { kind: 'ytd'; year?: number }
  /**
   * "YTD June 2003", "through September 2003": the company's fiscal year from its start to its period ending in that
   * month of that year (a calendar year's first six months; Apple's nine, its year ending in September); `year` missing
   * ("through June 30"): the latest that has it.
   */
  | { kind: 'ytdTo'; month: number; year?: number }
  /** "The last four quarters", "the past two years": the latest that many the releases give. */
  | { kind: 'recent'; count: number; unit: 'quarter' | 'year' }
  /**
   * "And the quarter?", "for the half?": that many months of the period said before, ending when it ends; `before`: "the
   * nine months before" Q4 2003, those ending when it starts (9M 2003).
   */
  | { kind: 'part'; months: 3 | 6 | 9; before?: true }
  /**
   * "The beginning of the year", "the prior year end" with no year: the balance at the fiscal year end before a
   * balance sheet's date, `before` (a follow-up's: "and at the prior year end?" after June 30, 2003; or the fiscal period
   * asked, `2000-Q3`, where no balance sheet was printed at its end), else the
   * latest one. `through`: that date's own year end counts ("the last year end" is the latest one there is).
   * `latest`: "the latest", "the most recent" year end: after a date that is a year end itself, that date's (after
   * Verizon's December 31, 2000, that one), where "the last year end" is the one before it (December 31, 1999).
   */
  | { kind: 'opening'; before?: string; through?: true; latest?: true }
  /**
   * The first fiscal year end after a balance sheet's date, where a change runs to: "from March 31, 2003 to year end",
   * "change to year end?" after June 30, 2003 (never the year end before it, which "since year end" means).
   */
  | { kind: 'closing'; after: string };

export interface FoundPeriod {
  query: PeriodQuery;
  start: number;
  end: number;
  text: string;
}

/** A month's name or abbreviation, captured. */
export const MONTH_PATTERN = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
/** A year, never the start of a dotted date or a decimal ("30.06.2003", "2003.06.30"). */
const YEAR = String.raw`(?:(?:'|’)?((?:19|20)\d{2}|\d{2})(?!\.\d))`;
/** Ordinals as a period's parts are said: "the first quarter", "2nd half". */
export const ORDINAL: Readonly<Record<string, number>> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 };
const SPAN: Record<string, 3 | 6 | 9 | 12> = { three: 3, '3': 3, six: 6, '6': 6, nine: 9, '9': 9, twelve: 12, '12': 12 };
/** Words naming a year's closing months ("the last six months", "the final three months"). */
const CLOSING = '(?:last|final|closing)';
/** A year's last nine months, which no release reports. */
const LAST_NINE_MONTHS = new RegExp(String.raw`\b${CLOSING}\s+(?:nine|9)[- ]months?\b`, 'i');
const COUNT: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };
/** A count of weeks a 52/53-week year's period is said by (WEEKS' keys, a hyphen or a space between words). */
const WEEK_COUNT = String.raw`13|26|39|52|53|thirteen|twenty[- ]six|thirty[- ]nine|fifty[- ]two|fifty[- ]three`;
const WEEKS: Record<string, 3 | 6 | 9 | 12> = {
  '13': 3, thirteen: 3, '26': 6, 'twenty six': 6, '39': 9, 'thirty nine': 9, '52': 12, '53': 12, 'fifty two': 12, 'fifty three': 12,
};

/** "03" is 2003, "99" 1999. */
export function fullYear(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const n = Number(text);
  if (text.length === 4) return n;
  return n >= 50 ? 1900 + n : 2000 + n;
}

/** A date's year: in full, or in two digits after an apostrophe ("March 31, '03"); two digits alone could be a day. */
const DATE_YEAR = String.raw`((?:19|20)\d{2}|['’]\d{2})`;
/** Two digits after a month that are a day rather than a year: past the twelfth ("June 26", "September 30"). */
const DAY_PAST_TWELFTH = String.raw`(?:1[3-9]|2\d|3[01])\b`;
/** A month's name starting, for a look ahead only: enough to tell that a month's name follows. */
const MONTH_START = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)`;
/** A span's end as said: "ended", "ending on", "ended in", or in a clause of its own ("the year that ended May 31, 2014", "which ended"). */
const ENDED = String.raw`(?:(?:that|which)\s+)?end(?:ed|ing)(?:\s+(?:on|in))?`;
/** A comma before a clause saying a span's end ("the year, which ended May 31, 2014"): put before the space ahead of ENDED. */
const CLAUSE_COMMA = String.raw`(?:,(?= (?:that|which) ))?`;
/** After "the end of the prior year": a part of that year said ("prior year quarter", "last year's second quarter"), whose end it is, not the year's. */
const OF_ITS_PART = String.raw`[- ]?(?:quarter|period|half|qtr)s?\b|['’]s?\b`;
/**
 * A year after a span's end ("six months to june 03", "year to dec '03"): two digits need no apostrophe, a span being
 * said, unless they could be a day past the twelfth ("the quarter ended September 30", "June 26": Apple's quarter's end).
 */
const SPAN_END_YEAR = String.raw`((?:19|20)\d{2}|['’]\d{2}|(?!${DAY_PAST_TWELFTH})\d{2})(?![\d.,%/]|st|nd|rd|th)`;
const dateYear = (text: string | undefined): number => fullYear(text?.replace(/^['’]/, '')) ?? 0;

/** Whether a day is a month's last in some year (February's 28th or 29th): "June 30" said without its year. */
const isLastDay = (month: number, day: number): boolean => day === lastDayOfMonth(2001, month) || (month === 2 && day === 29);

type Rule = [RegExp, (m: RegExpExecArray) => PeriodQuery | undefined];

/** +1 for a shift forward in time ("later", "after", "on"), -1 for one back. */
const later = (word: string | undefined): 1 | -1 => (/^(later|after|on|following)$/i.test(word ?? '') ? 1 : -1);

/** Each of a count of quarters or years (at most five) one way from a period: "the two quarters before", "the previous 2 years". */
function eachAway(countSaid: string | undefined, unit: string | undefined, direction: 1 | -1, orLatest?: true): PeriodQuery | undefined {
  const by = direction * (COUNT[(countSaid ?? '').toLowerCase()] ?? Number(countSaid));
  const latest = orLatest ? { orLatest } : {};
  if (!/^years$/i.test(unit ?? '')) return { kind: 'relative', years: 0, quarters: by, each: true, ...latest };
  return Math.abs(by) > 5 ? undefined : { kind: 'relative', years: by, each: true, ...latest };
}

const quarter = (q: number, year?: number): PeriodQuery => ({ kind: 'span', months: 3, endMonth: q * 3, ...(year ? { year } : {}) });

/** The months of a span said by its kind: "quarter ended", "half year ended", "year to". */
const KIND_SPAN: Record<string, 3 | 6 | 12> = { quarter: 3, 'half year': 6, half: 6, 'fiscal year': 12, year: 12 };
const spanKind = (word: string | undefined) => (word ?? '').toLowerCase().replace('-', ' ');

/** "Calendar 2014", "calendar year 2014", "CY14". */
const CALENDAR = String.raw`(?:calendar(?:\s+year)?|cy)`;

/** The `n`-th quarter (`months` 3) or half (6) of a calendar year, by its dates; none past the year's end ("H3"). */
function calendarPart(months: 3 | 6, n: number | undefined, year: string | undefined): PeriodQuery | undefined {
  const full = fullYear(year);
  if (!n || !full || n * months > 12) return undefined;
  return { kind: 'span', months, endMonth: n * months, year: full, byDate: true };
}
/** The start of fiscal quarter `q` of `year`: the close of the quarter before it, a balance's date only (`opensNext`). */
export function quarterStart(q: number, year: number): PeriodQuery {
  return { kind: 'span', months: 3, endMonth: q === 1 ? 12 : (q - 1) * 3, year: q === 1 ? year - 1 : year, opensNext: true };
}

/** A calendar year's first `months` months, by their dates. */
function calendarMonths(months: 3 | 6 | 9 | 12 | undefined, year: string | undefined): PeriodQuery | undefined {
  const full = fullYear(year);
  return months && full ? { kind: 'span', months, endMonth: months, year: full, byDate: true } : undefined;
}
const date = (y: number, month: string | undefined, day?: string): PeriodQuery | undefined => {
  const m = monthNumber((month ?? '').slice(0, 3));
  if (!m) return undefined;
  if (!day) return { kind: 'date', date: isoDate(y, m, lastDayOfMonth(y, m)), wholeMonth: true };
  const d = Number(day);
  return d >= 1 && d <= lastDayOfMonth(y, m) ? { kind: 'date', date: isoDate(y, m, d) } : undefined;
};

type Ymd = [year: number, month: number, day: number];
const isDate = ([year, month, day]: Ymd) => month >= 1 && month <= 12 && day >= 1 && day <= lastDayOfMonth(year, month);

/**
 * A date in figures with dots: "2003.06.30" year first; otherwise writers put the day first ("30.06.2003") or the
 * month first ("06.30.2003"), so not part of a longer dotted number (an address, "1.2.2003.4") nor its year alone.
 */
const DOTTED = String.raw`(?<!\d\.)(?:(?:19|20)\d{2}\.\d{1,2}\.\d{1,2}|\d{1,2}\.\d{1,2}\.(?:(?:19|20)\d{2}|\d{2}))\b(?!\.\d)`;
/** A date in figures, month/day/year with slashes or dotted, captured whole. */
const FIGURE_DATE = String.raw`(\d{1,2}/\d{1,2}/(?:(?:19|20)\d{2}|\d{2})\b|${DOTTED})`;
/** A span's end in figures: as FIGURE_DATE, or year-month-day ("the year ended 2014-05-31"). */
const END_FIGURES = String.raw`(\d{1,2}/\d{1,2}/(?:(?:19|20)\d{2}|\d{2})\b|${DOTTED}|(?:19|20)\d{2}-\d{2}-\d{2}\b)`;
/**
 * A span's end in words, month first ("May 31, 2014", "June 2003") or day first ("31 May 2014"): its groups are the
 * month and day said month first, then the day and month said day first (`namedEnd` reads them).
 */
const END_NAMED = String.raw`(?:${MONTH_PATTERN}(?: (\d{1,2})(?:st|nd|rd|th)?,?)?|(\d{1,2})(?:st|nd|rd|th)? ${MONTH_PATTERN},?)`;
const namedEnd = (m: RegExpExecArray, at: number) => ({ month: m[at] ?? m[at + 3], day: m[at + 1] ?? m[at + 2] });

/** The dates a dotted date can be, each once: day first and month first both tried, unless the year comes first. */
function dottedReadings(text: string): Ymd[] {
  const [a, b, c] = text.split('.').map(Number) as [number, number, number];
  if (a >= 1900) return [[a, b, c] as Ymd].filter(isDate);
  const year = fullYear(text.split('.')[2]) ?? 0;
  const readings: Ymd[] = a === b ? [[year, a, a]] : [[year, b, a], [year, a, b]];
  return readings.filter(isDate);
}

/**
 * The date a date in figures is: month/day/year with slashes, as US releases write it; dotted, only the one date it
 * can be ("30.06.2003", "3.31.2003"), never a guess between two ("03.06.2003": March 6 or June 3, said back by
 * `impossiblePeriod`).
 */
function figureDate(text: string): Ymd | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return [[Number(iso[1]), Number(iso[2]), Number(iso[3])] as Ymd].find(isDate);
  if (!text.includes('/')) {
    const readings = dottedReadings(text);
    return readings.length === 1 ? readings[0] : undefined;
  }
  const [month, day, year] = text.split('/');
  return [[fullYear(year) ?? 0, Number(month), Number(day)] as Ymd].find(isDate);
}

/** "three months ended June 30, 2003": the span, its end month and, as printed, its end day. */
function ended(months: 3 | 6 | 9 | 12, monthName: string | undefined, day: string | undefined, yearText: string | undefined): PeriodQuery | undefined {
  const month = monthNumber((monthName ?? '').slice(0, 3));
  const year = fullYear(yearText);
  if (!month || !year || Number(day) < 1 || Number(day) > lastDayOfMonth(year, month)) return undefined;
  // A month's last day is the usual end and stays implied; another day (a 52-week year) is kept.
  return { kind: 'span', months, endMonth: month, year, byDate: true, ...(Number(day) === lastDayOfMonth(year, month) ? {} : { endDay: Number(day) }) };
}

/** The same with the end in figures ("quarter ended 6/30/2003", "three months ended 30.06.2003"). */
function endedOn(months: 3 | 6 | 9 | 12 | undefined, text: string | undefined): PeriodQuery | undefined {
  const end = figureDate(text ?? '');
  return months && end ? ended(months, MONTHS[end[1] - 1], String(end[2]), String(end[0])) : undefined;
}

/** "The quarter", "the half", "the 26 weeks": how many months each names, as a part of the period said before. */
const PART_MONTHS: Record<string, 3 | 6 | 9> = { quarter: 3, three: 3, '3': 3, '13': 3, thirteen: 3, half: 6, six: 6, '6': 6, '26': 6, twenty: 6, nine: 9, '9': 9, '39': 9, thirty: 9 };

const ORDINAL_WORD = '(?:first|second|third|fourth|1st|2nd|3rd|4th)';
/**
 * Words saying a period's start, whose balance is the close of the period before: "the beginning of", "the start of",
 * and "going into", "heading into", "entering" (they were unread: "cash going into Q2 2003" gave the quarter's end).
 */
const OPENS = String.raw`(?:(?:the )?(?:beginning|start) of|going into|heading into|coming into|entering)`;
/** "Going into" and its like, before words of a period ("the june quarter 2003", "it"): checked against what was read. */
const ENTERING = /\b(?:going into|heading into|coming into|entering)\b(?=(?:\s+\S+){0,4}?\s+(?:it|that|then|quarter|qtr|half|year|q[1-4]|[1-4]q|h[12]|[12]h|fy\d*|fiscal|(?:19|20)\d{2}|['’]?\d{2})\b)/gi;
/**
 * A quarter of a year as said: "Q3 2003", "3Q03", "the third quarter of 2003", "Q3 fiscal 2003". Its groups are read by
 * `quarterOfYear`, and must be the rule's first four.
 */
const QUARTER_OF_YEAR = String.raw`(?:q([1-4])|([1-4])q|(${ORDINAL_WORD})[- ](?:fiscal )?(?:quarter|qtr)(?:\s+of)?)[\s-]*(?:(?:fiscal|fy)\s*)?${YEAR}\b`;
const quarterOfYear = (m: RegExpExecArray): { q: number; year: number } | undefined => {
  const q = m[1] ?? m[2] ? Number(m[1] ?? m[2]) : ORDINAL[(m[3] ?? '').toLowerCase()];
  const year = fullYear(m[4]);
  return q && year ? { q, year } : undefined;
};
const OPENS_WITHOUT_YEAR = new RegExp(String.raw`\b${OPENS} (?:the )?(?:q[1-4]|[1-4]q|${ORDINAL_WORD}[- ](?:fiscal )?(?:quarter|qtr|half)|h[12]|[12]h)\b(?!(?:\s+of)?[\s-]*(?:(?:fiscal|fy)\s*)?${YEAR})`, 'i');
/** After an ordinal: more ordinals listed ("and second", ", second and third"), then the part they are of (`noun`). */
const listedBefore = (noun: string) => String.raw`(?:(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)${ORDINAL_WORD})+[- ]${noun}\b`;

/** Most specific first: a rule's match hides any later rule's match over the same words. */
const RULES: Rule[] = [
  // "Q2 and half, 2003 vs 2002", "fourth quarter and half": the half the quarter is in, listed after it.
  [/(?<=\b(?:q([1-4])|([1-4])q|(first|second|third|fourth|1st|2nd|3rd|4th)[- ](?:fiscal )?(?:quarter|qtr))\s+(?:and|&)\s+(?:the\s+)?)half(?:[- ]year)?\b(?![- ]?(?:over|on|to|end|ended|ending|before|after|earlier|later|ago)\b)/gi, (m) => {
    const n = Number(m[1] ?? m[2]) || ORDINAL[(m[3] ?? '').toLowerCase()] || 0;
    return n ? { kind: 'span', months: 6, endMonth: n <= 2 ? 6 : 12 } : undefined;
  }],
  // "The last quarter of 2003", "final quarter of 03": its fourth quarter, not the latest quarter
  // against the year; first, before "fiscal 2014" alone is read.
  [new RegExp(String.raw`\b(?:the )?(?:last|final) quarter of (?:(?:fiscal(?:\s+year)?|fy)\s*)?${YEAR}\b`, 'gi'), (m) => quarter(4, fullYear(m[1]))],
  // "Revenue last half", "the latest half year": the latest half, as "the half" alone is (it gave the latest quarter, or
  // "half year"'s first half).
  [/\b(?:the\s+)?(?:last|latest|most recent|past|recent)\s+half(?:[- ]year)?\b(?!\s+(?:of|to|ended|ending|through|thru)\b)(?!\s*['’]?\d)/gi, () => ({ kind: 'part', months: 6 })],
  // "And the quarter?" after a year, "for the half?" after a quarter: a part of the period said before, ending when it
  // ends; never one said with its own end, year or order ("the quarter ended June 30", "the half of 2003", "the quarter before").
  // Not with the date it ended said ("the quarter ended June 30", "that ended 6/26/04"): its span then, read below; "the
  // quarter that ended then" and "the half that ended fiscal 2014" are parts.
  [new RegExp(String.raw`\b(?:just )?the (quarter|half(?:[- ]year)?|(?:three|3|six|6|nine|9) months|(?:13|26|39|thirteen|twenty[- ]six|thirty[- ]nine) weeks)\b(?![- ]?(?:year|years|weeks?|months?|quarters?|[a-z]*ly)\b)(?!\s+(?:of|in|for|end|before|after|earlier|later|ago|to|through|thru|prior|preceding|leading|from|\d)\b)(?!${CLAUSE_COMMA}\s+${ENDED}\s+(?:${MONTH_START}|\d{1,2}[/.]\d|\d{4}-\d|\d{1,2}(?:st|nd|rd|th)? ${MONTH_START}))(?!\s*['’]?\d)`, 'gi'), (m) => {
    const months = PART_MONTHS[(m[1] ?? '').toLowerCase().split(/[- ]/)[0] ?? ''];
    return months ? { kind: 'part', months } : undefined;
  }],
  // "And for the nine months before?" after Q4 2003, "the six months preceding it": the months up to that period, a part
  // of its year (9M 2003), never a shift of the period by so many months ("nine months before", Q1 2003).
  [/\bthe (three|3|six|6|nine|9) months (?:before|prior|preceding|leading up to)(?: (?:it|that|then|this))?(?![- ]?(?:year|quarter|period|\d))\b/gi, (m) => {
    const months = PART_MONTHS[(m[1] ?? '').toLowerCase()];
    return months ? { kind: 'part', months, before: true } : undefined;
  }],
  // "The first half of calendar 2014", "Q1 of calendar 2014", "CY2014 Q1": the calendar's months,
  // whatever the company's fiscal year (its period ending then, or none), never its fiscal half.
  [new RegExp(String.raw`\b(first|second|1st|2nd)[- ]half\s+(?:of\s+)?${CALENDAR}\s*${YEAR}\b`, 'gi'), (m) => calendarPart(6, ORDINAL[(m[1] ?? '').toLowerCase()], m[2])],
  [new RegExp(String.raw`\b(first|second|third|fourth|1st|2nd|3rd|4th)[- ](?:quarter|qtr)\s+(?:of\s+)?${CALENDAR}\s*${YEAR}\b`, 'gi'), (m) => calendarPart(3, ORDINAL[(m[1] ?? '').toLowerCase()], m[2])],
  // "The first nine months of calendar 2004", "the first three quarters of CY2013": the calendar's months from January,
  // never the company's fiscal nine months (Apple's ended in June) with the calendar year said as a second period.
  // "(The first) nine months of (the) calendar (year) 2004", "CY2004 first 9 months" alike.
  [new RegExp(String.raw`\b(?:first )?(three|six|nine|3|6|9) months,?\s+(?:of\s+)?(?:the\s+)?${CALENDAR}\s*${YEAR}\b`, 'gi'), (m) => calendarMonths(SPAN[(m[1] ?? '').toLowerCase()], m[2])],
  [new RegExp(String.raw`\bfirst (two|three|2|3) quarters\s+(?:of\s+)?(?:the\s+)?${CALENDAR}\s*${YEAR}\b`, 'gi'), (m) => calendarMonths(/^(two|2)$/i.test(m[1] ?? '') ? 6 : 9, m[2])],
  [new RegExp(String.raw`\b${CALENDAR}\s*${YEAR}(?:['’]s)?,?\s+(?:the\s+)?first (three|six|nine|3|6|9) months\b`, 'gi'), (m) => calendarMonths(SPAN[(m[2] ?? '').toLowerCase()], m[1])],
  [new RegExp(String.raw`\b(?:([qh])([1-4])|([1-4])([qh]))[\s-]*(?:of\s+)?${CALENDAR}\s*${YEAR}\b`, 'gi'), (m) => calendarPart((m[1] ?? m[4] ?? '').toLowerCase() === 'h' ? 6 : 3, Number(m[2] ?? m[3]), m[5])],
  [new RegExp(String.raw`\b${CALENDAR}\s*${YEAR}[\s-]*(?:([qh])([1-4])|([1-4])([qh]))\b`, 'gi'), (m) => calendarPart((m[2] ?? m[5] ?? '').toLowerCase() === 'h' ? 6 : 3, Number(m[3] ?? m[4]), m[1])],
  [new RegExp(String.raw`\b${CALENDAR}\s*${YEAR}(?:['’]s)?,?\s+(?:the\s+)?(first|second|1st|2nd)[- ]half\b`, 'gi'), (m) => calendarPart(6, ORDINAL[(m[2] ?? '').toLowerCase()], m[1])],
  [new RegExp(String.raw`\b${CALENDAR}\s*${YEAR}(?:['’]s)?,?\s+(?:the\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)[- ](?:quarter|qtr)\b`, 'gi'), (m) => calendarPart(3, ORDINAL[(m[2] ?? '').toLowerCase()], m[1])],
  // "Calendar Q2 2004", "calendar second quarter of 2004": the calendar said first.
  [new RegExp(String.raw`\b${CALENDAR}\s+(?:([qh])([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th)[- ](quarter|qtr|half))(?:\s+of)?\s*${YEAR}\b`, 'gi'), (m) => {
    const half = (m[1] ?? m[4] ?? '').toLowerCase().startsWith('h');
    return calendarPart(half ? 6 : 3, m[2] ? Number(m[2]) : ORDINAL[(m[3] ?? '').toLowerCase()], m[5]);
  }],
  [new RegExp(String.raw`\bcy\s*${YEAR}\b`, 'gi'), (m) => ({ kind: 'span', months: 12, endMonth: 12, year: fullYear(m[1]), byDate: true })],
  // "The half year ended June 30, 2003", "year ended 12/31/02", "the half to June 2002": a span said
  // by its kind and its end, in words or in figures; "half year 2003" is its first half, not the year.
  // The plural is a table's heading ("years ended December 31, 2003 and 2002"): the period ending then.
  [new RegExp(String.raw`\b(quarter|half[- ]year|half|fiscal year|year)s?(?: period)?${CLAUSE_COMMA} (?:${ENDED}|through|thru|to) ${END_NAMED} ${SPAN_END_YEAR}`, 'gi'), (m) => {
    const end = namedEnd(m, 2);
    const month = monthNumber((end.month ?? '').slice(0, 3)) ?? 12;
    const year = dateYear(m[6]);
    return ended(KIND_SPAN[spanKind(m[1])] ?? 12, end.month, end.day ?? String(lastDayOfMonth(year, month)), String(year));
  }],
  [new RegExp(String.raw`\b(quarter|half[- ]year|half|fiscal year|year)s?(?: period)?${CLAUSE_COMMA} (?:${ENDED}|through|thru|to) ${END_FIGURES}`, 'gi'), (m) => endedOn(KIND_SPAN[spanKind(m[1])] ?? 12, m[2])],
  [new RegExp(String.raw`\b(?:first )?half[- ]year(?:\s+(?:of\s+)?(?:(?:fiscal(?:\s+year)?|fy)\s*)?${YEAR})?\b`, 'gi'), (m) => ({ kind: 'span', months: 6, endMonth: 6, ...(fullYear(m[1]) ? { year: fullYear(m[1]) } : {}) })],
  // Months from one to another ("Apr-Jun 2002", "Jan through Sep 2003", "Oct-Dec 2003"): a quarter, half,
  // nine months or year by its months, the company's period ending then or none; other lengths are no period.
  [new RegExp(String.raw`\b${MONTH_PATTERN}(?:\s+((?:19|20)\d{2}))?\s*(?:-|–|to|through|thru)\s*${MONTH_PATTERN}(?![a-z])(?:,?\s+${YEAR}\b)?`, 'gi'), (m) => {
    const [from, to] = [monthNumber((m[1] ?? '').slice(0, 3)), monthNumber((m[3] ?? '').slice(0, 3))];
    if (!from || !to) return undefined;
    const months = ((to - from + 12) % 12) + 1;
    const year = fullYear(m[4]);
    // "December 2013 - February 2014": its first year must be the one its months start in.
    if (m[2] !== undefined && (year === undefined || Number(m[2]) !== (from <= to ? year : year - 1))) return undefined;
    return months === 3 || months === 6 || months === 9 || months === 12 ? { kind: 'span', months, endMonth: to, ...(year ? { year } : {}), byDate: true } : undefined;
  }],
  // "The first three quarters of 2003", "quarter 2 2003".
  [new RegExp(String.raw`\bfirst (two|three|2|3) quarters(?:\s+(?:of\s+)?(?:(?:fiscal(?:\s+year)?|fy)\s*)?${YEAR})?\b`, 'gi'), (m) => {
    const months = /^(two|2)$/i.test(m[1] ?? '') ? 6 : 9;
    return { kind: 'span', months, endMonth: months, ...(fullYear(m[2]) ? { year: fullYear(m[2]) } : {}) };
  }],
  [new RegExp(String.raw`\bquarter\s+([1-4])(?![\d.,%])(?:\s+(?:of\s+)?(?:fiscal\s+)?${YEAR}\b)?`, 'gi'), (m) => quarter(Number(m[1]), fullYear(m[2]))],
  // Year to date: "through September 2003", "YTD June 2003": how many months that is, the company's fiscal year says.
  // A day said is of the month it ends ("through November 2, 2024", a 52/53-week year's: the end of October).
  // Two digits after the month that are its last day are that day, never a year ("through June 30": the latest June,
  // not 2030); other two digits are the year ("ytd oct 24", "through June 03").
  [new RegExp(String.raw`\b(?:ytd|year[- ]to[- ]date|through|thru|up to|up until|until|till)\s+(?:the end of\s+)?${MONTH_PATTERN}(?:\s+(\d{1,2})(?:st|nd|rd|th)?,?)?(?:\s+${SPAN_END_YEAR}|(?=\s*$|\s*[?.!,;]|\s+[a-z]))`, 'gi'), (m) => {
    const month = monthNumber((m[1] ?? '').slice(0, 3));
    if (!month) return undefined;
    const digits = m[2];
    const yearTyped = m[3] ?? (digits?.length === 2 && !isLastDay(month, Number(digits)) ? digits : undefined);
    const day = yearTyped === digits || digits === undefined ? undefined : Number(digits);
    if (yearTyped === undefined) return day === undefined || isLastDay(month, day) ? { kind: 'ytdTo', month } : undefined;
    const year = dateYear(yearTyped);
    return { kind: 'ytdTo', ...(day && day <= lastDayOfMonth(year, month) ? nearestMonthEnd(year, month, day) : { month, year }) };
  }],
  // Year to date through a quarter: "through Q3 2003", "up to the end of Q2 2003", "ytd Q2 2003" are its fiscal year's
  // quarters to that one (the quarter alone was read, "through" unread, and "up to" as a rise against a year earlier).
  // Not the end of a range of quarters ("Q1 through Q4 2003", "Q1 2003 to Q3 2003").
  [new RegExp(String.raw`(?<!\b(?:q[1-4]|[1-4]q|${ORDINAL_WORD}[- ](?:fiscal )?(?:quarter|qtr))(?:\s+(?:of\s+)?(?:fiscal\s+|fy\s*)?(?:'|’)?\d{2,4})?\s+)\b(?:ytd|year[- ]to[- ]date|through|thru|up to|up until|until|till)\s+(?:the end of\s+)?(?:the )?${QUARTER_OF_YEAR}`, 'gi'), (m) => {
    const said = quarterOfYear(m);
    return said ? { kind: 'span', months: (said.q * 3) as 3 | 6 | 9 | 12, endMonth: said.q * 3, year: said.year } : undefined;
  }],
  // Year to date without a month: how far the year has gone is the releases' to say (resolve.ts).
  [new RegExp(String.raw`\b(?:fy\s*|fiscal\s+)?((?:19|20)\d{2})\s+(?:f?ytd|year[- ]to[- ]date)\b`, 'gi'), (m) => ({ kind: 'ytd', year: Number(m[1]) })],
  [new RegExp(String.raw`\b(?:fiscal[- ])?(?:f?ytd|year[- ]to[- ]date|so far (?:this|in the) (?:fiscal )?year)\b(?:\s+(?:of\s+|in\s+|for\s+)?(?:fiscal\s+|fy\s*)?${YEAR}(?![\d%]))?`, 'gi'), (m) => ({ kind: 'ytd', ...(fullYear(m[1]) ? { year: fullYear(m[1]) } : {}) })],
  // An opening balance is the close of the period before: "the start of fiscal 2014" is the end of fiscal 2013, in the
  // company's own calendar (Oracle's May 31, 2013), never the calendar's December 31.
  [new RegExp(String.raw`\b${OPENS} (?:the )?(?:fiscal(?: year)?|fy)\s*${YEAR}\b`, 'gi'), (m) => {
    const year = fullYear(m[1]);
    return year ? { kind: 'yearEnd', year: year - 1, opening: true } : undefined;
  }],
  // "The beginning of 2003" is December 31, 2002.
  [new RegExp(String.raw`\b${OPENS} (?:the )?(?:(?:fiscal |calendar )?year )?((?:19|20)\d{2})\b`, 'gi'), (m) => ({ kind: 'date', date: isoDate(Number(m[1]) - 1, 12, 31) })],
  // "The prior year end", "the end of the previous year": the same opening balance, the fiscal year end before the latest balance sheet's date.
  [new RegExp(String.raw`\b(?:the )?(?:prior|previous) (?:fiscal )?year[- ]?end(?:ing)?\b|\b(?:the )?end of (?:the )?(?:prior|previous) (?:fiscal )?year\b(?!${OF_ITS_PART})`, 'gi'), () => ({ kind: 'opening' })],
  // "The last year end", "the end of last year": the latest fiscal year end, the latest balance sheet's own date when it is one.
  [new RegExp(String.raw`\b(?:the )?(?:last|(latest|most recent)) (?:fiscal )?year[- ]?end(?:ing)?\b|\b(?:the )?end of (?:the )?(?:last|(latest|most recent)) (?:fiscal )?year\b(?!${OF_ITS_PART})`, 'gi'), (m) => (m[1] ?? m[2] ? { kind: 'opening', through: true, latest: true } : { kind: 'opening', through: true })],
  // Without a year: the opening balance of the year the latest balance sheet falls in, the year end before it.
  [new RegExp(String.raw`\b${OPENS} (?:the |this )?(?:fiscal |calendar )?year\b(?![- ]end)(?!\s*(?:of\s+)?['’]?\d)`, 'gi'), () => ({ kind: 'opening' })],
  // "The beginning of Q3 2004" is the close of the fiscal quarter before it, in the company's own calendar (Apple's Q3 2004
  // began after March 27, 2004), never the calendar's June 30, whose nearest balance sheet is the quarter's own end.
  // "The start of the third quarter of 2003", "the beginning of 2Q 2003", "the start of 3Q03", "the start of Q3 fiscal 2003".
  [new RegExp(String.raw`\b${OPENS} (?:the )?${QUARTER_OF_YEAR}`, 'gi'), (m) => {
    const said = quarterOfYear(m);
    return said ? quarterStart(said.q, said.year) : undefined;
  }],
  // A half's start is its first quarter's: "going into the second half of 2003", "the start of H2 2003" is the close of
  // Q2 2003 (it gave December 31, 2003, the half's end); the first half's, the year before's close.
  [new RegExp(String.raw`\b${OPENS} (?:the )?(?:(first|second|1st|2nd)[- ]half(?:\s+of)?|h([12])|([12])h)[\s-]*(?:(?:fiscal|fy)\s*)?${YEAR}\b`, 'gi'), (m) => {
    const half = m[2] ?? m[3] ? Number(m[2] ?? m[3]) : ORDINAL[(m[1] ?? '').toLowerCase()];
    const year = fullYear(m[4]);
    return half && year ? quarterStart(half * 2 - 1, year) : undefined;
  }],
  // "The previous two quarters", "the prior 2 years", "the two preceding quarters": each of the periods before one said
  // (or asked before); said of none, they can be said of now, so the latest ones or those before the latest (`orLatest`).
  // Longer counts are the latest periods, below.
  [/\b(?:the )?(?:previous|prior|preceding) (two|three|four|five|six|seven|eight|[2-8]) (?:fiscal )?(quarters|years)\b|\bthe (two|three|four|five|six|seven|eight|[2-8]) (?:previous|prior|preceding) (?:fiscal )?(quarters|years)\b/gi, (m) => eachAway(m[1] ?? m[3], m[2] ?? m[4], -1, true)],
  // "The last four quarters", "the past 2 years": a count of the latest periods, listed (not summed, as trailing twelve months are).
  [new RegExp(String.raw`\b(?:the\s+)?(?:last|past|previous|prior|latest|most recent)\s+(two|three|four|five|six|seven|eight|ten|twelve|\d{1,2})\s+(quarters|years|fiscal years)\b`, 'gi'), (m) => {
    const count = COUNT[(m[1] ?? '').toLowerCase()] ?? Number(m[1]);
    return count >= 1 && count <= 40 ? { kind: 'recent', count, unit: /quarter/i.test(m[2] ?? '') ? 'quarter' : 'year' } : undefined;
  }],
  // The words that tie it to its end ("TTM as of 3/31/03", "LTM at 2Q03") are part of it: that end is settled by `withLtmEnds`.
  [/\b(?:ttm|ltm|trailing[- ]twelve[- ]months?|trailing[- ]12[- ]months?|(?:last|past|previous|prior) (?:twelve|12) months|trailing year)\b(?:\s+(?:as of|at|ending|ended|through|thru|to)(?=\s))?/gi, () => ({ kind: 'ltm' })],
  // "The year before last": the year before the latest, a whole year (not "the year before" and a "last").
  [/(?<!\b(?:a|one) )\b(?:the )?year (?:before|prior to) (?:the )?(?:last|latest|most recent)(?: (?:one|year))?\b|\b(?:the )?penultimate (?:fiscal )?year\b/gi, () => ({ kind: 'lastYear', back: 1 })],
  // "The quarter before last": the one before the latest, not a quarter before one said (nor the latest).
  [/\b(?:the )?quarter (?:before|prior to) (?:the )?(?:last|latest|most recent)(?: (?:one|quarter))?\b|\b(?:the )?penultimate (?:fiscal )?quarter\b/gi, () => ({ kind: 'lastQuarter', back: 1 })],
  // The periods between one said (or asked before) and a count of them away: "the two quarters before", "the three following
  // quarters", "the 2 years after". Each of them, not the farthest alone, which "two quarters earlier" is.
  [/\bthe (two|three|four|five|six|seven|eight|[2-8]) (?:(?:fiscal )?(quarters|years) (before|earlier|prior|preceding|after|later|following)|(following) (?:fiscal )?(quarters|years))\b/gi, (m) => eachAway(m[1], m[2] ?? m[5], later(m[3] ?? m[4]))],
  // A shift by quarters or years from the period said with it, or asked before: "two quarters earlier", "the quarter after", "a year later".
  [/\b(two|three|four|five|six|seven|eight|2|3|4|5|6|7|8) quarters (earlier|before|prior|ago|later|after|on)\b/gi, (m) => ({ kind: 'relative', years: 0, quarters: later(m[2]) * (COUNT[(m[1] ?? '').toLowerCase()] ?? Number(m[1])) })],
  [/\b(?:(?:a|one|the) )?quarter (earlier|before|prior|ago|later|after)(?: that)?\b|\b(?:the )?(next|following|subsequent|succeeding) quarter\b/gi, (m) => ({ kind: 'relative', years: 0, quarters: m[1] ? later(m[1]) : 1 })],
  // Months that are whole quarters, and half a year: "six months earlier", "three months later", "half a year after
  // 12/31/02" (it was read as "a year after", the half unread).
  [/\b(?:(half a year|a half[- ]year)|(three|six|nine|3|6|9) months) (earlier|before|prior|ago|later|after)\b/gi, (m) => ({ kind: 'relative', years: 0, quarters: later(m[3]) * (m[1] ? 2 : (COUNT[(m[2] ?? '').toLowerCase()] ?? Number(m[2])) / 3) })],
  [/\b(two|three|four|five|2|3|4|5) years? (later|after|on)\b/gi, (m) => ({ kind: 'relative', years: COUNT[(m[1] ?? '').toLowerCase()] ?? Number(m[1]) })],
  [/\b(?:(?:a|one|the) )?year (?:later|after)(?: that)?\b|\b(?:the )?(?:next|following|subsequent|succeeding) (?:fiscal )?year\b|\bsame (?:quarter|period|time) (?:of |in )?(?:the )?(?:next|following) year\b/gi, () => ({ kind: 'relative', years: 1 })],
  // "The same quarter of 2001": that year's, whatever year the period it moves from is in.
  [new RegExp(String.raw`\bsame (?:quarter|period|time) (?:of|in|for) (?:fiscal )?${YEAR}\b`, 'gi'), (m) => {
    const inYear = fullYear(m[1]);
    return inYear ? { kind: 'relative', years: -1, inYear } : undefined;
  }],
  [/\b(two|three|four|five|2|3|4|5) years? (?:earlier|before|prior|ago)\b/gi, (m) => ({ kind: 'relative', years: -(COUNT[(m[1] ?? '').toLowerCase()] ?? Number(m[1])) })],
  [/\b(?:(?:a|one|the) )?year (?:earlier|before|prior|ago)(?: that)?\b|\b(?:the )?(?:prior|previous)[- ]year(?:'s)?(?: period| quarter)?\b|\byear[- ](?:ago|earlier)(?: period| quarter)?\b|\b(?:same|corresponding|comparable|equivalent) (?:quarter|period|time) (?:of |in |for )?(?:last|a|the (?:prior|previous)) year(?: ago| earlier| before)?\b|\blast year'?s? (?:same |corresponding |comparable )?(?:quarter|period)\b/gi, () => ({ kind: 'relative', years: -1 })],
  // "The June quarter" is the quarter that ends in June: a fiscal third quarter for a year that ends in September;
  // "may quarter 2014" Oracle's fiscal fourth, "the November quarter" The Buckle's third. "May" alone is a verb as
  // often ("may quarter results vary"): a month only with "the" or a year.
  [new RegExp(String.raw`\b(the\s+)?${MONTH_PATTERN}\s+(?:${YEAR}\s+)?(?:quarter|qtr)(?:\s+(?:of\s+)?${YEAR})?`, 'gi'), (m) => {
    const month = monthNumber((m[2] ?? '').slice(0, 3));
    const year = fullYear(m[3] ?? m[4]);
    if (!month || (month === 5 && !m[1] && !year)) return undefined;
    return { kind: 'span', months: 3, endMonth: month, ...(year ? { year } : {}), byDate: true };
  }],
  [new RegExp(String.raw`\b([12])h[\s-]*(?:(?:fy|fiscal(?:\s+year)?)\s*)?${YEAR}?\b`, 'gi'), (m) => ({ kind: 'span', months: 6, endMonth: m[1] === '1' ? 6 : 12, ...(fullYear(m[2]) ? { year: fullYear(m[2]) } : {}) })],
  [new RegExp(String.raw`\b(?:back|second|latter|2nd) half(?:\s+(?:of\s+)?(?:(?:fiscal(?:\s+year)?|fy)\s*)?${YEAR})?\b`, 'gi'), (m) => ({ kind: 'span', months: 6, endMonth: 12, ...(fullYear(m[1]) ? { year: fullYear(m[1]) } : {}) })],
  // "The last half of 2003", "the final half of the year": its second half (it read "2003", the whole year). Not "the last
  // half" alone, the latest half there is.
  [new RegExp(String.raw`\b${CLOSING} half\s+of\s+(?:the\s+(?:fiscal\s+)?year\b|(?:(?:fiscal(?:\s+year)?|fy)\s*)?${YEAR}\b)`, 'gi'), (m) => ({ kind: 'span', months: 6, endMonth: 12, ...(fullYear(m[1]) ? { year: fullYear(m[1]) } : {}) })],
  [new RegExp(String.raw`\b(?:front|first|1st) half(?:\s+(?:of\s+)?(?:(?:fiscal(?:\s+year)?|fy)\s*)?${YEAR})?\b`, 'gi'), (m) => ({ kind: 'span', months: 6, endMonth: 6, ...(fullYear(m[1]) ? { year: fullYear(m[1]) } : {}) })],
  [new RegExp(String.raw`\bmid[- ]?(?:year\b(?:[- ]?(?:of )?${YEAR}\b)?|${YEAR}\b)`, 'gi'), (m) => {
    const year = fullYear(m[1] ?? m[2]);
    return year ? { kind: 'date', date: isoDate(year, 6, 30) } : { kind: 'monthEnd', month: 6 };
  }],
  // A year after a month is written in full or as '03: "ended September 30" is a day, never 2030.
  [new RegExp(String.raw`\b(three|six|nine|twelve|3|6|9|12)[- ]months?(?: period)?${CLAUSE_COMMA} (?:${ENDED}|through|thru|to) ${END_NAMED} ${SPAN_END_YEAR}`, 'gi'), (m) => {
    // Said by its end: the company's period ending then ("six months ended June 26, 2004" is no fiscal first half of Apple's).
    const months = SPAN[(m[1] ?? '').toLowerCase()] ?? 3;
    const end = namedEnd(m, 2);
    const month = monthNumber((end.month ?? '').slice(0, 3)) ?? 12;
    const year = dateYear(m[6]);
    return ended(months, end.month, end.day ?? String(lastDayOfMonth(year, month)), String(year));
  }],
  [/\b((?:19|20)\d{2})-(q[1-4]|h[12]|9m|fy)\b/gi, (m) => {
    const year = Number(m[1]);
    const code = (m[2] ?? '').toUpperCase();
    if (code.startsWith('Q')) return quarter(Number(code[1]), year);
    if (code === 'H1') return { kind: 'span', months: 6, endMonth: 6, year };
    if (code === 'H2') return { kind: 'span', months: 6, endMonth: 12, year };
    if (code === '9M') return { kind: 'span', months: 9, endMonth: 9, year };
    return { kind: 'span', months: 12, endMonth: 12, year };
  }],
  [new RegExp(String.raw`\b(three|six|nine|twelve|3|6|9|12)[- ]months?(?: period)?${CLAUSE_COMMA} ${ENDED} ${MONTH_PATTERN} (\d{1,2})(?:st|nd|rd|th)?,? ${YEAR}\b`, 'gi'), (m) => {
    const months = SPAN[(m[1] ?? '').toLowerCase()] ?? 3;
    return ended(months, m[2], m[3], m[4]);
  }],
  [new RegExp(String.raw`\b(quarter|year|fiscal year)(?: period)?${CLAUSE_COMMA} ${ENDED} ${MONTH_PATTERN} (\d{1,2})(?:st|nd|rd|th)?,? ${YEAR}\b`, 'gi'), (m) => ended((m[1] ?? '').toLowerCase() === 'quarter' ? 3 : 12, m[2], m[3], m[4])],
  // A 52/53-week year's periods: "13 weeks ended July 3, 2004".
  [new RegExp(String.raw`\b(${WEEK_COUNT})[- ]weeks?(?: period)?${CLAUSE_COMMA} ${ENDED} ${END_NAMED} ${YEAR}\b`, 'gi'), (m) => {
    const months = WEEKS[(m[1] ?? '').toLowerCase().replace('-', ' ')];
    const end = namedEnd(m, 2);
    const year = fullYear(m[6]) ?? 0;
    const month = monthNumber((end.month ?? '').slice(0, 3)) ?? 12;
    return months ? ended(months, end.month, end.day ?? String(lastDayOfMonth(year, month)), m[6]) : undefined;
  }],
  // The same with the date in figures: "three months ended 6/26/04", "13 weeks ended 7/3/2004", "six months ended 30.06.2003".
  [new RegExp(String.raw`\b(three|six|nine|twelve|3|6|9|12|${WEEK_COUNT})[- ](months?|weeks?)(?: period)?${CLAUSE_COMMA} ${ENDED} ${END_FIGURES}`, 'gi'), (m) => {
    const count = (m[1] ?? '').toLowerCase().replace('-', ' ');
    return endedOn(/^w/i.test(m[2] ?? '') ? WEEKS[count] : SPAN[count], m[3]);
  }],
  // "26 weeks 2004", "the 39 weeks of fiscal 2024": a 52/53-week year's half and nine months, as "six months 2004" is.
  [new RegExp(String.raw`\b(?:first\s+)?(26|39|twenty[- ]six|thirty[- ]nine)[- ]weeks?(?:\s+(?:of|in)\s+)?(?:\s*fiscal\s+)?(?:\s*${YEAR})?\b`, 'gi'), (m) => {
    const months = WEEKS[(m[1] ?? '').toLowerCase().replace('-', ' ')];
    return months ? { kind: 'span', months, endMonth: months, ...(fullYear(m[2]) ? { year: fullYear(m[2]) } : {}) } : undefined;
  }],
  // "the quarter ended June 2004": the quarter that ends that month, in the company's own fiscal year.
  [new RegExp(String.raw`\b(quarter|year|fiscal year)(?: period)?${CLAUSE_COMMA} ${ENDED} (?:in )?${MONTH_PATTERN},? ${SPAN_END_YEAR}`, 'gi'), (m) => {
    const month = monthNumber((m[2] ?? '').slice(0, 3));
    const year = dateYear(m[3]);
    return month && year ? { kind: 'span', months: (m[1] ?? '').toLowerCase() === 'quarter' ? 3 : 12, endMonth: month, year, byDate: true } : undefined;
  }],
  // Its year not said ("the quarter ended September 30", "three months to June 30"): the latest year that has it, as "Q3" alone is.
  [new RegExp(String.raw`\b(quarter|three months?|3 months?|six months?|6 months?|nine months?|9 months?|twelve months?|12 months?|year|fiscal year)(?: period)?${CLAUSE_COMMA} (?:${ENDED}|to|through|thru) ${MONTH_PATTERN}(?: (\d{1,2})(?:st|nd|rd|th)?)?\b`, 'gi'), (m) => {
    const month = monthNumber((m[2] ?? '').slice(0, 3));
    const word = (m[1] ?? '').toLowerCase();
    const months = word === 'quarter' ? 3 : word.includes('year') ? 12 : SPAN[word.split(' ')[0] ?? ''] ?? 3;
    // A day not the month's last is kept ("the quarter ended July 3", "October 28": a 52/53-week period's), and settles the year.
    const day = Number(m[3] ?? 0);
    const last = month === 2 ? 28 : month ? lastDayOfMonth(2001, month) : 0;
    return month ? { kind: 'span', months, endMonth: month, byDate: true, ...(day >= 1 && day < last ? { endDay: day } : {}) } : undefined;
  }],
  // A date alone, in figures (after the spans said ending on one: "six months ended 2004-06-26" is the span).
  [/\b((?:19|20)\d{2})-(\d{2})-(\d{2})\b/g, (m) => ({ kind: 'date', date: `${m[1]}-${m[2]}-${m[3]}` })],
  [new RegExp(String.raw`\b${FIGURE_DATE}`, 'g'), (m) => {
    const date = figureDate(m[1] ?? '');
    return date ? { kind: 'date', date: isoDate(...date) } : undefined;
  }],
  [new RegExp(String.raw`\bq([1-4])[\s-]*(?:of\s*)?(?:(?:fy|fiscal(?:\s+year)?)\s*)?${YEAR}\b`, 'gi'), (m) => quarter(Number(m[1]), fullYear(m[2]))],
  // "FY14 Q4", "fiscal 2014 Q4": the quarter of that fiscal year, not the year and a quarter.
  [new RegExp(String.raw`\b(?:fy|fiscal(?:\s+year)?)\s*${YEAR}[\s-]*q([1-4])\b`, 'gi'), (m) => quarter(Number(m[2]), fullYear(m[1]))],
  // "Fiscal 2004 third quarter", "Q3 of its 2004 fiscal year": one quarter of that fiscal year, not the year and a quarter.
  [new RegExp(String.raw`\b(?:fy|fiscal(?:\s+year)?)\s*${YEAR},?\s+(?:the\s+)?(first|second|third|fourth|1st|2nd|3rd|4th)[- ](?:fiscal\s+)?(?:quarter|qtr)\b`, 'gi'), (m) => quarter(ORDINAL[(m[2] ?? '').toLowerCase()] ?? 1, fullYear(m[1]))],
  [new RegExp(String.raw`\b(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th)[- ](?:quarter|qtr))\s+of\s+(?:its|the|their)\s+${YEAR}\s+fiscal(?:\s+year)?\b`, 'gi'), (m) => quarter(m[1] ? Number(m[1]) : ORDINAL[(m[2] ?? '').toLowerCase()] ?? 1, fullYear(m[3]))],
  [new RegExp(String.raw`\b${YEAR}[\s-]*q([1-4])\b`, 'gi'), (m) => quarter(Number(m[2]), fullYear(m[1]))],
  [new RegExp(String.raw`\b([1-4])q\s*(?:(?:fy|fiscal(?:\s+year)?)\s*)?${YEAR}\b`, 'gi'), (m) => quarter(Number(m[1]), fullYear(m[2]))],
  // "The first and second quarter of 2003", "first, second and third quarters": each ordinal listed is a quarter (or half)
  // of its own, its year the one the last says; the last, its noun plural or not, is read as any other.
  [new RegExp(String.raw`\b(first|second|third|fourth|1st|2nd|3rd|4th)(?=${listedBefore('(?:fiscal )?(?:quarters?|qtrs?)')})`, 'gi'), (m) => quarter(ORDINAL[(m[1] ?? '').toLowerCase()] ?? 1)],
  [new RegExp(String.raw`\b(first|second|1st|2nd)(?=${listedBefore('(?:half|halves)')})`, 'gi'), (m) => ({ kind: 'span', months: 6, endMonth: /^(first|1st)$/i.test(m[1] ?? '') ? 6 : 12 })],
  [new RegExp(String.raw`\b(first|second|third|fourth|1st|2nd|3rd|4th)[- ](?:fiscal )?(?:quarters?|qtrs?)(?:\s+(?:of\s+)?(?:(?:fiscal(?:\s+year)?|fy)\s*)?${YEAR})?\b`, 'gi'), (m) => quarter(ORDINAL[(m[1] ?? '').toLowerCase()] ?? 1, fullYear(m[2]))],
  [/\bq([1-4])\b|\b([1-4])q\b/gi, (m) => quarter(Number(m[1] ?? m[2]))],
  [new RegExp(String.raw`\bh([12])[\s-]*(?:of\s*)?(?:(?:fy|fiscal(?:\s+year)?)\s*)?${YEAR}?\b`, 'gi'), (m) => ({ kind: 'span', months: 6, endMonth: m[1] === '1' ? 6 : 12, ...(fullYear(m[2]) ? { year: fullYear(m[2]) } : {}) })],
  [new RegExp(String.raw`\b(first|second|1st|2nd)[- ](?:half|halves)(?:\s+(?:of\s+)?(?:(?:fiscal(?:\s+year)?|fy)\s*)?${YEAR})?\b`, 'gi'), (m) => ({ kind: 'span', months: 6, endMonth: /^(first|1st)$/i.test(m[1] ?? '') ? 6 : 12, ...(fullYear(m[2]) ? { year: fullYear(m[2]) } : {}) })],
  // "The first three months of 2003": the first quarter (three months alone could be any quarter).
  [new RegExp(String.raw`\bfirst\s+(?:three|3)[- ]months?(?:\s+(?:of|in)\s+)?(?:\s*fiscal\s+)?(?:\s*${YEAR})?\b`, 'gi'), (m) => quarter(1, fullYear(m[1]))],
  // "The last six months of 2003", "the final three months of fiscal 2003": its second half, its fourth quarter (the six
  // months were read as the first half). The last nine months of a year are no period the releases report: said back.
  [new RegExp(String.raw`\b${CLOSING}\s+(six|6|three|3)[- ]months?\s+(?:of|in)\s+(?:the\s+)?(?:(?:fiscal(?:\s+year)?|fy)\s*)?${YEAR}\b`, 'gi'), (m) => {
    const year = fullYear(m[2]);
    return SPAN[(m[1] ?? '').toLowerCase()] === 6 ? { kind: 'span', months: 6, endMonth: 12, ...(year ? { year } : {}) } : quarter(4, year);
  }],
  [new RegExp(String.raw`\b(?<!${CLOSING}\s+)(?:first\s+)?(six|nine|6|9)[- ]?(?:months?|mos?\.?)(?:\s+(?:of|ended|in)\s+)?(?:\s*(?:fiscal\s+|fy\s*))?(?:\s*${YEAR})?\b`, 'gi'), (m) => {
    const months = SPAN[(m[1] ?? '').toLowerCase()] === 9 ? 9 : 6;
    return { kind: 'span', months, endMonth: months, ...(fullYear(m[2]) ? { year: fullYear(m[2]) } : {}) };
  }],
  [new RegExp(String.raw`\b9m\s*(?:(?:fy|fiscal(?:\s+year)?)\s*)?${YEAR}?\b`, 'gi'), (m) => ({ kind: 'span', months: 9, endMonth: 9, ...(fullYear(m[1]) ? { year: fullYear(m[1]) } : {}) })],
  [new RegExp(String.raw`\b(?:year[- ]end(?:ed|ing)?|end of(?: the)?(?: year| fiscal year)?|at the end of)\s+(?:of\s+)?(?:fiscal\s+)?${YEAR}\b`, 'gi'), (m) => {
    const year = fullYear(m[1]);
    return year ? { kind: 'yearEnd', year } : undefined;
  }],
  [new RegExp(String.raw`\b${YEAR}\s+year[- ]end\b`, 'gi'), (m) => {
    const year = fullYear(m[1]);
    return year ? { kind: 'yearEnd', year } : undefined;
  }],
  [new RegExp(String.raw`\bcalendar year\s*${YEAR}\b`, 'gi'), (m) => ({ kind: 'span', months: 12, endMonth: 12, year: fullYear(m[1]), byDate: true })],
  [new RegExp(String.raw`\b(?:(?:the\s+)?(?:whole|entire)\s+)?(?:fy|fiscal(?: year)?|full[- ]year|twelve months|12 months|year)\s*${YEAR}\b`, 'gi'), (m) => ({ kind: 'span', months: 12, endMonth: 12, year: fullYear(m[1]) })],
  [new RegExp(String.raw`\b((?:19|20)\d{2})\s+(?:fiscal year|full[- ]year|fy)\b`, 'gi'), (m) => ({ kind: 'span', months: 12, endMonth: 12, year: fullYear(m[1]) })],
  [new RegExp(String.raw`\b${MONTH_PATTERN}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+${DATE_YEAR}\b`, 'gi'), (m) => date(dateYear(m[3]), m[1], m[2])],
  // "jun 30 03": a day, then a year in two digits.
  [new RegExp(String.raw`\b${MONTH_PATTERN}\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{2})\b(?![\d.,%/])`, 'gi'), (m) => date(fullYear(m[3]) ?? 0, m[1], m[2])],
  [new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+${MONTH_PATTERN}\s+${DATE_YEAR}\b`, 'gi'), (m) => date(dateYear(m[3]), m[2], m[1])],
  // "30 jun 03": the day first, then a year in two digits.
  [new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+${MONTH_PATTERN}\s+(\d{2})\b(?![\d.,%/])`, 'gi'), (m) => date(fullYear(m[3]) ?? 0, m[2], m[1])],
  [new RegExp(String.raw`\b(?:(?:at |by )?the end of |end of |as of |at )?${MONTH_PATTERN}\s+${DATE_YEAR}\b`, 'gi'), (m) => date(dateYear(m[2]), m[1])],
  // Its year not said ("and at June 30?"): the month's end, in the year of the question before. A day that is
  // no month's end is left unread rather than moved to it.
  [new RegExp(String.raw`\b(?:(?:at |by )?the end of|end of|as of|at) ${MONTH_PATTERN}(?![a-z])(?:\s+(\d{1,2})(?:st|nd|rd|th)?\b(?![/.,]?\d))?`, 'gi'), (m) => {
    const month = monthNumber((m[1] ?? '').slice(0, 3));
    const day = m[2] === undefined ? undefined : Number(m[2]);
    const monthEnd = month !== undefined && (day === undefined || isLastDay(month, day));
    return month && monthEnd ? { kind: 'monthEnd', month } : undefined;
  }],
  // "Cash june 30", "dec 31": a month's last day said alone, its year not said, is that month's end as above.
  [new RegExp(String.raw`\b${MONTH_PATTERN}\s+(\d{2})(?:st|nd|rd|th)?\b(?![/.,:]?\d)(?!,?\s*['’]?\d)`, 'gi'), (m) => {
    const month = monthNumber((m[1] ?? '').slice(0, 3));
    const day = Number(m[2]);
    return month && isLastDay(month, day) ? { kind: 'monthEnd', month } : undefined;
  }],
  // "Cash jun 04", "dec-21": a month and a year in two digits, as statements' column heads write them; never a month's
  // last days ("june 30": the day, its year not said), after a space never a day past the twelfth ("september 27"), nor
  // two digits a day or year follows ("jun 30 03", "dec 21, 2003").
  [new RegExp(String.raw`\b${MONTH_PATTERN}(?:-(?!2[89]\b|3[01]\b)|\s(?!${DAY_PAST_TWELFTH}))(\d{2})\b(?![\d.,%/:])(?!,?\s*['’]?\d)`, 'gi'), (m) => date(fullYear(m[2]) ?? 0, m[1])],
  // The calendar year ends in December whatever the company's fiscal year does.
  [new RegExp(String.raw`\bcalendar\s+${YEAR}\b`, 'gi'), (m) => ({ kind: 'span', months: 12, endMonth: 12, year: fullYear(m[1]), byDate: true })],
  [/\b(?:full[- ]year|fiscal year|whole year|annual|year[- ]end|(?:the )?end of the (?:fiscal |calendar )?year|fy(?!\s*['’]?\d))\b/gi, () => ({ kind: 'span', months: 12, endMonth: 12 })],
  [/\b(?:the )?(?:prior|previous|preceding) quarter\b|\bthe quarter before\b/gi, () => ({ kind: 'relative', years: 0, quarters: -1 })],
  [/\b(?:for|in|over) the (?:full |whole |entire )?year\b/gi, () => ({ kind: 'span', months: 12, endMonth: 12 })],
  // "And the year?", "what about the full year?": the whole year, its year the one asked before.
  [/\b(?:and|what about|how about|actually|rather|instead|meant|no,?|sorry,?) the (?:full |whole |entire |fiscal )?year\b(?! (?:before|after|earlier|later|ago|end|ended|ending|to)\b)/gi, () => ({ kind: 'span', months: 12, endMonth: 12 })],
  // "The year?", "the full year" alone, as a follow-up says it.
  [/^\s*the (?:full |whole |entire |fiscal )?year\s*[?.!]*\s*$/gi, () => ({ kind: 'span', months: 12, endMonth: 12 })],
  // "Year and Q4 2003 vs 2002": the year listed before a quarter.
  [/\b(?:the\s+)?(?:full[- ]|whole\s+)?year(?=\s+(?:and|&)\s+(?:the\s+)?(?:q[1-4]|[1-4]q|(?:first|second|third|fourth|1st|2nd|3rd|4th)[- ](?:fiscal )?(?:quarter|qtr))\b)/gi, () => ({ kind: 'span', months: 12, endMonth: 12 })],
  // "Q4 and year, 2000 vs 1999", "fourth quarter and full year": the year listed after a quarter, as headlines say it.
  [/(?<=\b(?:q[1-4]|[1-4]q|quarter|qtr)\s+(?:and|&)\s+)(?:full[- ]|whole\s+)?year\b(?![- ]?(?:over|on|to|end|ended|ending|before|after|earlier|later|ago)\b)/gi, () => ({ kind: 'span', months: 12, endMonth: 12 })],
  [/\b(last|most recent|latest|this|current) quarter\b/gi, () => ({ kind: 'lastQuarter' })],
  // "This year": the latest fiscal year the releases give, not the latest quarter.
  [/\b(?:this|current|the current) (?:fiscal )?year\b/gi, () => ({ kind: 'lastYear' })],
  [/\b(last|previous|prior|most recent|latest) (?:fiscal )?year\b/gi, () => ({ kind: 'lastYear' })],
  [/\b(latest|most recent|newest|current)(?: (?:period|figures?|results|numbers?))?\b|\b(?:currently|presently|right now|at present|as of (?:now|today))\b/gi, () => ({ kind: 'latest' })],
  // "All of 2002", "the whole of 2002", "2002 as a whole", "the 2002 total": the whole year, said so, never the quarter a
  // follow-up carries into it, nor the parts of it set beside others ("Q1 and Q2 2003 vs the 2002 total").
  [/\b(?:(?:all|the whole|the entirety|the entire|the full)\s+(?:of\s+)?((?:19|20)\d{2})|((?:19|20)\d{2})\s+(?:as a whole|in full|in its entirety|totals?(?!\s+[a-z])))\b/gi, (m) => ({ kind: 'span', months: 12, endMonth: 12, year: Number(m[1] ?? m[2]) })],
  // Never the year of a dotted date not read as one ("03.06.2003"), nor of a decimal ("1.2003").
  [/(?<!\d\.)\b((?:19|20)\d{2})\b(?!\.\d)/g, (m) => ({ kind: 'year', year: Number(m[1]) })],
  // A year in two digits, when said as one: "in 02", "for '03".
  [/(?:\b(?:in|for|during|of|fiscal|fy)\s+['’]?|['’])(\d{2})\b(?![.,]?\d|\s*(?:%|percent|quarters?|months?|years?|weeks?|days?|million|thousand|billion|clients?|employees?|shares?))/gi, (m) => ({ kind: 'year', year: fullYear(m[1]) ?? 0 })],
];

/** Which rules can match a text, told by the literals each needs: most rules cannot match most texts. */
const GATES = literalGates(RULES.map(([pattern]) => pattern));

/** Every period mentioned in the text, in order, none overlapping. */
export function findPeriods(text: string): FoundPeriod[] {
  const found: FoundPeriod[] = [];
  const open = GATES.open(text);
  // Characters already read as a period: checking a match costs its length, so a long text stays linear.
  const taken = new Uint8Array(text.length);
  for (let i = 0; i < RULES.length; i++) {
    if (open[i] === 0) continue;
    const [pattern, build] = RULES[i] as Rule;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (m[0].length === 0) {
        pattern.lastIndex++;
        continue;
      }
      if (taken.subarray(start, end).includes(1)) continue;
      const query = build(m);
      if (!query) continue;
      taken.fill(1, start, end);
      found.push({ query, start, end, text: m[0] });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/**
 * What looks like a period but cannot be one ("Q5 2003", "the fifth quarter", "2/30/03", "February 30,
 * 2003", "31/12/2003"), and why: said back to the user rather than read as something else or
 * dropped. Undefined when the text holds none.
 */
const NAMED_DATES = new RegExp(String.raw`\b(?:${MONTH_PATTERN}\s+(\d{1,2})(?:st|nd|rd|th)?|(\d{1,2})(?:st|nd|rd|th)?\s+${MONTH_PATTERN}),?\s+((?:19|20)\d{2}|\d{2})\b(?![\d.,%/])`, 'gi');

/** A dotted date, or a range from a date in figures to another when either is dotted ("01.01.2003-30.06.2003"). */
const DOTTED_DATES = new RegExp(String.raw`\b${FIGURE_DATE}\s*(?:-|–|to|through|thru)\s*${FIGURE_DATE}|\b(${DOTTED})`, 'gi');

/** A count of years, quarters or halves up to one end: "the two years ended". */
const SEVERAL_ENDED = new RegExp(String.raw`\b(${Object.keys(COUNT).join('|')}|[2-9]|1\d)\s+(?:fiscal\s+)?(?:years|quarters|half[- ]years|halves)\s+(?:ended|ending|through|thru|to)\b`, 'i');

const MONTH_ALONE = new RegExp(String.raw`\b(?:the )?month of ${MONTH_PATTERN}(?:,?\s+(?:19|20)\d{2})?`, 'i');

export function impossiblePeriod(text: string): string | undefined {
  const quarter = /\bq([05-9]|[1-9]\d)\b|\b([05-9])q\s*['’]?(?:19|20)?\d{2}\b|\b(fifth|sixth|seventh|eighth|zeroth)[- ](?:fiscal )?(?:quarter|qtr)\b/i.exec(text);
  if (quarter) return `"${quarter[0].trim()}" is not a quarter: a fiscal year has four, Q1 to Q4.`;
  const half = /\bh([03-9])\b/i.exec(text);
  if (half) return `"${half[0]}" is not a half-year: a fiscal year has two, H1 and H2.`;
  // A quarter's or half's start said without its year: never the period's end read in its place ("and going into Q2?"
  // after June 30, 2003 gave June 30, 2003), nor its year guessed.
  const opening = OPENS_WITHOUT_YEAR.exec(text);
  if (opening) return `"${opening[0].trim()}": say the year of the period it starts ("going into Q2 2003", "the start of H2 2003").`;
  // Going into a period the grammar does not read as its start ("going into the june quarter 2003", "and going into it?"):
  // said back, never the period's end read with the words dropped.
  const entering = [...text.matchAll(ENTERING)];
  const read = entering.length > 0 ? findPeriods(text) : [];
  const unread = entering.find((m) => !read.some((p) => p.start === m.index));
  if (unread) return `"${unread[0]}" a period: I read the start of a year, a half or a quarter said with its year ("going into Q2 2003", "entering 2003").`;
  // "The last nine months of 2003": April to December, no period the releases report (never the first nine read instead).
  const lastNine = LAST_NINE_MONTHS.exec(text);
  if (lastNine) return `"${lastNine[0]}": the releases report a year's first nine months (and its quarters and halves), not its last nine; ask for the quarters ("Q2, Q3 and Q4 2003").`;
  // "The two years ended December 31, 2003": several periods said as one, which no single figure answers (never the
  // quarter ending that day, nor the last year alone): said back, to be asked one by one.
  const several = SEVERAL_ENDED.exec(text);
  if (several) return `"${several[0]}" is ${several[1]} periods: ask for them by name, one or several ("2003 and 2002", "Q1 and Q2 2003").`;
  // "The month of March 2003": a month alone, which no release reports (never its quarter instead).
  const month = MONTH_ALONE.exec(text);
  if (month) return `"${month[0]}" is a single month: the releases report quarters, halves, nine months and years, never a month alone.`;
  for (const m of text.matchAll(/\b((?:19|20)\d{2})-(\d{2})-(\d{2})\b/g)) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (mo < 1 || mo > 12 || d < 1 || d > lastDayOfMonth(y, mo)) return `"${m[0]}" is not a date: write it year-month-day (2003-12-31), month/day/year (12/31/2003) or in words (December 31, 2003).`;
  }
  for (const m of text.matchAll(/\b(\d{1,2})\/(\d{1,2})\/((?:19|20)\d{2}|\d{2})\b/g)) {
    const month = Number(m[1]);
    const day = Number(m[2]);
    if (month < 1 || month > 12 || day < 1 || day > lastDayOfMonth(fullYear(m[3]) ?? 2000, month)) {
      return `"${m[0]}" is not a date I can read: write it month/day/year (12/31/2003) or in words (December 31, 2003).`;
    }
  }
  for (const m of text.matchAll(DOTTED_DATES)) {
    // Dates joined by a dash are a range, which is no period here: never its year, nor two dates compared.
    if (m[1]?.includes('.') || m[2]?.includes('.')) return `"${m[0]}" is a range of dates: ask for the period by name (for example "H1 2003" or "six months ended June 30, 2003").`;
    const dotted = m[3];
    if (!dotted) continue;
    const readings = dottedReadings(dotted);
    const [first, second] = readings.map(([y, mo, d]) => `${capitalized(MONTHS[mo - 1] ?? '')} ${d}, ${y}`);
    if (second) return `"${dotted}" could be ${first} or ${second}: write it in words ("${first}" or "${second}") to say which.`;
    // Two digits after the dots may be no year ("version 2.0.10"); four are one.
    if (!first && /(?:^|\.)(?:19|20)\d{2}(?:\.|$)/.test(dotted)) return `"${dotted}" is not a date: write it year-month-day (2003-06-30), month/day/year (6/30/2003) or in words (June 30, 2003).`;
  }
  for (const m of text.matchAll(NAMED_DATES)) {
    // Month first ("sep 31 2003") or day first ("31 sep 03").
    const [monthWord, dayText] = m[1] ? [m[1], m[2]] : [m[4], m[3]];
    const month = monthNumber((monthWord ?? '').slice(0, 3));
    const day = Number(dayText);
    const year = fullYear(m[5]) ?? 0;
    if (month && (day < 1 || day > lastDayOfMonth(year, month))) return `"${m[0]}" is not a date: ${capitalized(MONTHS[month - 1] ?? '')} ${year} has ${lastDayOfMonth(year, month)} days.`;
  }
  return undefined;
}

/** A period trailing twelve months can end at: a named one, not other trailing months nor "a year earlier". */
export const canEndLtm = (p: PeriodQuery): boolean => p.kind !== 'ltm' && p.kind !== 'relative';

/**
 * "TTM ... as of 12/31/03": trailing twelve months said without an end take the other period named
 * with them as their end (the first that is neither trailing nor relative), one period, not two.
 */
export function withLtmEnds(periods: readonly PeriodQuery[]): PeriodQuery[] {
  const ltm = periods.findIndex((p) => p.kind === 'ltm' && !p.at);
  if (ltm < 0) return [...periods];
  const end = periods.find((p, i) => i !== ltm && canEndLtm(p));
  return [{ kind: 'ltm', ...(end ? { at: end } : {}) }, ...periods.filter((p, i) => i !== ltm && p !== end)];
}

/** The period a query names on its own (a year given, nothing relative), as knowledge periods are. */
export function periodOfQuery(q: PeriodQuery): Period | undefined {
  if (q.kind === 'date') return { kind: 'instant', date: q.date };
  if (q.kind === 'year') return { kind: 'duration', months: 12, end: isoDate(q.year, 12, 31) };
  if (q.kind !== 'span' || q.year === undefined) return undefined;
  return { kind: 'duration', months: q.months, end: isoDate(q.year, q.endMonth, q.endDay ?? lastDayOfMonth(q.year, q.endMonth)) };
}
