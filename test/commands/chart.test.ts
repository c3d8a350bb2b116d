/**
 * The chart a trend answer carries, as data: every point is the very value of the snapshot's facts,
 * printed and derived marked apart; quarters never share a panel with longer periods; margins in
 * percent; two metrics give two series; the caption names the company and the releases.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChartSpec } from '../../commands/answer.ts';
import { evaluate } from '../../commands/measures.ts';
import { periodMonths } from '../../commands/period-groups.ts';
import type { Concept } from '../../knowledge/concepts.ts';
import { isRolling } from '../../knowledge/periods.ts';
import type { Book } from '../../knowledge/snapshot.ts';
import { onlyBook } from '../support/releases.ts';
import type { Store } from '../../knowledge/store.ts';
import { askText, openProjectStore, RELEASE_FILES, runText } from '../support/answers.ts';

let store: Store;
let snapshot: Book;
beforeAll(async () => {
  store = await openProjectStore();
  snapshot = onlyBook(store.current());
});

function chartOf(answer: { chart?: ChartSpec; title: string }): ChartSpec {
  if (!answer.chart) throw new Error(`no chart on "${answer.title}"`);
  return answer.chart;
}

const pointsOf = (chart: ChartSpec, series: string) => chart.panels.flatMap((p) => p.series.filter((s) => s.name === series).flatMap((s) => s.points));

/** Every period of a line the trend must draw, with the fact's value and whether it was printed. */
function factsOf(concept: Concept) {
  return snapshot.periodsOf(concept).filter((p) => !isRolling(p)).map((period) => {
    const f = snapshot.figure(concept, period);
    if (!f) throw new Error(`no ${concept} for ${period}`);
    return { period, value: f.value, derived: f.fact.kind === 'derived' };
  });
}

describe('the chart of a statement line', () => {
  it('revenue: every point is the figure of the facts, derived ones marked, none left out', async () => {
    const { answer } = await runText('trend', { metric: 'revenue' }, store);
    const chart = chartOf(answer);
    const points = pointsOf(chart, 'Revenue').map(({ period, value, derived }) => ({ period, value, derived }));
    expect(points.sort((a, b) => a.period.localeCompare(b.period))).toEqual(factsOf('revenue').sort((a, b) => a.period.localeCompare(b.period)));
    expect(points.filter((p) => p.derived).map((p) => p.period)).toEqual(expect.arrayContaining(['2002-Q3', '2003-Q3', '2003-H2']));
    expect(points.find((p) => p.period === '2003-Q4')?.derived).toBe(false);
  });

  it('labels each value at its printed precision, in the axis unit', async () => {
    const chart = chartOf((await runText('trend', { metric: 'revenue' }, store)).answer);
    const text = (period: string) => pointsOf(chart, 'Revenue').find((p) => p.period === period)?.text;
    expect(text('2003-Q4')).toBe('14.4');
    expect(text('2003-Q1')).toBe('13.129');
    expect(text('2003-Q3')).toBe('14.089');
    expect(chart.panels[0]?.series[0]?.axis).toEqual({ title: 'US$ million', scale: 1e6 });
  });

  it('keeps quarters, half-years, nine months and years on panels of their own: lines for quarters, bars for the rest', async () => {
    const chart = chartOf((await runText('trend', { metric: 'revenue' }, store)).answer);
    expect(chart.panels.map((p) => [p.title, p.style])).toEqual([['Quarters', 'line'], ['Half-years', 'bar'], ['Nine months', 'bar'], ['Years', 'bar']]);
    for (const panel of chart.panels) {
      const months = new Set(panel.series.flatMap((s) => s.points.map((p) => periodMonths(p.period))));
      expect(months.size, panel.title).toBe(1);
      expect(panel.periods.map((p) => p.label)).toEqual(panel.series[0]?.points.map((p) => p.label));
    }
    expect(chart.panels[0]?.periods.map((p) => p.label)).toEqual(['Q1 2002', 'Q2 2002', 'Q3 2002', 'Q4 2002', 'Q1 2003', 'Q2 2003', 'Q3 2003', 'Q4 2003']);
  });

  it('draws balances at dates as one line', async () => {
    const chart = chartOf((await runText('trend', { metric: 'cash' }, store)).answer);
    expect(chart.panels.map((p) => [p.title, p.style])).toEqual([['Balances', 'line']]);
    expect(pointsOf(chart, 'Cash and equivalents').map((p) => p.value)).toEqual(factsOf('cash').map((f) => f.value));
  });

  it('keeps a period no release prints on the axis, with no point: EPS has no Q3, cash no September 30', async () => {
    const eps = chartOf((await runText('trend', { metric: 'eps' }, store)).answer);
    const quarters = eps.panels.find((p) => p.title === 'Quarters');
    expect(quarters?.periods.map((p) => p.label)).toEqual(['Q1 2002', 'Q2 2002', 'Q3 2002', 'Q4 2002', 'Q1 2003', 'Q2 2003', 'Q3 2003', 'Q4 2003']);
    expect(quarters?.series[0]?.points.map((p) => p.period)).not.toContain('2003-Q3');
    const cash = chartOf((await runText('trend', { metric: 'cash' }, store)).answer);
    expect(cash.panels[0]?.periods.map((p) => p.period)).toEqual(['2002-12-31', '2003-03-31', '2003-06-30', '2003-09-30', '2003-12-31']);
    expect(cash.panels[0]?.series[0]?.points).toHaveLength(4);
  });

  it('names the company and every release the points come from, with their dates', async () => {
    const chart = chartOf((await runText('trend', { metric: 'revenue' }, store)).answer);
    const company = snapshot.releases[0]?.companyName ?? '';
    expect(company).not.toBe('');
    expect(chart.caption.startsWith(company)).toBe(true);
    for (const file of RELEASE_FILES) expect(chart.caption).toContain(file);
    expect(chart.caption).toContain('(March 18, 2004)');
    expect(chart.panels.flatMap((p) => p.series.map((s) => s.company))).toEqual(chart.panels.map(() => company));
  });
});

describe('the chart of a margin', () => {
  it('EBITDA margin: percentages, each the computed value and marked derived (computed, not printed)', async () => {
    const { answer } = await runText('trend', { metric: 'ebitda margin' }, store);
    const chart = chartOf(answer);
    const points = pointsOf(chart, 'EBITDA margin');
    expect(points.length).toBeGreaterThanOrEqual(16);
    for (const p of points) {
      const v = evaluate({ kind: 'formula', formula: 'ebitda_margin' }, { kind: 'id', id: p.period }, snapshot);
      if (!v.ok) throw new Error(v.reason);
      expect(p.value, p.period).toBe(v.value.value);
      const ebitda = snapshot.figure('ebitda', p.period)?.value ?? NaN;
      const revenue = snapshot.figure('revenue', p.period)?.value ?? NaN;
      expect(p.value, p.period).toBeCloseTo((ebitda / revenue) * 100, 10);
      expect(p.derived).toBe(true);
    }
    expect(points.find((p) => p.period === '2003-Q4')?.text).toBe('19.4%');
    expect(chart.panels[0]?.series[0]?.axis).toEqual({ title: 'percent', scale: 1 });
  });
});

describe('two metrics on one chart', () => {
  it('"revenue vs EBITDA by quarter": a series each, in every panel, the same facts as alone', async () => {
    const { answer } = await askText('revenue vs EBITDA by quarter', store);
    const chart = chartOf(answer);
    expect(chart.title).toBe('Revenue and EBITDA');
    for (const panel of chart.panels) expect(panel.series.map((s) => s.name)).toEqual(['Revenue', 'EBITDA']);
    const sorted = <T extends { period: string }>(xs: T[]) => xs.sort((a, b) => a.period.localeCompare(b.period));
    expect(sorted(pointsOf(chart, 'EBITDA').map(({ period, value, derived }) => ({ period, value, derived })))).toEqual(sorted(factsOf('ebitda')));
    expect(answer.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['Revenue — Quarters', 'EBITDA — Years']));
  });

  it('/trend with a second metric reads the same', async () => {
    const slash = chartOf((await runText('trend', { metric: 'revenue', with: 'ebitda' }, store)).answer);
    const free = chartOf((await askText('revenue vs EBITDA by quarter', store)).answer);
    expect(slash).toEqual(free);
  });

  it('a second metric that is none is refused, with no chart', async () => {
    const { answer } = await runText('trend', { metric: 'revenue', with: 'revenue per employee' }, store);
    expect(answer.kind).toBe('refusal');
    expect(answer.chart).toBeUndefined();
  });
});

describe('a "Chart" follow-up on figures and comparisons', () => {
  const chartFollowUp = (a: { followUps: Array<{ label: string; question: unknown }> }) => a.followUps.find((f) => f.label === 'Chart')?.question;

  it.each([
    ['/metric revenue Q4 2003', 'metric', { metric: 'revenue', period: 'Q4 2003' }, [{ kind: 'concept', concept: 'revenue' }]],
    ['/compare ebitda Q2 2003 Q2 2002', 'compare', { metric: 'ebitda', period: 'Q2 2003', versus: 'Q2 2002' }, [{ kind: 'concept', concept: 'ebitda' }]],
    ['/compare ebitda versus-metric:revenue (a margin)', 'compare', { metric: 'ebitda', 'versus-metric': 'revenue', period: 'Q4 2003' }, [{ kind: 'ratio', numerator: 'ebitda', denominator: 'revenue' }]],
    ['/metric gross margin FY2003', 'metric', { metric: 'gross margin', period: 'FY2003' }, [{ kind: 'formula', formula: 'gross_margin' }]],
  ] as const)('%s asks the trend of its metric', async (_name, command, options, measures) => {
    const { answer } = await runText(command, options, store);
    expect(chartFollowUp(answer)).toEqual({ company: 'IFOX', intent: 'trend', measures });
  });

  it('two metrics asked together chart together', async () => {
    const { answer } = await askText('revenue and EBITDA for Q4 2003', store);
    expect(chartFollowUp(answer)).toEqual({ company: 'IFOX', intent: 'trend', measures: [{ kind: 'concept', concept: 'revenue' }, { kind: 'concept', concept: 'ebitda' }] });
  });

  it('an answer that is not a figure offers no chart', async () => {
    const { answer } = await runText('metric', { metric: 'revenue', period: 'Q3 2001' }, store);
    expect(answer.kind).toBe('not_found');
    expect(chartFollowUp(answer)).toBeUndefined();
  });
});
