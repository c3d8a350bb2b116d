/**
 * Periods added up: "revenue in Q1 and Q2 2003 combined", "Q1 2003 + Q2 2003". The sum of each
 * period's figure, its arithmetic stated and labelled computed. Only amounts that flow over a
 * period add up (revenue, costs, income), and only periods apart: a balance, a share count, a
 * per-share amount or a ratio is not summed, nor a quarter with the half-year holding it.
 */
import { conceptInfo } from '../knowledge/concepts.ts';
import { monthSpan, parsePeriodId, periodCovers, periodId, shortPeriod } from '../knowledge/periods.ts';
import type { Book } from '../knowledge/snapshot.ts';
import { answer, uniqueCitations } from './answer.ts';
import { computedFrom, formatFigure } from './format.ts';
import { evaluate, formatValue, valueDecimals, type Value } from './measures.ts';
import type { Responded } from './respond.ts';
import { inSentence, measureLabel } from './understand/describe.ts';
import type { Measure, Question } from './understand/question.ts';
import { formulaNamed, termChoices, termMeasure } from './understand/vocabulary.ts';
import { notAvailable, valueFacts, valueFields, valueSources, withReading } from './value-answers.ts';

/** The one period that periods one after another make ("Q1 2003" and "Q2 2003": "H1 2003"), if they do. */
function unionOf(ids: readonly string[]): string | undefined {
  const parsed = ids.map(parsePeriodId);
  if (parsed.some((p) => p?.kind !== 'duration')) return undefined;
  const all = (parsed as Array<{ months: number; end: string }>).sort((a, b) => a.end.localeCompare(b.end));
  if (all.some((p, i) => i > 0 && monthSpan(p).start !== monthSpan(all[i - 1] as (typeof all)[number]).end)) return undefined;
  const last = all[all.length - 1];
  return last ? periodId({ kind: 'duration', months: all.reduce((n, p) => n + p.months, 0), end: last.end }) : undefined;
}

/**
 * Why a measure's amounts over periods apart do not add up to the amount over them together, or
 * undefined when they do: flows, and sums and differences of flows (gross profit), add up.
 */
function notAdditive(measure: Measure): string | undefined {
  switch (measure.kind) {
    case 'concept': {
      const kind = conceptInfo(measure.concept).measure;
      return kind === 'flow' ? undefined : kind === 'balance' ? 'a balance at a date' : 'not an amount over a period';
    }
    case 'sum':
      return measure.parts.map((c) => notAdditive({ kind: 'concept', concept: c })).find(Boolean);
    case 'formula': {
      const f = formulaNamed(measure.formula);
      if (!f || f.op === 'ratio') return 'a ratio';
      return f.terms.flatMap(termChoices).map((t) => notAdditive(termMeasure(t))).find(Boolean);
    }
    case 'ratio':
      return 'a ratio';
    case 'narrative':
      return 'a figure read from the text';
  }
}

export function combinedAnswer(q: Extract<Question, { intent: 'figure' }>, book: Book): Responded {
  const measure = q.measures[0] as Measure;
  const name = measureLabel(measure);
  const cells = q.periods.map((p) => evaluate(measure, p, book));
  const values = cells.flatMap((c) => (c.ok ? [c.value] : []));
  const settled: Question = { ...q, periods: values.map((v) => ({ kind: 'id', id: v.period })) };
  const missing = cells.flatMap((c) => (c.ok ? [] : [c.reason]));
  if (missing.length > 0) return { answer: notAvailable(`${name} to add up`, missing.join('; '), q), settled: q };
  const listed = { fields: values.flatMap(valueFields), sources: uniqueCitations(values.flatMap(valueSources)), facts: values.flatMap(valueFacts) };
  const refuse = (why: string) => ({ answer: withReading(answer('refusal', `${name}: not added up`, `${why} Each figure is below, not added.`, listed), q), settled });
  const why = notAdditive(measure);
  if (why) return refuse(`${name} is ${why}: its figures for several periods do not add up.`);
  const overlapping = values.flatMap((a, i) => values.slice(i + 1).filter((b) => periodCovers(a.period, b.period) || periodCovers(b.period, a.period)).map((b) => [a, b] as const))[0];
  if (overlapping) {
    const [a, b] = overlapping;
    const [outer, inner] = periodCovers(a.period, b.period) ? [a, b] : [b, a];
    return refuse(`${shortPeriod(outer.period)} includes ${shortPeriod(inner.period)}: added, it would be counted twice.`);
  }
  const total = values.reduce((sum, v) => sum + v.value, 0);
  const unit = (values[0] as Value).unit;
  const decimals = valueDecimals(unit, values.flatMap((v) => v.figures));
  const text = formatValue(total, unit, decimals);
  const periods = values.map((v) => shortPeriod(v.period));
  const inWords = `${periods.slice(0, -1).join(', ')} and ${periods.at(-1) ?? ''}`;
  // How far the rounding of the printed figures may move the sum, said where it reaches past its last digits shown.
  const uncertainty = values.every((v) => v.uncertainty !== undefined) ? values.reduce((sum, v) => sum + (v.uncertainty ?? 0), 0) : undefined;
  if (uncertainty !== undefined && uncertainty >= Math.abs(total) / 2) return refuse(`The rounding of the printed figures (about ±${formatValue(uncertainty, unit)}) is half their sum or more.`);
  const shown = unit === 'USD' ? 1e6 * 10 ** -decimals : 10 ** -decimals;
  const rounding = uncertainty !== undefined && uncertainty > 2 * shown ? [`Accurate to about ±${formatValue(uncertainty, unit)}, as the figures added are rounded.`] : [];
  // Periods one after another may make one the releases print ("Q1 and Q2 2003" are H1 2003): said, and it should agree.
  const union = unionOf(values.map((v) => v.period));
  const printedTogether = union && measure.kind === 'concept' ? book.figure(measure.concept, union) : undefined;
  const together = printedTogether?.fact.kind === 'statement'
    ? [`The releases print ${shortPeriod(union as string)} itself: ${formatFigure(printedTogether.fact)}.`]
    : [`The sum of ${inSentence(name)} for each period, as the releases give it: no release prints it for these periods together.`];
  return {
    answer: withReading(answer('figure', `${name} — ${periods.join(' + ')}`, `${name} for ${inWords} combined: ${text} (computed from ${computedFrom(values.flatMap((v) => v.figures.map((f) => f.fact)))}).`, {
      emphasis: [text],
      fields: [{ name: 'How it was computed', value: `${periods.join(' + ')} = ${values.map((v) => v.text).join(' + ')} = ${text}` }, ...listed.fields],
      notes: [...together, ...rounding],
      sources: listed.sources,
      facts: listed.facts,
    }), q),
    settled,
  };
}
