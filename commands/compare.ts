/**
 * `/compare metric:<name> period:<period> versus:<period>`: two periods of one metric, the difference
 * and the percent change; `versus` omitted, the same period a year earlier. With `versus-metric`,
 * two metrics in one period: the first as a share of the second (EBITDA margin).
 */
import { conceptInfo } from '../knowledge/concepts.ts';
import { change, margin } from '../knowledge/derive.ts';
import { parsePeriodId, periodId, priorYear, shortPeriod } from '../knowledge/periods.ts';
import type { Figure, Snapshot } from '../knowledge/snapshot.ts';
import { answer, uniqueCitations, type Answer } from './answer.ts';
import { figureDecimals, formatAmount, formatFigure, percent, signWord } from './format.ts';
import { figureNotes, figureSources, lookupFigure, notInReleases, readFigureOptions, unknownPeriod } from './figures.ts';
import { defineCommand, option } from './spec.ts';
import { findPeriods } from './understand/period-text.ts';

function side(figure: Figure, snapshot: Snapshot) {
  const f = figure.fact;
  const where = f.kind === 'statement' ? `${f.release} line ${f.line}` : `derived: ${f.formula}`;
  return { name: `${conceptInfo(figure.concept).name}, ${shortPeriod(figure.period)}`, value: `${formatFigure(f)}${signWord(f)} — ${where}`, extra: figureNotes(figure, snapshot) };
}

/** Two figures of one metric: values, difference, percent change. */
export function periodComparison(a: Figure, b: Figure, snapshot: Snapshot, mapped: string[] = []): Answer {
  const name = conceptInfo(a.concept).name;
  const decimals = Math.max(figureDecimals(a.fact), figureDecimals(b.fact));
  const diff = a.value - b.value;
  const c = change(a.fact, b.fact);
  const sides = [side(a, snapshot), side(b, snapshot)];
  const pct = c ? `, ${percent(c.percent)}` : ' (no percent change from zero)';
  const prep = conceptInfo(a.concept).measure === 'balance' ? 'at' : 'in';
  const summary = `${name} was **${formatFigure(a.fact)}** ${prep} ${shortPeriod(a.period)} against **${formatFigure(b.fact)}** ${prep} ${shortPeriod(b.period)}: ${diff >= 0 ? '+' : '-'}${formatAmount(Math.abs(diff), a.fact.unit, decimals)}${pct}.`;
  return answer('comparison', `${name} — ${shortPeriod(a.period)} vs ${shortPeriod(b.period)}`, summary, {
    fields: sides.map(({ name: n, value }) => ({ name: n, value })),
    notes: [
      ...mapped.map((m) => `Read as: ${m}.`),
      ...(c ? [`Change computed from the printed figures: ${c.formula}.`] : []),
      ...sides.flatMap((s) => s.extra.notes),
    ],
    sources: uniqueCitations([...figureSources(a), ...figureSources(b), ...sides.flatMap((s) => s.extra.sources)]),
    facts: [a.fact, b.fact, ...(c ? [c] : []), ...sides.flatMap((s) => s.extra.facts)],
    followUps: [],
  });
}

/** One metric as a share of another in one period: margins. */
export function ratioComparison(part: Figure, whole: Figure, snapshot: Snapshot): Answer {
  const m = margin(part.fact, whole.fact);
  const [p, w] = [conceptInfo(part.concept).name, conceptInfo(whole.concept).name];
  const sides = [side(part, snapshot), side(whole, snapshot)];
  const summary = m
    ? `${p} was **${m.percent.toFixed(1)}%** of ${w.toLowerCase()} in ${shortPeriod(part.period)} (${formatFigure(part.fact)} / ${formatFigure(whole.fact)}; computed, not printed).`
    : `${w} is zero in ${shortPeriod(part.period)}: no ratio.`;
  return answer('comparison', `${p} / ${w} — ${shortPeriod(part.period)}`, summary, {
    fields: sides.map(({ name, value }) => ({ name, value })),
    notes: [...(m ? [`Derived: ${m.formula}.`] : []), ...sides.flatMap((s) => s.extra.notes)],
    sources: uniqueCitations([...figureSources(part), ...figureSources(whole), ...sides.flatMap((s) => s.extra.sources)]),
    facts: [part.fact, whole.fact, ...(m ? [m] : [])],
  });
}

export const compare = defineCommand({
  name: 'compare',
  description: 'Compare a metric across two periods, or two metrics in one period',
  options: {
    metric: option('metric', 'The metric: revenue, EBITDA, net income, cash...', true),
    period: option('period', 'The period (default: the latest)', false),
    versus: option('period', 'The period to compare with (default: a year earlier)', false),
    'versus-metric': option('metric', 'Another metric in the same period (e.g. revenue, for a margin)', false),
  },
  examples: ['/compare revenue FY2003 FY2002', '/compare ebitda Q2 2003 Q2 2002', '/compare metric:ebitda versus-metric:revenue period:Q4 2003'],
  run({ metric, period, versus, 'versus-metric': versusMetric }, { snapshot }) {
    const read = readFigureOptions(metric, period, snapshot);
    if (!read.ok) return read.answer;
    const first = lookupFigure(read.concept, read.query, snapshot);
    if (!first.ok) return first.answer;
    if (versusMetric) {
      const other = readFigureOptions(versusMetric, undefined, snapshot);
      if (!other.ok) return other.answer;
      const whole = snapshot.figure(other.concept, first.figure.period);
      return whole ? ratioComparison(first.figure, whole, snapshot) : notInReleases(other.concept, first.figure.period, snapshot);
    }
    let second;
    if (versus) {
      const query = findPeriods(versus)[0]?.query;
      if (!query) return unknownPeriod(versus, read.concept, snapshot);
      second = lookupFigure(first.figure.concept, query, snapshot);
    } else {
      const p = parsePeriodId(first.figure.period);
      const prior = p ? periodId(priorYear(p)) : undefined;
      second = lookupFigure(first.figure.concept, prior ? findPeriods(prior)[0]?.query : undefined, snapshot);
    }
    if (!second.ok) return second.answer;
    return periodComparison(first.figure, second.figure, snapshot, [first.mapped, second.mapped].filter((m): m is string => Boolean(m)));
  },
});
