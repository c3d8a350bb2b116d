/**
 * Periods a figure question names by how recent they are, and ranking: "the last four quarters" (the
 * quarters running up to the latest the releases give), "which quarter had the highest revenue in
 * 2003?" (named only when the rounding of the printed figures settles it).
 */
import { conceptInfo } from '../knowledge/concepts.ts';
import { parsePeriodId, periodId, priorQuarter, priorYear, shortPeriod, type Period } from '../knowledge/periods.ts';
import type { PeriodQuery } from '../knowledge/period-grammar.ts';
import type { Book } from '../knowledge/snapshot.ts';
import { answer, uniqueCitations } from './answer.ts';
import { reclassNotes } from './compare.ts';
import { familyPeriods } from './figures.ts';
import { evaluate, type Value } from './measures.ts';
import type { Responded } from './respond.ts';
import { inSentence, measureLabel, periodLabel } from './understand/describe.ts';
import { quartersOf } from './understand/period-shift.ts';
import type { Measure, Question, Rank } from './understand/question.ts';
import { notAvailable, valueFacts, valueFields, valueSources, withReading } from './value-answers.ts';

const asQuery = (id: string): PeriodQuery => ({ kind: 'id', id });
/** A balance sheet's date, not a period of time. */
const atDate = (id: string) => parsePeriodId(id)?.kind === 'instant';

/** The quarters (or fiscal years) the releases give a measure for (a statement line's own, derived ones too), oldest first. */
function periodsGiven(measure: Measure, book: Book, unit: 'quarter' | 'year'): string[] {
  const given = measure.kind === 'concept' ? familyPeriods(measure.concept, book) : book.releases.flatMap((r) => r.periods);
  // A balance's quarters are its balance sheets' dates ("which quarter had the most cash?"; it found no quarter to rank).
  const balance = measure.kind === 'concept' && conceptInfo(measure.concept).measure === 'balance';
  const wanted = (id: string) => (unit === 'year' ? /-FY$/.test(id) : balance ? atDate(id) : /-Q[1-4]$/.test(id));
  return [...new Set(given)].filter(wanted).sort();
}

/**
 * "The last four quarters": the four quarters (or years) running up to the latest the releases give
 * the measure for, oldest first, one after another (a quarter they lack is said to be missing, never
 * skipped for an older one); other periods stay as asked.
 */
export function withRecent(periods: readonly PeriodQuery[], measure: Measure, book: Book): PeriodQuery[] {
  return periods.flatMap((p) => {
    if (p.kind !== 'recent') return [p];
    const latest = periodsGiven(measure, book, p.unit).at(-1);
    const at = latest === undefined ? undefined : parsePeriodId(latest);
    if (!at) return [];
    const back = p.unit === 'quarter' ? priorQuarter : priorYear;
    const run: Period[] = [at];
    while (run.length < p.count) run.unshift(back(run[0] as Period));
    return run.map((period) => asQuery(periodId(period)));
  });
}

/** A year said is its four quarters; any other period stays as said. */
function quartersIn(p: PeriodQuery): PeriodQuery[] {
  const year = p.kind === 'year' ? p.year : p.kind === 'span' && p.months === 12 && !p.byDate ? p.year : undefined;
  return year === undefined ? [p] : quartersOf(year);
}

/**
 * "Which quarter had the highest revenue in 2003?": each measure over the periods asked (none: every
 * quarter given), the highest or lowest named, unless the printed figures' rounding leaves it unsettled.
 */
export function rankedAnswer(q: Extract<Question, { intent: 'figure' }> & { rank: Rank }, book: Book): Responded {
  const higher = q.rank === 'highest' ? 'higher' : 'lower';
  const parts = q.measures.map((measure) => {
    const periods = q.periods.length === 0 ? periodsGiven(measure, book, 'quarter').map(asQuery) : withRecent(q.periods, measure, book).flatMap(quartersIn);
    const evaluated = periods.map((p) => ({ p, r: evaluate(measure, p, book) }));
    // Each period once, however it was asked.
    const values = [...new Map(evaluated.flatMap(({ r }) => (r.ok ? [[r.value.period, r.value] as const] : []))).values()];
    const missing = evaluated.filter(({ r }) => !r.ok).map(({ p }) => periodLabel(p));
    const name = measureLabel(measure);
    const of = values.map((v) => shortPeriod(v.period)).join(', ');
    if (values.length < 2) return { values, shown: [], notes: [], summary: `${name}: the releases give ${values.length === 0 ? 'none' : `only ${values.map((v) => `${shortPeriod(v.period)} (${v.text})`).join('')}`} of those quarters, so there is nothing to rank.` };
    const [top, next] = [...values].sort((a, b) => (q.rank === 'highest' ? b.value - a.value : a.value - b.value)) as [Value, Value];
    // How far apart rounding lets them be; unknown for amounts read from the text.
    const rounding = top.uncertainty !== undefined && next.uncertainty !== undefined ? top.uncertainty + next.uncertainty : undefined;
    const unranked = missing.length > 0 ? ` (${missing.join(', ')}: not in the releases, so not ranked)` : '';
    // A balance is at its dates, a flow in its periods.
    const prep = atDate(top.period) ? 'at' : 'in';
    // Lines printed on either side of a reclassification of prior periods are ranked as printed, and said so.
    const notes = [...new Set(values.flatMap((v) => (v === top ? [] : reclassNotes(top, v, book))))];
    if (rounding !== undefined && Math.abs(top.value - next.value) > rounding) {
      return { values, notes, summary: `Of ${of}${unranked}, ${inSentence(name)} was ${q.rank} ${prep} ${shortPeriod(top.period)}: ${top.text}.`, shown: [top.text] };
    }
    const why = rounding === undefined ? 'the releases give them without saying how they are rounded' : 'they are within the rounding of the printed figures';
    const summary = `Of ${of}${unranked}, ${inSentence(name)} was ${q.rank} ${prep} ${shortPeriod(top.period)} (${top.text}) or ${shortPeriod(next.period)} (${next.text}): ${why}, so the releases do not settle which is ${higher}.`;
    return { values, notes, summary, shown: [top.text, next.text] };
  });
  const found = parts.flatMap((p) => p.values);
  if (found.length === 0) return { answer: notAvailable(`${q.measures.map(measureLabel).join(', ')}: the ${q.rank}`, parts.map((p) => p.summary).join(' '), q), settled: q };
  const a = answer('figure', `${q.measures.map(measureLabel).join(', ')}: the ${q.rank} quarter`, parts.map((p) => p.summary).join('\n'), {
    emphasis: parts.flatMap((p) => p.shown),
    fields: parts.flatMap((p) => p.values.flatMap(valueFields)),
    notes: [...new Set(parts.flatMap((p) => p.notes))],
    sources: uniqueCitations(found.flatMap(valueSources)),
    facts: found.flatMap(valueFacts),
  });
  return { answer: withReading(a, q), settled: q };
}
