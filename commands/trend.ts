/** `/trend metric:<name>`: every period with a value, oldest first, quarters apart from longer periods. */
import { conceptInfo } from '../knowledge/concepts.ts';
import { comparePeriods, isRolling, parsePeriodId, shortPeriod } from '../knowledge/periods.ts';
import type { Figure } from '../knowledge/snapshot.ts';
import { answer, cite, uniqueCitations, type Answer } from './answer.ts';
import { formatFigure } from './format.ts';
import { FAMILY } from './figures.ts';
import { invalid, parseMetricOption } from './understand/options.ts';
import type { Concept } from '../knowledge/concepts.ts';
import type { Snapshot } from '../knowledge/snapshot.ts';
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
  description: 'Every period with a value for a metric, oldest first',
  options: { metric: option('metric', 'The metric: revenue, EBITDA, cash...', true) },
  examples: ['/trend revenue', '/trend cash'],
  read({ metric }, snapshot) {
    const m = parseMetricOption(metric, snapshot);
    return m.ok ? { kind: 'question', question: { intent: 'trend', measures: [m.value] } } : invalid('metric', m);
  },
});

/** Every period of a statement line, oldest first, quarters apart from longer periods. */
export function trendAnswer(concept: Concept, snapshot: Snapshot): Answer {
  // Releases print EPS and share counts as "basic and diluted" or apart: a trend takes both.
  const byPeriod = new Map<string, Figure>();
  for (const c of [concept, ...(FAMILY[concept] ?? [])]) {
    for (const p of snapshot.periodsOf(c)) if (!byPeriod.has(p) && !isRolling(p)) byPeriod.set(p, snapshot.figure(c, p) as Figure);
  }
  const figures = [...byPeriod.values()].sort((a, b) => comparePeriods(a.period, b.period));
  const name = conceptInfo(concept).name;
  const which = (f: Figure) => (f.concept !== concept ? ` (${conceptInfo(f.concept).name.toLowerCase()})` : '');
  const months = (id: string) => {
    const p = parsePeriodId(id);
    return p?.kind === 'duration' ? p.months : 0;
  };
  const fields = GROUPS.map(([group, test]) => {
    const rows = figures.filter((f) => test(months(f.period)));
    return { name: group, value: rows.map((f) => `${shortPeriod(f.period)}: ${formatFigure(f.fact)}${which(f)}${f.fact.kind === 'derived' ? ' (derived)' : ''}${f.notes.some((n) => n.kind === 'misprint') ? ' (misprint corrected)' : ''}`).join('\n') };
  }).filter((f) => f.value !== '');
  const derived = figures.filter((f) => f.fact.kind === 'derived');
  return answer('trend', `${name} — every period`, `${name}: ${figures.length} periods in the releases, oldest first${derived.length > 0 ? `; ${derived.length} derived from printed figures, marked so` : ''}.`, {
    fields,
    notes: derived.length > 0 ? ['Derived periods are computed from printed ones (e.g. Q3 = year − first half − Q4); ask for one to see its formula.'] : [],
    sources: uniqueCitations(figures.flatMap((f) => (f.fact.kind === 'statement' ? [cite(f.fact)] : []))),
    facts: figures.map((f) => f.fact),
  });
}
