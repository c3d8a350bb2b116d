/**
 * Sentences of the running text with the numbers they state ($76.5 million, 374%, 13,147,800 shares,
 * 17 years) and the period each number is tied to, where the sentence says one.
 */
import type { SentenceFact, SentenceNumber } from '../facts.ts';
import { isoDate, lastDayOfMonth, monthNumber, periodId, type Period } from '../periods.ts';
import { printedSpan, sentences, type Paragraph } from './paragraphs.ts';

const SCALE: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };
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

/** The numbers a sentence states, in order. Dates, phone numbers and times are not numbers here. */
export function numbersIn(text: string): Found[] {
  const found: Found[] = [];
  const money = new RegExp(String.raw`\$\s?${AMOUNT}(?:\s*(thousand|million|billion)\b)?((?:\s+(?:or|a|per))?\s+(?:diluted |basic )?(?:common )?share\b)?`, 'gi');
  for (const m of text.matchAll(money)) {
    if (!m[1] && !m[2]) continue;
    const scale = SCALE[(m[3] ?? '').toLowerCase()] ?? 1;
    const perShare = Boolean(m[4]) || /per (?:diluted |basic )?(?:common )?share of\s*$/i.test(text.slice(Math.max(0, m.index - LEAD_REACH), m.index));
    found.push({ at: m.index, number: { value: round(amount(m[1], m[2]) * scale), unit: perShare ? 'USD/share' : 'USD', printed: m[0].trim() } });
  }
  // Not inside a number either ("1,234,567%" is one number): starting after each of its commas
  // would re-read the rest of it from every one, which a long run of groups makes quadratic.
  for (const m of text.matchAll(new RegExp(String.raw`(?<![\d.$,])${AMOUNT}\s?(%|percent\b)`, 'gi'))) {
    if (!m[1] && !m[2]) continue;
    found.push({ at: m.index, number: { value: amount(m[1], m[2]), unit: 'percent', printed: m[0] } });
  }
  for (const m of text.matchAll(/(?<![\d.$,])(\d{1,3}(?:,\d{3})+|\d+)\s+shares\b/gi)) {
    found.push({ at: m.index, number: { value: amount(m[1], undefined), unit: 'shares', printed: m[0] } });
  }
  for (const m of text.matchAll(/(?<![\d.$,:-])(\d+)\s+(years?|quarters?|months?|clients?|employees?|days?)\b/gi)) {
    found.push({ at: m.index, number: { value: Number(m[1]), unit: 'count', printed: m[0] } });
  }
  return found.sort((a, b) => a.at - b.at);
}

const ORDINALS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4 };
const SPANS: Record<string, number> = { six: 6, '6': 6, nine: 9, '9': 9, three: 3, twelve: 12 };

/** What the sentence can be read against: the release's own year and latest quarter. */
export interface PeriodContext {
  year: number;
}

interface Phrase {
  at: number;
  end: number;
  period: Period | 'prior';
}

const durationEnding = (months: number, year: number, month: number): Period => ({
  kind: 'duration',
  months,
  end: isoDate(year, month, lastDayOfMonth(year, month)),
});

/** Period phrases in a sentence: "first quarter of 2003", "first six months of 2003", "in 2002"... */
function phrasesIn(text: string, ctx: PeriodContext): Phrase[] {
  const out: Phrase[] = [];
  // A quarter without its year takes the year the sentence named before it, else the release's.
  const named = [...text.matchAll(/\b(?:in|for|during|fiscal) (\d{4})\b/gi)];
  const namedAt = named.map((n) => n.index);
  const yearOf = (y: string | undefined, lastYear: string | undefined, at = 0) => {
    if (y) return Number(y);
    if (lastYear) return ctx.year - 1;
    const before = named[lastBefore(namedAt, at)];
    return before ? Number(before[1]) : ctx.year;
  };
  for (const m of text.matchAll(/\b(first|second|third|fourth) quarter(?: (?:of |ended [a-z]+ \d{1,2}, )?(\d{4})| of (last year))?/gi)) {
    const q = ORDINALS[(m[1] ?? '').toLowerCase()] ?? 1;
    out.push({ at: m.index, end: m.index + m[0].length, period: durationEnding(3, yearOf(m[2], m[3], m.index), q * 3) });
  }
  for (const m of text.matchAll(/\b(first|second) half(?: of)?(?: (\d{4}))?/gi)) {
    const half = (m[1] ?? '').toLowerCase() === 'first' ? 6 : 12;
    out.push({ at: m.index, end: m.index + m[0].length, period: durationEnding(6, yearOf(m[2], undefined, m.index), half) });
  }
  for (const m of text.matchAll(/\b(?:first |past )?(six|6|nine|9)[- ]months?(?: ended ([a-z]+) \d{1,2},)?(?: of)? (\d{4})/gi)) {
    const months = SPANS[(m[1] ?? '').toLowerCase()] ?? 6;
    const endMonth = m[2] ? (monthNumber(m[2]) ?? months) : months;
    out.push({ at: m.index, end: m.index + m[0].length, period: durationEnding(months, Number(m[3]), endMonth) });
  }
  for (const m of text.matchAll(/\bsame (?:quarter|period)(?: (?:last year|in \d{4}|for \d{4}|of last year))?/gi)) {
    out.push({ at: m.index, end: m.index + m[0].length, period: 'prior' });
  }
  const claimed = coverage(out);
  for (const m of text.matchAll(/\b(?:fiscal|full year(?: ended december 31,)?|year ended december 31,|in|for|during) (\d{4})\b(?!,? (?:and|to) \d)/gi)) {
    // "in 2003" is a year only when no quarter or half phrase claims the same words.
    if (claimed(m.index)) continue;
    out.push({ at: m.index, end: m.index + m[0].length, period: durationEnding(12, Number(m[1]), 12) });
  }
  for (const m of text.matchAll(/\bat ([a-z]+) (\d{1,2}), (\d{4})/gi)) {
    const month = monthNumber(m[1] ?? '');
    if (month) out.push({ at: m.index, end: m.index + m[0].length, period: { kind: 'instant', date: isoDate(Number(m[3]), month, Number(m[2])) } });
  }
  return out.sort((a, b) => a.at - b.at);
}

function priorOf(p: Period): Period {
  if (p.kind === 'instant') return p;
  const [y, m] = p.end.split('-').map(Number) as [number, number];
  return durationEnding(p.months, y - 1, m);
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

/** Whether a position lies inside any of the phrases, answered without trying each of them. */
function coverage(phrases: readonly Phrase[]): (at: number) => boolean {
  const sorted = [...phrases].sort((a, b) => a.at - b.at);
  const starts = sorted.map((p) => p.at);
  // The furthest end among the phrases starting at or before each one.
  const reach: number[] = [];
  sorted.forEach((p, i) => reach.push(Math.max(p.end, reach[i - 1] ?? -Infinity)));
  return (at) => (reach[lastBefore(starts, at + 1)] ?? -Infinity) > at;
}

/** Resolves "same period last year" against the phrase before it. */
function resolve(phrases: Phrase[]): Array<{ at: number; period: Period }> {
  const out: Array<{ at: number; period: Period }> = [];
  for (const phrase of phrases) {
    const previous = out[out.length - 1];
    if (phrase.period !== 'prior') out.push({ at: phrase.at, period: phrase.period });
    else if (previous) out.push({ at: phrase.at, period: priorOf(previous.period) });
  }
  return out;
}

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
    // A rate's base ("a 9.1% increase over the first six months of 2002") is not the period that grew.
    const base = (p: { at: number }) => rate && /(over|compared (?:with|to)|from|versus|vs\.?)\s+(?:the\s+)?$/i.test(text.slice(Math.max(0, p.at - 20), p.at));
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
  const periods = [...new Set(phrases.map((p) => periodId(p.period)))];
  return { numbers, periods };
}

export function sentenceFacts(
  release: string,
  section: SentenceFact['section'],
  paragraphs: Paragraph[],
  ctx: PeriodContext,
): SentenceFact[] {
  return paragraphs.flatMap((p) =>
    sentences(p).map((s) => ({
      kind: 'sentence' as const,
      section,
      ...readSentence(s.text, ctx),
      release,
      ...printedSpan(p, s.from, s.to),
      text: s.text,
    })),
  );
}

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
