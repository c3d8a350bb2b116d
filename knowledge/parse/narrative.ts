/**
 * Sentences of the running text with the numbers they state ($76.5 million, 374%, 13,147,800 shares,
 * 17 years) and the period each number is tied to, where the sentence says one.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Concept } from '../concepts.ts';
import { escapeRegExp } from '../text.ts';
import { ConceptSchema, type Unstamped, type SentenceFact, type SentenceNumber } from '../facts.ts';
import { findPeriods, periodOfQuery, type PeriodQuery } from '../period-grammar.ts';
import { isoDate, lastDayOfMonth, parsePeriodId, periodId, quartersLater, yearsLater, type Period } from '../periods.ts';
import { printedSpan, sentences, type Paragraph } from './paragraphs.ts';
import { isRunningText } from './table-grid.ts';

/** What a scale word multiplies an amount by ("$3.6 billion"): in sentences, in questions, in answers. */
export const SCALES = { thousand: 1e3, million: 1e6, billion: 1e9 } as const;
/** The same, by any word read ("billion" of "$3.6 billion"). */
export const SCALE: Readonly<Record<string, number>> = SCALES;

const SentenceFiguresSchema = z.object({
  $comment: z.string(),
  phrases: z.array(z.tuple([z.string().min(1), ConceptSchema])).min(1),
  links: z.array(z.string().min(1)).min(1),
  notTheFigure: z.array(z.string().min(1)).min(1),
  partWords: z.array(z.string().regex(/^[a-z]+$/)).min(1),
});
export const SENTENCE_FIGURES = SentenceFiguresSchema.parse(
  JSON.parse(readFileSync(new URL('../vocabulary/sentence-figures.json', import.meta.url), 'utf8')),
);
/** "net income of ", "revenue for the quarter was ": a line's name, then a link to the amount right after it. */
const NAMED = new RegExp(String.raw`\b(${SENTENCE_FIGURES.phrases.map(([p]) => escapeRegExp(p)).join('|')})\b(?:[^$;]{0,40}?)\b(?:${SENTENCE_FIGURES.links.map(escapeRegExp).join('|')})\s*$`, 'i');
const NOT_THE_FIGURE = new RegExp(String.raw`\b(?:${SENTENCE_FIGURES.notTheFigure.map(escapeRegExp).join('|')})\b`, 'i');
const CONCEPT_OF = new Map(SENTENCE_FIGURES.phrases.map(([p, c]) => [p, c]));
const PART_WORDS = new Set(SENTENCE_FIGURES.partWords);

/** Whether the word right before a line's name at `at` makes it a part of the line ("U.S. Telecom revenues", "Wireless revenues"). */
export function namedAsPart(text: string, at: number): boolean {
  const before = /([a-z]+)\s+$/i.exec(text.slice(Math.max(0, at - 30), at))?.[1];
  return before !== undefined && PART_WORDS.has(before.toLowerCase());
}

/** Whether `text` names a line by `name` (whole words, any case) at least once as the line itself, not a part of it. */
export function namesLineWhole(text: string, name: string): boolean {
  const lower = text.toLowerCase();
  for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
    const whole = !/[a-z0-9]/.test(lower[at - 1] ?? ' ') && !/[a-z0-9]/.test(lower[at + name.length] ?? ' ');
    if (whole && !namedAsPart(text, at)) return true;
  }
  return false;
}

/** How far before an amount the name of its line is looked for ("revenue for the fourth quarter of 2003 was"). */
const NAME_REACH = 90;
/** How far back an amount's clause is read for what makes it not the reported figure. */
const CLAUSE_REACH = 200;

const epsOf = (printed: string): Concept => (/diluted/i.test(printed) ? 'eps_diluted' : /basic/i.test(printed) ? 'eps_basic' : 'eps_basic_and_diluted');

/**
 * The line an amount is, when the words right before it name one and its clause is the period's
 * reported figure; a per-share amount after it (", or $2.12 a share") is that line's EPS.
 */
function namedConcepts(text: string, found: Found[]): void {
  let named: Concept | undefined;
  // Where the clause each number is in starts: the clause ends are found in one pass over the text.
  const ends = [...text.matchAll(/[;.](?:\s|$)/g)].map((m) => m.index + m[0].length);
  let from = 0;
  let next = 0;
  found.forEach((f, i) => {
    const previous = found[i - 1];
    while (next < ends.length && (ends[next] as number) <= f.at) from = ends[next++] as number;
    const clause = text.slice(Math.max(from, previous ? previous.at + previous.number.printed.length : 0), f.at);
    if (f.number.unit === 'USD/share' && named === 'net_income' && /^,?\s*or\s*$/i.test(clause)) {
      f.number.concept = epsOf(f.number.printed);
      return;
    }
    // The line's name, its words and the link stand right before the amount: only that much is read.
    const lead = clause.slice(-NAME_REACH);
    const m = NAMED.exec(lead);
    const whole = text.slice(Math.max(from, f.at - CLAUSE_REACH), f.at);
    const part = m !== null && namedAsPart(text, f.at - lead.length + m.index);
    const concept = m && !part && !f.number.role && !NOT_THE_FIGURE.test(whole) ? CONCEPT_OF.get((m[1] ?? '').toLowerCase()) : undefined;
    named = f.number.unit === 'USD' ? concept : undefined;
    if (named) f.number.concept = named;
    // "Net earnings were 27 cents a share": a per-share amount the bottom line's name leads to is its EPS.
    else if (f.number.unit === 'USD/share' && concept === 'net_income') f.number.concept = epsOf(f.number.printed);
  });
}
/** How far before a figure its lead-in ("per diluted common share of") is looked for. */
const LEAD_REACH = 40;
const AMOUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+)?(\.\d+)?`;

interface Found {
  at: number;
  number: SentenceNumber;
}

function amount(whole: string | undefined, fraction: string | undefined): number {
  return Number(`${(whole ?? '0').replace(/,/g, '')}${fraction ?? ''}`);
}

const MONEY = new RegExp(String.raw`\$\s?${AMOUNT}(?:\s*(thousand|million|billion)\b)?((?:\s+(?:or|a|per))?\s+(?:diluted |basic )?(?:common )?share\b)?`, 'gi');
const PERCENT = new RegExp(String.raw`(?<![\d.$,])${AMOUNT}\s?(%|percent\b)`, 'gi');
const PERCENT_WORD = /percent/i;
const CENTS = /(?<![\d.$,])(\d{1,3})\s+cents\s+(?:a|per)\s+(?:diluted |basic )?(?:common )?share\b/gi;
const CENTS_WORD = /cents/i;
const SHARES = /(?<![\d.$,])(\d{1,3}(?:,\d{3})+|\d+)\s+shares\b/gi;
const SHARES_WORD = /shares/i;

/** The numbers a sentence states, in order. Dates, phone numbers and times are not numbers here. */
export function numbersIn(text: string): Found[] {
  const found: Found[] = [];
  // Each pattern below needs a word or sign most sentences lack: looked for first, it spares the scan.
  for (const m of text.includes('$') ? text.matchAll(MONEY) : []) {
    if (!m[1] && !m[2]) continue;
    const scale = SCALE[(m[3] ?? '').toLowerCase()] ?? 1;
    const perShare = Boolean(m[4]) || /per (?:diluted |basic )?(?:common )?share of\s*$/i.test(text.slice(Math.max(0, m.index - LEAD_REACH), m.index));
    // "an improvement of $5.2 million" / "a $5.2 million improvement" is a change, not an amount;
    // "$1.5 million used in operations" / "cash used in operations of $1.5 million" flowed out.
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 16);
    const change = /(?:improvement|increase|decrease|change|growth) of\s*$|\bby\s*$/i.test(before) || /^\s*(?:improvement|increase|decrease|decline|change)\b/i.test(after);
    const outflow = /^\s*used\b/i.test(after) || /\bused\b[^$.;]*$/i.test(before);
    const role = change ? 'change' : outflow ? 'outflow' : undefined;
    found.push({ at: m.index, number: { value: round(amount(m[1], m[2]) * scale), unit: perShare ? 'USD/share' : 'USD', printed: m[0].trim(), ...(role ? { role } : {}) } });
  }
  // Not inside a number either ("1,234,567%" is one number): starting after each of its commas
  // would re-read the rest of it from every one, which a long run of groups makes quadratic.
  for (const m of text.includes('%') || PERCENT_WORD.test(text) ? text.matchAll(PERCENT) : []) {
    if (!m[1] && !m[2]) continue;
    found.push({ at: m.index, number: { value: amount(m[1], m[2]), unit: 'percent', printed: m[0] } });
  }
  // "27 cents a share": a per-share amount written in cents.
  for (const m of CENTS_WORD.test(text) ? text.matchAll(CENTS) : []) {
    found.push({ at: m.index, number: { value: round(Number(m[1]) / 100), unit: 'USD/share', printed: m[0] } });
  }
  for (const m of SHARES_WORD.test(text) ? text.matchAll(SHARES) : []) {
    found.push({ at: m.index, number: { value: amount(m[1], undefined), unit: 'shares', printed: m[0] } });
  }
  for (const m of text.matchAll(/(?<![\d.$,:-])(\d+)\s+(years?|quarters?|months?|clients?|employees?|days?)\b/gi)) {
    found.push({ at: m.index, number: { value: Number(m[1]), unit: 'count', printed: m[0] } });
  }
  found.sort((a, b) => a.at - b.at);
  namedConcepts(text, found);
  return found;
}


/** What the sentence can be read against: the release's own year and latest quarter. */
export interface PeriodContext {
  year: number;
  /** The latest quarter its statements print (an id: "2004-Q3"), which "for the quarter" names. */
  quarter?: string;
}

/** "For the quarter", "in the quarter", "during the quarter", said of no date ("the quarter ended May 31, 2013" is dated). */
const THE_QUARTER = /\b(?:for|in|during) (the quarter)\b(?!\s+end)/gi;

/** "The same quarter last year", "the prior quarter", "a year later": a period moved from the one said before it. */
type Shift = Extract<PeriodQuery, { kind: 'relative' }>;

interface Phrase {
  at: number;
  end: number;
  /** Null: several periods said as one ("the two quarters before"), which a number said with them is none of. */
  period: Period | Shift | null;
}

const durationEnding = (months: number, year: number, month: number): Period => ({
  kind: 'duration',
  months,
  end: isoDate(year, month, lastDayOfMonth(year, month)),
});

const MAY_NAME_A_PERIOD = /\d|quarter|half|months?\b|year|fiscal|same (?:quarter|period)/i;

/** Period phrases in a sentence, read with the one period grammar: "first quarter of 2003", "first six months of 2003", "in 2002"... */
function phrasesIn(text: string, ctx: PeriodContext): Phrase[] {
  const out: Phrase[] = [];
  // A quarter without its year takes the year the sentence named before it, else the release's.
  const named = [...text.matchAll(/\b(?:in|for|during|fiscal) (\d{4})\b/gi)];
  const namedAt = named.map((n) => n.index);
  // Most sentences of a release say no period at all: only those with a number or a period word are read.
  const found = MAY_NAME_A_PERIOD.test(text) ? findPeriods(text) : [];
  found.forEach((f, i) => {
    const q = f.query;
    const before = text.slice(Math.max(0, f.start - 12), f.start).toLowerCase();
    const phrase = (period: Period | Shift | null) => out.push({ at: f.start, end: f.end, period });
    if (q.kind === 'relative') return phrase(q.each ? null : q);
    if (q.kind === 'span' && q.year === undefined) {
      // "six months" without a year names no period; "the first quarter" is the year said before, or the release's.
      if (/months?/i.test(f.text)) return;
      const next = found[i + 1];
      const ofLastYear = next?.query.kind === 'lastYear' && next.start - f.end <= 4;
      const earlier = named[lastBefore(namedAt, f.start)];
      const year = ofLastYear ? ctx.year - 1 : earlier ? Number(earlier[1]) : ctx.year;
      const period = periodOfQuery({ ...q, year });
      if (period) phrase(period);
      return;
    }
    if (q.kind === 'span') {
      const period = periodOfQuery(q);
      if (period) phrase(period);
      return;
    }
    // A bare year is a year only when said as one ("in 2003", "for 2002", "2002 results"), and not as a range ("2003 and 2004").
    const after = text.slice(f.end, f.end + 12);
    if (q.kind === 'year' && (/\b(in|for|during|fiscal)\s+$/.test(before) || /^\s+results\b/i.test(after)) && !/^,? (?:and|to) \d/.test(after)) {
      // "$2.2 million in the first quarter of 2003, compared with $3.7 million in 2002": that quarter of 2002, not the year.
      const last = out[out.length - 1];
      const part = last?.period?.kind === 'duration' && last.period.months < 12 ? last.period : undefined;
      if (part && /\b(?:compared|versus|vs\.?|against)\b/i.test(text.slice(last?.end ?? 0, f.start))) {
        const [, m] = part.end.split('-').map(Number) as [number, number];
        phrase(durationEnding(part.months, q.year, m));
        return;
      }
      phrase({ kind: 'duration', months: 12, end: isoDate(q.year, 12, 31) });
      return;
    }
    // A balance is stated "at December 31, 2003".
    if (q.kind === 'date' && /\bat\s+$/.test(before) && /\d{1,2},?\s+\d{4}/.test(f.text)) phrase({ kind: 'instant', date: q.date });
  });
  // The release's own quarter, said without its name: Apple's "For the quarter, the Company posted a net profit of $61 million".
  const own = ctx.quarter === undefined ? undefined : parsePeriodId(ctx.quarter);
  if (own) {
    for (const m of text.matchAll(THE_QUARTER)) out.push({ at: m.index + m[0].length - (m[1]?.length ?? 0), end: m.index + m[0].length, period: own });
    out.sort((a, b) => a.at - b.at);
  }
  // "The prior year 13-week fiscal quarter ended October 28, 2023": the period said with its date, not a year before
  // the one said earlier (a 52/53-week year's quarter a year back ends on another day); "the year-ago fourth quarter",
  // which says no year, is still a year back.
  return out.filter((p, i) => {
    const next = out[i + 1];
    return !(p.period?.kind === 'relative' && next && next.period?.kind !== 'relative' && /\b\d{4}\b/.test(text.slice(next.at, next.end)) && /^[\s\w-]{0,40}$/.test(text.slice(p.end, next.at)));
  });
}

/** `p` moved by `by`: a year keeps a quarter's or a year's month end; a quarter moves only a quarter. */
function shifted(p: Period, by: Shift): Period | undefined {
  if (by.quarters) return quartersLater(p, by.quarters);
  if (p.kind === 'instant') return yearsLater(p, by.years);
  const [y, m] = p.end.split('-').map(Number) as [number, number];
  return durationEnding(p.months, y + by.years, m);
}

/** Index of the last of the ascending `positions` before `at`, or -1. */
function lastBefore(positions: readonly number[], at: number): number {
  let [low, high] = [-1, positions.length - 1];
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((positions[mid] ?? Infinity) < at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Resolves "same period last year", "the prior quarter" against the phrase before it. */
function resolve(phrases: Phrase[]): Array<{ at: number; period: Period | null }> {
  const out: Array<{ at: number; period: Period | null }> = [];
  for (const phrase of phrases) {
    const previous = out[out.length - 1]?.period;
    const period = phrase.period?.kind !== 'relative' ? phrase.period : previous && shifted(previous, phrase.period);
    if (period !== undefined) out.push({ at: phrase.at, period });
  }
  return out;
}

/** Words before the period a rate is measured against ("over", "compared with", "from"), and one an amount is compared with. */
const RATE_BASE = /(over|compared (?:with|to)|from|versus|vs\.?)\s+(?:the\s+)?$/i;
const COMPARED_WITH = /(compared (?:with|to)|versus|vs\.?)\s+(?:the\s+)?$/i;

/**
 * Ties each number to a period: the first period phrase after it and before the next number
 * ("$2.3 million in the first quarter of 2003"), else the last one before it ("For the first quarter
 * of 2003, revenues increased 16.9% to $13.1 million").
 */
export function readSentence(text: string, ctx: PeriodContext): { numbers: SentenceNumber[]; periods: string[] } {
  const found = numbersIn(text);
  const phrases = resolve(phrasesIn(text, ctx));
  const phraseAt = phrases.map((p) => p.at);
  // For each number, the first number from it on that is not per share: found once, not per number.
  const nextNotPerShare: number[] = [];
  for (let k = found.length; k >= 0; k--) nextNotPerShare[k] = k === found.length || found[k]?.number.unit !== 'USD/share' ? k : (nextNotPerShare[k + 1] ?? found.length);
  const numbers = found.map((f, i) => {
    const rate = f.number.unit === 'percent';
    // "$2.2 million, or $0.40 per share, in the first quarter": a per-share figure rides with its amount;
    // "increased 55% to $2.2 million for the second quarter": so does the amount a rate grew to, which
    // can only be the very next number (any later one has the next one's digits before it).
    const grewTo = (g: Found | undefined) => g !== undefined && /^\W*(?:increase|decrease)?\s*to\s*$/i.test(text.slice(f.at + f.number.printed.length, g.at));
    let nextIndex = f.number.unit === 'USD/share' ? i + 1 : (nextNotPerShare[i + 1] ?? found.length);
    if (rate && nextIndex === i + 1 && grewTo(found[nextIndex])) nextIndex = nextNotPerShare[i + 2] ?? found.length;
    const next = found[nextIndex]?.at ?? Infinity;
    // A rate's base ("a 9.1% increase over the first six months of 2002") is not the period that grew; nor is what an
    // amount is compared with ("$2.88, compared with first-quarter 2021 adjusted profit per share of $2.87").
    const base = (p: { at: number }) => (rate ? RATE_BASE : COMPARED_WITH).test(text.slice(Math.max(0, p.at - 20), p.at));
    let after: (typeof phrases)[number] | undefined;
    for (let k = lastBefore(phraseAt, f.at + 1) + 1; k < phrases.length && (phrases[k]?.at ?? Infinity) < next; k++) {
      const p = phrases[k];
      if (p && !base(p)) {
        after = p;
        break;
      }
    }
    const before = phrases[lastBefore(phraseAt, f.at)];
    const period = (after ?? before)?.period;
    return period && f.number.unit !== 'count' ? { ...f.number, period: periodId(period) } : f.number;
  });
  // The amount a rate grew to, said after the rate's period ("grew 3.3 percent for the quarter, to $10.9 billion"), is of
  // that period, never of one said after it ("... at the end of the year").
  numbers.forEach((n, i) => {
    const [rate, own] = [numbers[i - 1], found[i]];
    const from = found[i - 1];
    if (i === 0 || n.unit !== 'USD' || rate?.unit !== 'percent' || !from || !own) return;
    if (!/,\s*to\s*$/i.test(text.slice(from.at + from.number.printed.length, own.at))) return;
    numbers[i] = rate.period ? { ...n, period: rate.period } : n;
  });
  const periods = [...new Set(phrases.flatMap((p) => (p.period ? [periodId(p.period)] : [])))];
  return { numbers, periods };
}

/** Lines between two paragraphs past which they are no longer one part: blank lines are fewer, a table more. */
const HEADING_REACH = 4;

/**
 * A heading of the body's parts: a line of its own, a few words each capitalised, no sentence's ending ("Domestic",
 * "Sears Canada", "TEXAS COMMERCE BANCSHARES", "Outlook").
 */
function isHeading(p: Paragraph, next: Paragraph | undefined): boolean {
  if (p.lines.length !== 1 || p.text.length > 80) return false;
  // A heading in capitals may end in a colon ("VERIZON WIRELESS:"); a note's ("FOOTNOTES:") is no part of the release.
  const text = p.text.trim().replace(/^([A-Z][A-Z &'-]+):$/, '$1');
  const words = text.split(/\s+/);
  // Over prose, close below it: never a date line, nor a table's leftover ("UNAUDITED", a column head over figures).
  return words.length <= 5 && text.length <= 60 && !/[\d.:;,!?)]/.test(text) && /[a-z]/i.test(text) && !/^(?:unaudited|(?:foot)?notes?)$/i.test(text)
    && words.every((w) => /^(?:[A-Z&]|and$|of$|the$|for$)/.test(w))
    && next !== undefined && (next.lines[0]?.no ?? 0) - (p.lines[0]?.no ?? 0) <= HEADING_REACH && isRunningText(next.text);
}

export function sentenceFacts(
  release: string,
  section: SentenceFact['section'],
  paragraphs: Paragraph[],
  ctx: PeriodContext,
): Unstamped<SentenceFact>[] {
  // The body's parts under their headings: each sentence says which it is in. A table between (lines taken out of the
  // prose) ends the part: the notes below it are the table's.
  let heading: string | undefined;
  let lastLine = 0;
  return paragraphs.flatMap((p, i) => {
    const first = p.lines[0]?.no ?? 0;
    if (first - lastLine > HEADING_REACH) heading = undefined;
    lastLine = p.lines[p.lines.length - 1]?.no ?? first;
    const own = section === 'body' && isHeading(p, paragraphs[i + 1]);
    if (own) heading = p.text.trim().replace(/:$/, '');
    return sentences(p).map((s) => ({
      kind: 'sentence' as const,
      section,
      ...(heading && !own ? { heading } : {}),
      ...readSentence(s.text, ctx),
      release,
      ...printedSpan(p, s.from, s.to),
      text: s.text,
    }));
  });
}

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
