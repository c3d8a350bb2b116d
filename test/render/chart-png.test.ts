/**
 * Each kind of chart drawn to a PNG and read back with another decoder (pngjs): a PNG, of the
 * width drawn, not blank, its text set in the shipped font, its series in their colours, and
 * derived points drawn apart (hollow) from printed ones.
 */
import { GlobalFonts } from '@napi-rs/canvas';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHART_WIDTH, renderChartPng } from '../../bot/render/chart-png.ts';
import type { ChartSpec } from '../../commands/answer.ts';
import type { Store } from '../../knowledge/store.ts';
import { askText, openProjectStore, runText } from '../support/answers.ts';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The first two series' colours (Okabe–Ito blue and vermillion). */
const BLUE = [0x00, 0x72, 0xb2] as const;
const VERMILLION = [0xd5, 0x5e, 0x00] as const;

let store: Store;
beforeAll(async () => {
  store = await openProjectStore();
});

async function chartOf(asked: Promise<{ answer: { chart?: ChartSpec; title: string } }>): Promise<ChartSpec> {
  const { answer } = await asked;
  if (!answer.chart) throw new Error(`no chart on "${answer.title}"`);
  return answer.chart;
}

interface Decoded {
  png: PNG;
  /** Pixels of a colour (within a small tolerance, for anti-aliasing), in a band of rows. */
  count(rgb: readonly [number, number, number], rows?: readonly [number, number]): number;
  /** Pixels that are not the white background. */
  inked(rows?: readonly [number, number]): number;
}

function decode(bytes: Buffer): Decoded {
  expect(bytes.subarray(0, 8).equals(SIGNATURE)).toBe(true);
  const png = PNG.sync.read(bytes);
  const each = (rows: readonly [number, number], test: (r: number, g: number, b: number) => boolean) => {
    let n = 0;
    for (let y = rows[0]; y < Math.min(rows[1], png.height); y++) {
      for (let x = 0; x < png.width; x++) {
        const i = (y * png.width + x) * 4;
        if (test(png.data[i] ?? 0, png.data[i + 1] ?? 0, png.data[i + 2] ?? 0)) n++;
      }
    }
    return n;
  };
  const all: readonly [number, number] = [0, png.height];
  return {
    png,
    count: (rgb, rows = all) => each(rows, (r, g, b) => Math.abs(r - rgb[0]) + Math.abs(g - rgb[1]) + Math.abs(b - rgb[2]) < 24),
    inked: (rows = all) => each(rows, (r, g, b) => r + g + b < 3 * 250),
  };
}

const render = async (spec: ChartSpec) => decode(await renderChartPng(spec));

describe('every kind of chart is a PNG that is not blank', () => {
  const kinds: Array<[string, () => Promise<ChartSpec>]> = [
    ['one metric by quarter (revenue)', () => chartOf(runText('trend', { metric: 'revenue' }, store))],
    ['a margin in percent (EBITDA margin)', () => chartOf(runText('trend', { metric: 'ebitda margin' }, store))],
    ['two metrics (revenue vs EBITDA)', () => chartOf(askText('revenue vs EBITDA by quarter', store))],
    ['two metrics on two axes (revenue and EBITDA margin)', () => chartOf(runText('trend', { metric: 'revenue', with: 'ebitda margin' }, store))],
    ['balances at dates (cash)', () => chartOf(runText('trend', { metric: 'cash' }, store))],
  ];

  it.each(kinds)('%s', async (_name, spec) => {
    const { png, inked, count } = await render(await spec());
    expect(png.width).toBe(CHART_WIDTH);
    expect(png.height).toBeGreaterThan(400);
    expect(png.height).toBeLessThan(1200);
    // Lines, bars, grid and text: far more than a few stray pixels, far less than a filled picture.
    const share = inked() / (png.width * png.height);
    expect(share).toBeGreaterThan(0.02);
    expect(share).toBeLessThan(0.6);
    expect(count(BLUE)).toBeGreaterThan(500);
  });

  it('draws the second series in its own colour', async () => {
    const { count } = await render(await chartOf(askText('revenue vs EBITDA by quarter', store)));
    expect(count(VERMILLION)).toBeGreaterThan(500);
  });
});

describe('text and markers', () => {
  it('sets text in the DejaVu Sans shipped with the project, whatever fonts the machine has', async () => {
    expect(GlobalFonts.has('earnings-bot DejaVu Sans')).toBe(true);
    const { inked } = await render(await chartOf(runText('trend', { metric: 'revenue' }, store)));
    // The title's band (no chart there): the glyphs of "Revenue" are drawn.
    expect(inked([10, 50])).toBeGreaterThan(300);
  });

  it('draws derived points hollow: the same chart with every point printed has more of the series colour', async () => {
    const mixed = await chartOf(runText('trend', { metric: 'revenue' }, store));
    const points = mixed.panels.flatMap((p) => p.series.flatMap((s) => s.points));
    expect(points.some((p) => p.derived) && points.some((p) => !p.derived)).toBe(true);
    const allPrinted: ChartSpec = { ...mixed, panels: mixed.panels.map((p) => ({ ...p, series: p.series.map((s) => ({ ...s, points: s.points.map((pt) => ({ ...pt, derived: false })) })) })) };
    const hollow = (await render(mixed)).count(BLUE);
    const filled = (await render(allPrinted)).count(BLUE);
    expect(filled).toBeGreaterThan(hollow + 1000);
  });

  it('draws a hand-made chart of two points, one printed and one derived', async () => {
    const spec: ChartSpec = {
      title: 'Widgets',
      caption: 'Example Co. · Source: example.txt',
      panels: [{
        title: 'Quarters',
        style: 'line',
        periods: [{ period: '2003-Q1', label: 'Q1 2003' }, { period: '2003-Q2', label: 'Q2 2003' }],
        series: [{ name: 'Widgets', company: 'Example Co.', axis: { title: 'US$ million', scale: 1e6 }, points: [
          { period: '2003-Q1', label: 'Q1 2003', value: 1_500_000, text: '1.5', derived: false },
          { period: '2003-Q2', label: 'Q2 2003', value: 2_250_000, text: '2.250', derived: true },
        ] }],
      }],
    };
    const { png, count, inked } = await render(spec);
    expect(png.width).toBe(CHART_WIDTH);
    expect(count(BLUE)).toBeGreaterThan(200);
    expect(inked()).toBeGreaterThan(5000);
  });
});
