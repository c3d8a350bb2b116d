/**
 * Slash-command options to typed slots, strictly: an option must be wholly a metric or wholly a
 * period, or it is refused with what is valid and the closest valid values ("Q5 2003", "June 31"
 * and "versus:Q9 2002" are never reinterpreted as something else).
 */
import { comparePeriods, shortPeriod } from '../../knowledge/periods.ts';
import type { FactSource } from '../../knowledge/snapshot.ts';
import { measureLabel } from './describe.ts';
import { findPeriods, impossiblePeriod, type PeriodQuery, withLtmEnds } from '../../knowledge/period-grammar.ts';
import { rememberPer } from '../../knowledge/remember.ts';
import { writtenOut } from './shorthand.ts';
import type { Measure, Reading } from './question.ts';
import { spot } from './spot.ts';
import { COMPANY_WORDS, termMeasure } from './vocabulary.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; valid: string[] };

/**
 * Option values read before, per snapshot: options are mostly autocomplete's choices ("revenue",
 * "Q4 2003"), so the same few texts are read again and again, in every combination.
 */
const metricOptions = rememberPer<FactSource, Parsed<Measure>>(2000);
const periodOptions = rememberPer<FactSource, Parsed<PeriodQuery>>(2000);

/**
 * A metric option: every word must belong to one metric (typos mended), else the closest metrics. `company`: the
 * company the command is about, whose own words for its lines come first (Apple's "operating expenses").
 */
export function parseMetricOption(text: string, snapshot: FactSource, company?: string): Parsed<Measure> {
  return metricOptions(snapshot, `${company ?? ''}|${text}`, () => readMetricOption(text, snapshot, company));
}

function readMetricOption(typed: string, snapshot: FactSource, company: string | undefined): Parsed<Measure> {
  const text = writtenOut(typed);
  const s = spot(text, snapshot);
  const measures = s.spans.flatMap((sp) => (sp.value.kind === 'measure' ? [sp.value.measure] : []));
  const others = s.spans.filter((sp) => sp.value.kind !== 'measure' && sp.value.kind !== 'company');
  const ambiguous = s.spans.find((sp) => sp.value.kind === 'ambiguous');
  if (measures.length === 1 && s.unexplained.length === 0 && others.length === 0) {
    const span = s.spans.find((sp) => sp.value.kind === 'measure');
    const own = company && span ? COMPANY_WORDS.phrases[company]?.[s.tokens.slice(span.from, span.to).map((t) => t.word).join(' ')] : undefined;
    return { ok: true, value: own ? termMeasure(own) : (measures[0] as Measure) };
  }
  // Said as people say them ("net income"), never as the vocabulary's keys.
  const valid = ambiguous?.value.kind === 'ambiguous'
    ? ambiguous.value.choices.map((c) => measureLabel(termMeasure(c)))
    : measures.map(measureLabel);
  const metrics = snapshot.printedConcepts;
  return {
    ok: false,
    message: `"${typed}" is not a metric I know${valid.length ? `; closest: ${valid.join(', ')}` : ''}.`,
    valid: valid.length ? valid : metrics.slice(0, 10).map((c) => measureLabel({ kind: 'concept', concept: c })),
  };
}

/** Every period the releases' tables print, latest first: read once per snapshot or book. */
const periodLists = new WeakMap<FactSource, readonly string[]>();
export function printedPeriods(source: FactSource): readonly string[] {
  let list = periodLists.get(source);
  if (!list) {
    list = [...new Set(source.releases.flatMap((r) => r.periods))].sort(comparePeriods).reverse();
    periodLists.set(source, list);
  }
  return list;
}

/** A period option: all of it must be one period the grammar reads (Q1-Q4, a real date). */
export function parsePeriodOption(text: string, snapshot: FactSource): Parsed<PeriodQuery> {
  return periodOptions(snapshot, text, () => readPeriodOption(text, snapshot));
}

function readPeriodOption(typed: string, snapshot: FactSource): Parsed<PeriodQuery> {
  const text = writtenOut(typed);
  // A period that cannot be one ("2003-13-01", "September 31, 2003") is said back, as in a question in words.
  const impossible = impossiblePeriod(text);
  if (impossible) return { ok: false, message: impossible, valid: printedPeriods(snapshot).slice(0, 8).map(shortPeriod) };
  const found = findPeriods(text);
  const rest = found.reduce((t, p) => t.replace(p.text, ' '), text).replace(/[\s,.?!]+/g, '');
  // "TTM as of 3/31/03" is one period: the trailing twelve months and their end.
  const periods = withLtmEnds(found.map((p) => p.query));
  const [only] = periods;
  if (only && periods.length === 1 && rest === '') return { ok: true, value: only };
  const year = /\b(19|20)\d{2}\b/.exec(text)?.[0];
  const have = printedPeriods(snapshot);
  const near = year ? have.filter((p) => p.startsWith(year)) : have;
  return {
    ok: false,
    message: `"${typed}" is not a period I can read: use Q1-Q4 with a year, H1/H2, 9M, FY, or a real date (e.g. Q4 2003, FY2003, December 31, 2003).`,
    valid: (near.length ? near : have).slice(0, 8).map(shortPeriod),
  };
}

/** An optional period option: absent is fine (the command's default), present must read whole. */
export function optionalPeriod(text: string | undefined, snapshot: FactSource): Parsed<PeriodQuery | undefined> {
  return text ? parsePeriodOption(text, snapshot) : { ok: true, value: undefined };
}

/** An option refused: the message and the valid values, as an invalid reading. */
export function invalid(name: string, parsed: Extract<Parsed<unknown>, { ok: false }>): Reading {
  return { kind: 'invalid', message: `${name}: ${parsed.message}`, valid: parsed.valid };
}
