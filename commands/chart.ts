/**
 * A trend's figures as a chart description (`ChartSpec`): one panel per length of period, so
 * quarters never share an axis with years; a series per measure (and per company, once the facts
 * hold several); every point the very value of the facts, marked printed or derived. Pure: drawing
 * it is a transport's job (bot/render/chart-png.ts).
 */
import { comparePeriods, isoDate, lastDayOfMonth, parsePeriodId, periodEnd, periodId, shortPeriod, type Period } from '../knowledge/periods.ts';
import type { Book } from '../knowledge/snapshot.ts';
import type { ChartAxis, ChartPanel, ChartSeries, ChartSpec } from './answer.ts';
import { releaseName } from './format.ts';
import type { ValueUnit } from './measures.ts';
import { PERIOD_GROUPS, periodMonths } from './period-groups.ts';

/** One period of a measure, as the trend answer found it. */
export interface TrendPoint {
  period: string;
  value: number;
  /** Decimals of the value in its axis' unit, as printed (or computed). */
  decimals: number;
  derived: boolean;
  /** The releases the value rests on. */
  releases: readonly string[];
}

/** A measure's trend: what the chart draws as one series. */
export interface TrendSeries {
  /** The book the points come from: its company and releases name the series and the sources. */
  book: Book;
  measure: string;
  unit: ValueUnit;
  points: readonly TrendPoint[];
}

const AXES: Readonly<Record<ValueUnit, ChartAxis>> = {
  USD: { title: 'US$ million', scale: 1e6 },
  'USD/share': { title: 'US$ per share', scale: 1 },
  shares: { title: 'million shares', scale: 1e6 },
  percent: { title: 'percent', scale: 1 },
  times: { title: 'times', scale: 1 },
};

const SUFFIX: Readonly<Record<ValueUnit, string>> = { USD: '', 'USD/share': '', shares: '', percent: '%', times: '×' };

/** Flows over quarters and balances at dates read as a sequence: lines; the few longer periods: bars. */
const LINE_MONTHS = new Set([3, 0]);

/** A chart can be read against two axes, one each side; a series in a third unit is left to the text. */
const MAX_AXES = 2;

/** Months from a period of a group to the next: quarters (and quarter-end balances), halves, then years. */
const STEP: Readonly<Record<number, number>> = { 0: 3, 3: 3, 6: 6, 9: 12, 12: 12 };

/** An axis longer than this is left as the periods with values: filling it would draw mostly gaps. */
const MAX_AXIS = 40;

/** The same kind of period `months` later, ending at a month's end. */
function later(p: Period, months: number): Period {
  const [y = 0, m = 1] = periodEnd(p).split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
  const end = isoDate(year, month, lastDayOfMonth(year, month));
  return p.kind === 'instant' ? { kind: 'instant', date: end } : { ...p, end };
}

const atQuarterEnd = (p: Period) => {
  const [y = 0, m = 0, d = 0] = periodEnd(p).split('-').map(Number);
  return m % 3 === 0 && d === lastDayOfMonth(y, m);
};

/**
 * A panel's axis: every period of its kind from the first to the last, so that a quarter no series
 * has (a Q3 the releases never print) shows as a gap, not as Q2 and Q4 drawn side by side.
 * Periods that do not end at quarter-ends (a date mid-month) are left as they are.
 */
function axisOf(ids: readonly string[], months: number): string[] {
  const periods = ids.map(parsePeriodId).filter((p): p is Period => p !== undefined);
  const [first, last] = [periods[0], ids[ids.length - 1]];
  if (!first || !last || periods.length !== ids.length || !periods.every(atQuarterEnd)) return [...ids];
  const axis = new Set(ids);
  for (let p = first; comparePeriods(periodId(p), last) < 0 && axis.size <= MAX_AXIS; p = later(p, STEP[months] ?? 12)) axis.add(periodId(p));
  return axis.size > MAX_AXIS ? [...ids] : [...axis].sort(comparePeriods);
}

/** The company whose releases a point rests on; a release the snapshot does not hold says nothing. */
function companiesOf(points: readonly TrendPoint[], book: Book): string[] {
  const files = new Set(points.flatMap((p) => p.releases));
  return [...new Set(book.releases.filter((r) => files.has(r.release)).map((r) => r.companyName))];
}

/** The chart of one or more measures over every period they have; undefined when nothing can be drawn. */
export function trendChart(trends: readonly TrendSeries[]): ChartSpec | undefined {
  const units = [...new Set(trends.filter((t) => t.points.length > 0).map((t) => t.unit))].slice(0, MAX_AXES);
  const drawn = trends.filter((t) => t.points.length > 0 && units.includes(t.unit));
  if (drawn.length === 0) return undefined;
  const companies = drawn.map((t) => companiesOf(t.points, t.book).join(' and '));
  const manyCompanies = new Set(companies).size > 1;
  const series = drawn.map((t, i): ChartSeries => ({
    name: manyCompanies ? `${companies[i]}: ${t.measure}` : t.measure,
    company: companies[i] ?? '',
    axis: AXES[t.unit],
    points: [...t.points].sort((a, b) => comparePeriods(a.period, b.period)).map((p) => ({
      period: p.period,
      label: shortPeriod(p.period),
      value: p.value,
      text: `${(p.value / AXES[t.unit].scale).toFixed(Math.max(0, p.decimals))}${SUFFIX[t.unit]}`,
      derived: p.derived,
    })),
  }));
  const panels = PERIOD_GROUPS.flatMap((group): ChartPanel[] => {
    const inGroup = series
      .map((s) => ({ ...s, points: s.points.filter((p) => periodMonths(p.period) === group.months) }))
      .filter((s) => s.points.length > 0);
    if (inGroup.length === 0) return [];
    const periods = axisOf([...new Set(inGroup.flatMap((s) => s.points.map((p) => p.period)))].sort(comparePeriods), group.months);
    return [{ title: group.name, style: LINE_MONTHS.has(group.months) ? 'line' : 'bar', periods: periods.map((p) => ({ period: p, label: shortPeriod(p) })), series: inGroup }];
  });
  const files = new Set(drawn.flatMap((t) => t.points.flatMap((p) => p.releases)));
  const books = [...new Set(drawn.map((t) => t.book))];
  const sources = books.flatMap((book) => book.releases.filter((r) => files.has(r.release)).map((r) => releaseName(book, r.release)));
  const left = trends.filter((t) => t.points.length > 0 && !drawn.includes(t)).map((t) => t.measure);
  return {
    title: [...new Set(drawn.map((t) => t.measure))].join(' and '),
    caption: [
      [...new Set(companies)].join(', '),
      `${sources.length > 1 ? 'Sources' : 'Source'}: ${sources.join('; ')}`,
      ...(left.length > 0 ? [`not drawn (a third unit): ${left.join(', ')}`] : []),
    ].join(' · '),
    panels,
  };
}
