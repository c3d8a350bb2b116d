/**
 * `/trend metric:<name>`: every period with a value, oldest first, quarters apart from longer
 * periods, listed and drawn as a chart from the same figures; a second metric (`with`, or "revenue
 * vs EBITDA by quarter") is listed after the first and drawn beside it.
 */
import { conceptInfo } from '../knowledge/concepts.ts';
import type { Fact } from '../knowledge/facts.ts';
import { comparePeriods, isRolling, shortPeriod } from '../knowledge/periods.ts';
import type { Figure, Book } from '../knowledge/snapshot.ts';
import { answer, cite, uniqueCitations, type Answer, type AnswerField, type Citation } from './answer.ts';
import { trendChart, type TrendPoint } from './chart.ts';
import { reclassListNote } from './compare.ts';
import { derivedRounding, figureDecimals, formatFigure, roundingMark } from './format.ts';
import { FAMILY, figureSources, notGivenAlone, notGivenNotes } from './figures.ts';
import { COMPUTED_DECIMALS, evaluate, partsOf, type Value, type ValueUnit } from './measures.ts';
import { pageOf } from './paging.ts';
import { PERIOD_GROUPS, periodMonths, type PeriodGroup } from './period-groups.ts';
import { inSentence, measureLabel } from './understand/describe.ts';
import type { Measure, Question } from './understand/question.ts';
import { formulaNamed, narrativeMeasureNamed, ratioSides, termChoices, termMeasure } from './understand/vocabulary.ts';
import { invalid, parseMetricOption } from './understand/options.ts';
import type { Concept } from '../knowledge/concepts.ts';
import { defineCommand, option } from './spec.ts';

export const trend = defineCommand({
  name: 'trend',
  scoped: true,
  description: 'Every period with a value for a metric, oldest first, with a chart',
  options: {
    metric: option('metric', 'The metric: revenue, EBITDA, cash...', true),
    with: option('metric', 'A second metric on the same chart (e.g. EBITDA)', false),
  },
  examples: ['/trend revenue', '/trend cash', '/trend revenue with:ebitda'],
  read({ metric, with: second }, snapshot, company) {
    const m = parseMetricOption(metric, snapshot, company);
    if (!m.ok) return invalid('metric', m);
    if (!second) return { kind: 'question', question: { intent: 'trend', measures: [m.value] } };
    const other = parseMetricOption(second, snapshot, company);
    return other.ok ? { kind: 'question', question: { intent: 'trend', measures: [m.value, other.value] } } : invalid('with', other);
  },
});

/** One period of a measure: its row in the answer and its point on the chart. */
interface Row extends TrendPoint {
  /** The row as listed: "$14.089 million (derived)". */
  text: string;
  facts: Fact[];
  sources: Citation[];
}

/** A measure over every period it has, or why it has none. */
interface Trend {
  name: string;
  unit: ValueUnit;
  rows: Row[];
  /** The answer's first words about it: how many periods, how many derived. */
  summary: string;
  notes: string[];
  /** Set when no period has a value: the reason, in a sentence. */
  missing?: string;
}

/**
 * Rows to a page: at most 40, of at most 1,000 characters in all, so a page's rows fit one embed
 * field, or half a message, whole. Two metrics over four years (32 rows) are one page.
 */
export const TREND_PAGE = { per: 40, budget: 1000 } as const;

/** A row as listed: of which measure, in which group of periods, and its line. */
interface Listed {
  trend: Trend;
  group: PeriodGroup;
  row: Row;
  line: string;
}

/** Every row in the one order they are listed: each measure's quarters, half-years, nine months, years and balances, oldest first in each. */
function listed(trends: readonly Trend[]): Listed[] {
  return trends.flatMap((trend) => PERIOD_GROUPS.flatMap((group) => trend.rows.filter((r) => periodMonths(r.period) === group.months).map((row) => ({ trend, group, row, line: `${shortPeriod(row.period)}: ${row.text}` }))));
}

/** Rows as fields, one per measure and group of periods; `named`: the measure's name leads the field's. */
function grouped(rows: readonly Listed[], named: boolean): AnswerField[] {
  const fields: AnswerField[] = [];
  let last: Listed | undefined;
  for (const r of rows) {
    const field = fields[fields.length - 1];
    if (field && last?.trend === r.trend && last.group === r.group) field.value += `\n${r.line}`;
    else fields.push({ name: `${named ? `${r.trend.name} — ` : ''}${r.group.name}`, value: r.line });
    last = r;
  }
  return fields;
}

/** Every period of a statement line, printed or derived. */
function lineTrend(concept: Concept, book: Book): Trend {
  // Releases print EPS and share counts as "basic and diluted" or apart: a trend takes both.
  const byPeriod = new Map<string, Figure>();
  for (const c of [concept, ...(FAMILY[concept] ?? [])]) {
    for (const p of book.periodsOf(c)) if (!byPeriod.has(p) && !isRolling(p)) byPeriod.set(p, book.figure(c, p) as Figure);
  }
  const sorted = [...byPeriod.values()].sort((a, b) => comparePeriods(a.period, b.period));
  // Derivable only as mostly rounding, or across a reclassification: left out of the list and the chart, and said.
  const figures = sorted.filter((f) => !notGivenAlone(f));
  const leftOut = sorted.filter(notGivenAlone);
  const name = conceptInfo(concept).name;
  const which = (f: Figure) => (f.concept !== concept ? ` (${conceptInfo(f.concept).name.toLowerCase()})` : '');
  const rows = figures.map((f): Row => {
    const derived = f.fact.kind === 'derived';
    return {
      period: f.period,
      value: f.value,
      decimals: figureDecimals(f.fact),
      derived,
      releases: [...new Set(figureSources(f).map((c) => c.release))],
      text: `${formatFigure(f.fact)}${which(f)}${derived ? ' (derived)' : ''}${f.notes.some((n) => n.kind === 'misprint') ? ' (misprint corrected)' : ''}`,
      facts: [f.fact],
      sources: f.fact.kind === 'statement' ? [cite(f.fact)] : [],
    };
  });
  const derived = rows.filter((r) => r.derived).length;
  // How far rounding may move a derived row is said once, for the row it moves most (rows stay short enough to page whole).
  const widest = figures.flatMap((f) => (f.fact.kind === 'derived' && derivedRounding(f.fact) ? [f.fact] : [])).sort((a, b) => b.uncertainty - a.uncertainty)[0];
  return {
    name,
    unit: figures[0]?.fact.unit ?? 'USD',
    rows,
    summary: `${name}: ${figures.length} periods in the releases, oldest first${derived > 0 ? `; ${derived} derived from printed figures, marked so` : ''}.`,
    notes: [
      ...(derived > 0 ? [`Derived periods are computed from printed ones (e.g. Q3 = year − first half − Q4); ask for one to see its formula.${widest ? ` The rounding of their inputs may move them by up to ${derivedRounding(widest)}.` : ''}`] : []),
      ...notGivenNotes(leftOut),
      ...reclassListNote(figures.map((f) => ({ period: f.period, figures: [f] })), book),
    ],
    // A line no release prints is not in the releases, never a trend of no period.
    ...(figures.length === 0 ? { missing: `${inSentence(name)} is printed for no period` } : {}),
  };
}

/** Every period a computed measure (a margin, a ratio, a sum) can be worked out for, from printed figures. */
function computedTrend(measure: Measure, book: Book): Trend {
  const periods = [...new Set(conceptsOf(measure).flatMap((c) => book.periodsOf(c)))].filter((p) => !isRolling(p)).sort(comparePeriods);
  const values = periods.flatMap((p) => {
    const v = evaluate(measure, { kind: 'id', id: p }, book);
    return v.ok && v.value.period === p ? [v.value] : [];
  });
  // A period one of whose figures is not given alone has no value: said, as for a line.
  const leftOut = periods.filter((p) => !values.some((v) => v.period === p)).flatMap((p) => conceptsOf(measure).map((c) => book.figure(c, p)).find((f) => f !== undefined && notGivenAlone(f)) ?? []);
  const name = measureLabel(measure);
  const fromDerived = (v: Value) => v.figures.some((f) => f.fact.kind === 'derived');
  const rounding = (v: Value) => (v.unit === 'percent' ? roundingMark(v.uncertainty ?? 0, v.value) : '');
  const rows = values.map((v): Row => ({
    period: v.period,
    value: v.value,
    decimals: COMPUTED_DECIMALS[v.unit],
    derived: v.formula !== undefined,
    releases: [...new Set([...v.figures.flatMap(figureSources), ...v.sentences].map((c) => c.release))],
    // As a single answer says them: what rests on derived figures, and how far rounding may move a percentage.
    text: `${v.text}${rounding(v)}${fromDerived(v) ? ' (from derived figures)' : ''}`,
    facts: v.figures.map((f) => f.fact),
    sources: v.figures.flatMap((f) => (f.fact.kind === 'statement' ? [cite(f.fact)] : [])),
  }));
  const derived = values.filter(fromDerived).length;
  const moved = values.some((v) => rounding(v) !== '');
  return {
    name,
    unit: values[0]?.unit ?? 'USD',
    rows,
    summary: `${name}: ${values.length} periods, oldest first, each computed from printed figures${derived > 0 ? `; ${derived} from figures derived from them, marked so` : ''}.`,
    notes: [
      'Computed, not printed: ask for one period to see its formula.',
      ...(moved ? ['"±": how far the rounding of the printed figures may move the percentage.'] : []),
      ...notGivenNotes(leftOut),
      ...reclassListNote(values, book),
    ],
    ...(values.length === 0 ? { missing: `${inSentence(name)} cannot be worked out for any period from the printed figures` } : {}),
  };
}

/**
 * Every period of one or two measures, listed and charted: the page `q` asks for of the list (the
 * chart draws every period on every page), with its citations; the facts are all the chart's.
 */
export function trendAnswer(measures: readonly Measure[], books: readonly Book[], q: Extract<Question, { intent: 'trend' }> = { intent: 'trend', measures: [...measures] }): Answer {
  // Several companies: each measure of each, named with its company.
  const of = books.flatMap((book) => measures.map((m) => {
    // A line printed only as its parts (The Buckle's SG&A) is their sum in every period that prints them all.
    // A measure the text gives where no statement prints it (operating cash flow) is the statement's line where one does.
    const printed = m.kind === 'narrative' ? narrativeMeasureNamed(m.measure)?.printed : undefined;
    const line = m.kind === 'concept' ? m.concept : printed && book.periodsOf(printed).length > 0 ? printed : undefined;
    const parts = line ? partsOf(line, book) : undefined;
    const t = parts ? computedTrend(parts, book) : line ? lineTrend(line, book) : computedTrend(m, book);
    return { book, measure: t.name, trend: books.length > 1 ? { ...t, name: `${book.company.name}: ${t.name}`, summary: `${book.company.name}: ${t.summary}`, ...(t.missing ? { missing: `${book.company.name}: ${t.missing}` } : {}) } : t };
  }));
  const trends = of.map((t) => t.trend);
  // The chart names each series' company itself: it is given the measure alone.
  const drawnAs = new Map(of.map((t) => [t.trend, t]));
  const found = trends.filter((t) => !t.missing);
  const names = trends.map((t) => t.name).join(' and ');
  if (found.length === 0) {
    return answer('not_found', `${names}: not in the releases`, `Not in the releases: ${trends.map((t) => t.missing).join('; ')}.`);
  }
  const many = found.length > 1;
  const chart = trendChart(found.map((t) => ({ book: drawnAs.get(t)?.book as Book, measure: drawnAs.get(t)?.measure ?? t.name, unit: t.unit, points: t.rows })));
  const { items, paging } = pageOf(listed(found), q, { ...TREND_PAGE, weight: (r) => r.line.length + 1 }, 'figures');
  return answer('trend', `${found.map((t) => t.name).join(' and ')} — every period`, found.map((t) => t.summary).join(' '), {
    fields: grouped(items, many),
    notes: [...new Set([...found.flatMap((t) => t.notes), ...trends.flatMap((t) => (t.missing ? [`Not in the releases: ${t.missing}.`] : []))])],
    sources: uniqueCitations(items.flatMap((r) => r.row.sources)),
    facts: found.flatMap((t) => t.rows.flatMap((r) => r.facts)),
    ...(chart ? { chart } : {}),
    ...(paging ? { paging } : {}),
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
      return ratioSides(m).flatMap(conceptsOf);
    case 'formula': {
      const f = formulaNamed(m.formula);
      return f ? f.terms.flatMap(termChoices).flatMap((t) => conceptsOf(termMeasure(t))) : [];
    }
    case 'narrative':
      return [];
  }
}
