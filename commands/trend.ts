/** `/trend metric:<name>`: every period with a value, oldest first, quarters apart from longer periods. */
import { conceptInfo } from '../knowledge/concepts.ts';
import { comparePeriods, isRolling, parsePeriodId, shortPeriod } from '../knowledge/periods.ts';
import type { Figure } from '../knowledge/snapshot.ts';
import { answer, cite, uniqueCitations, type Answer } from './answer.ts';
import { formatFigure } from './format.ts';
import { FAMILY } from './figures.ts';
import { evaluate } from './measures.ts';
import { inSentence, measureLabel } from './understand/describe.ts';
import type { Measure } from './understand/question.ts';
import { formulaNamed } from './understand/vocabulary.ts';
import { invalid, parseMetricOption } from './understand/options.ts';
import type { Concept } from '../knowledge/concepts.ts';
import type { Book } from '../knowledge/snapshot.ts';
import { defineCommand, option } from './spec.ts';

const GROUPS: ReadonlyArray<readonly [string, (months: number) => boolean]> = [
  ['Quarters', (m) => m === 3],
  ['Half-years', (m) => m === 6],
  ['Nine months', (m) => m === 9],
  ['Years', (m) => m === 12],
  ['Balances', (m) => m === 0],
];

export const trend = defineCommand({
  name: 'trend',
  scoped: true,
  description: 'Every period with a value for a metric, oldest first',
  options: { metric: option('metric', 'The metric: revenue, EBITDA, cash...', true) },
  examples: ['/trend revenue', '/trend cash'],
  read({ metric }, snapshot) {
    const m = parseMetricOption(metric, snapshot);
    return m.ok ? { kind: 'question', question: { intent: 'trend', measures: [m.value] } } : invalid('metric', m);
  },
});

interface Row {
  period: string;
  text: string;
  computed: boolean;
}

const months = (id: string) => {
  const p = parsePeriodId(id);
  return p?.kind === 'duration' ? p.months : 0;
};

/** Rows grouped as quarters, half-years, nine months, years and balances, oldest first in each. */
function grouped(rows: readonly Row[]) {
  return GROUPS.map(([group, test]) => ({
    name: group,
    value: rows.filter((r) => test(months(r.period))).map((r) => `${shortPeriod(r.period)}: ${r.text}`).join('\n'),
  })).filter((f) => f.value !== '');
}

/** Every period of a statement line, oldest first, quarters apart from longer periods. */
export function trendAnswer(concept: Concept, book: Book): Answer {
  // Releases print EPS and share counts as "basic and diluted" or apart: a trend takes both.
  const byPeriod = new Map<string, Figure>();
  for (const c of [concept, ...(FAMILY[concept] ?? [])]) {
    for (const p of book.periodsOf(c)) if (!byPeriod.has(p) && !isRolling(p)) byPeriod.set(p, book.figure(c, p) as Figure);
  }
  const figures = [...byPeriod.values()].sort((a, b) => comparePeriods(a.period, b.period));
  const name = conceptInfo(concept).name;
  const which = (f: Figure) => (f.concept !== concept ? ` (${conceptInfo(f.concept).name.toLowerCase()})` : '');
  const rows = figures.map((f) => ({
    period: f.period,
    text: `${formatFigure(f.fact)}${which(f)}${f.fact.kind === 'derived' ? ' (derived)' : ''}${f.notes.some((n) => n.kind === 'misprint') ? ' (misprint corrected)' : ''}`,
    computed: f.fact.kind === 'derived',
  }));
  const derived = rows.filter((r) => r.computed);
  return answer('trend', `${name} — every period`, `${name}: ${figures.length} periods in the releases, oldest first${derived.length > 0 ? `; ${derived.length} derived from printed figures, marked so` : ''}.`, {
    fields: grouped(rows),
    notes: derived.length > 0 ? ['Derived periods are computed from printed ones (e.g. Q3 = year − first half − Q4); ask for one to see its formula.'] : [],
    sources: uniqueCitations(figures.flatMap((f) => (f.fact.kind === 'statement' ? [cite(f.fact)] : []))),
    facts: figures.map((f) => f.fact),
  });
}

/** Every period a computed measure (a margin, a ratio, a sum) can be worked out for, from printed figures. */
export function computedTrendAnswer(measure: Measure, book: Book): Answer {
  const concepts = conceptsOf(measure);
  const periods = [...new Set(concepts.flatMap((c) => book.periodsOf(c)))].filter((p) => !isRolling(p)).sort(comparePeriods);
  const values = periods.flatMap((p) => {
    const v = evaluate(measure, { kind: 'id', id: p }, book);
    return v.ok && v.value.period === p ? [v.value] : [];
  });
  const name = measureLabel(measure);
  if (values.length === 0) return answer('not_found', `${name}: not in the releases`, `Not in the releases: ${inSentence(name)} cannot be worked out for any period from the printed figures.`);
  return answer('trend', `${name} — every period`, `${name}: ${values.length} periods, oldest first, each computed from printed figures.`, {
    fields: grouped(values.map((v) => ({ period: v.period, text: v.text, computed: true }))),
    notes: ['Computed, not printed: ask for one period to see its formula.'],
    sources: uniqueCitations(values.flatMap((v) => v.figures.flatMap((f) => (f.fact.kind === 'statement' ? [cite(f.fact)] : [])))),
    facts: values.flatMap((v) => v.figures.map((f) => f.fact)),
  });
}

/** The statement lines a measure is computed from. */
function conceptsOf(m: Measure): Concept[] {
  switch (m.kind) {
    case 'concept':
      return [m.concept];
    case 'sum':
      return m.parts;
    case 'ratio':
      return [m.numerator, m.denominator];
    case 'formula': {
      const f = formulaNamed(m.formula);
      return f ? f.terms.flatMap((t) => conceptsOf(formulaNamed(t) ? { kind: 'formula', formula: t } : { kind: 'concept', concept: t as Concept })) : [];
    }
    case 'narrative':
      return [];
  }
}
