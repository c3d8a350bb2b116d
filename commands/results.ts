/** "How did Q4 go?": the headline figures of a period, each against a year earlier, with the release's headline. */
import { conceptInfo, type Concept } from '../knowledge/concepts.ts';
import { change } from '../knowledge/derive.ts';
import { parsePeriodId, periodId, priorYear, shortPeriod } from '../knowledge/periods.ts';
import type { Snapshot } from '../knowledge/snapshot.ts';
import { answer, uniqueCitations } from './answer.ts';
import { figureSources } from './figures.ts';
import { formatFigure, percent } from './format.ts';
import { evaluate } from './measures.ts';
import { releaseFor } from './releases.ts';
import type { Responded } from './respond.ts';
import { describeQuestion } from './understand/describe.ts';
import type { Question } from './understand/question.ts';

const HEADLINE: readonly Concept[] = ['revenue', 'ebitda', 'operating_income', 'net_income', 'net_income_to_common', 'eps_diluted'];

export function resultsAnswer(q: Extract<Question, { intent: 'results' }>, snapshot: Snapshot): Responded {
  const anchor = evaluate({ kind: 'concept', concept: 'revenue' }, q.period ?? { kind: 'lastQuarter' }, snapshot);
  const readAs = `Read as: ${describeQuestion(q)}.`;
  if (!anchor.ok) return { answer: answer('not_found', 'Results: not in the releases', `${anchor.reason.replace(/\.$/, '')}.`, { notes: [readAs] }), settled: q };
  const period = anchor.value.period;
  const p = parsePeriodId(period);
  const before = p ? periodId(priorYear(p)) : undefined;
  const lines: string[] = [];
  const emphasis: string[] = [];
  const figures = HEADLINE.flatMap((c) => {
    const now = evaluate({ kind: 'concept', concept: c }, { kind: 'id', id: period }, snapshot);
    if (!now.ok || now.value.figures.length === 0) return [];
    const figure = now.value.figures[0] as NonNullable<(typeof now.value.figures)[number]>;
    const prior = before ? snapshot.figure(figure.concept, before) : undefined;
    const c2 = prior ? change(figure.fact, prior.fact) : undefined;
    const versus = prior ? ` (${shortPeriod(prior.period)}: ${formatFigure(prior.fact)}${c2 ? `, ${percent(c2.percent)}` : ''})` : '';
    emphasis.push(formatFigure(figure.fact));
    lines.push(`${conceptInfo(figure.concept).name}: ${formatFigure(figure.fact)}${figure.fact.kind === 'derived' ? ' (derived)' : ''}${versus}`);
    return [figure, ...(prior ? [prior] : [])];
  });
  const release = releaseFor(snapshot, period);
  const settled: Question = { intent: 'results', period: { kind: 'id', id: period } };
  return {
    answer: answer('figure', `Results — ${shortPeriod(period)}`, lines.join('\n'), {
      emphasis,
      fields: release ? [{ name: 'Headline of the release', value: release.headline }] : [],
      notes: [readAs, 'Changes are computed from the printed figures, against the same period a year earlier.'],
      sources: uniqueCitations(figures.flatMap(figureSources)),
      facts: figures.map((f) => f.fact),
    }),
    settled,
  };
}

