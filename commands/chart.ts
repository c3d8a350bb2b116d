/**
 * A trend's figures as a chart description (`ChartSpec`): one panel per length of period, so
 * quarters never share an axis with years; a series per measure (and per company, once the facts
 * hold several); every point the very value of the facts, marked printed or derived. Pure: drawing
 * it is a transport's job (bot/render/chart-png.ts).
 */
import { comparePeriods, shortPeriod } from '../knowledge/periods.ts';
import type { Snapshot } from '../knowledge/snapshot.ts';
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

/** The company whose releases a point rests on; a release the snapshot does not hold says nothing. */
function companiesOf(points: readonly TrendPoint[], snapshot: Snapshot): string[] {
  const files = new Set(points.flatMap((p) => p.releases));
  return [...new Set(snapshot.releases.filter((r) => files.has(r.release)).map((r) => r.company))];
}

/** The chart of one or more measures over every period they have; undefined when nothing can be drawn. */
export function trendChart(trends: readonly TrendSeries[], snapshot: Snapshot): ChartSpec | undefined {
  const units = [...new Set(trends.filter((t) => t.points.length > 0).map((t) => t.unit))].slice(0, MAX_AXES);
  const drawn = trends.filter((t) => t.points.length > 0 && units.includes(t.unit));
  if (drawn.length === 0) return undefined;
  const companies = drawn.map((t) => companiesOf(t.points, snapshot).join(' and '));
  const manyCompanies = new Set(companies).size > 1;
  const series = drawn.map((t, i): ChartSeries => ({
    name: manyCompanies ? `${companies[i]}: ${t.measure}` : t.measure,
    company: companies[i] ?? '',
    axis: AXES[t.unit],
    points: [...t.points].sort((a, b) => comparePeriods(a.period, b.period)).map((p) => ({
      period: p.period,
      label: shortPeriod(p.period),
      value: p.value,
      text: `${(p.value / AXES[t.unit].scale).toFixed(p.decimals)}${SUFFIX[t.unit]}`,
      derived: p.derived,
    })),
  }));
  const panels = PERIOD_GROUPS.flatMap((group): ChartPanel[] => {
    const inGroup = series
      .map((s) => ({ ...s, points: s.points.filter((p) => periodMonths(p.period) === group.months) }))
      .filter((s) => s.points.length > 0);
    if (inGroup.length === 0) return [];
    const periods = [...new Set(inGroup.flatMap((s) => s.points.map((p) => p.period)))].sort(comparePeriods);
    return [{ title: group.name, style: LINE_MONTHS.has(group.months) ? 'line' : 'bar', periods: periods.map((p) => ({ period: p, label: shortPeriod(p) })), series: inGroup }];
  });
  const files = new Set(drawn.flatMap((t) => t.points.flatMap((p) => p.releases)));
  const sources = snapshot.releases.filter((r) => files.has(r.release)).map((r) => releaseName(snapshot, r.release));
  const left = trends.filter((t) => t.points.length > 0 && !drawn.includes(t)).map((t) => t.measure);
  return {
    title: drawn.map((t) => t.measure).join(' and '),
    caption: [
      [...new Set(companies)].join(', '),
      `${sources.length > 1 ? 'Sources' : 'Source'}: ${sources.join('; ')}`,
      ...(left.length > 0 ? [`not drawn (a third unit): ${left.join(', ')}`] : []),
    ].join(' · '),
    panels,
  };
}
