/**
 * A chart description drawn as a PNG, in-process: Chart.js on @napi-rs/canvas (Skia; its prebuilt
 * binaries are npm packages, so nothing is downloaded or linked at install). Text is set in the
 * DejaVu Sans shipped beside this module, registered under a name of its own, so it is drawn the
 * same on a machine with no fonts at all.
 *
 * Layout: the title and a legend (series, then what filled and hollow markers and dashes mean),
 * the first panel at full width, the other panels side by side below it, then the caption (the
 * company and the releases).
 */
import { fileURLToPath } from 'node:url';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Title,
  type ChartConfiguration,
  type ChartDataset,
  type ChartItem,
  type Plugin,
} from 'chart.js';
import type { ChartPanel, ChartPoint, ChartSeries, ChartSpec } from '../../commands/answer.ts';

/** The family the charts ask for: only the shipped files answer to it. */
const FONT = 'earnings-bot DejaVu Sans';
for (const file of ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf']) {
  GlobalFonts.registerFromPath(fileURLToPath(new URL(`./fonts/${file}`, import.meta.url)), FONT);
}

Chart.register(LineController, BarController, LineElement, BarElement, PointElement, CategoryScale, LinearScale, Title);
Chart.defaults.font.family = FONT;
Chart.defaults.color = '#444444';

export const CHART_WIDTH = 1000;
const MARGIN = 24;
const FIRST_PANEL_HEIGHT = 380;
const ROW_PANEL_HEIGHT = 300;
const LEGEND_ROW = 22;
const LEGEND_FONT = `13px "${FONT}"`;
const CAPTION_LINE = 18;
const CAPTION_FONT = `12px "${FONT}"`;
/** Okabe–Ito colours: told apart with every kind of colour blindness. */
const COLORS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];
const INK = '#222222';
const MUTED = '#666666';
const HOLLOW = '#ffffff';
const GAP_DASH = [6, 5];

/** Which side each axis is drawn on: the first unit left, the second right. */
type AxisId = 'y' | 'y1';

interface Style {
  color: (series: ChartSeries) => string;
  axisOf: (series: ChartSeries) => AxisId;
  axisTitle: Partial<Record<AxisId, string>>;
}

function styleOf(spec: ChartSpec): Style {
  const all = spec.panels.flatMap((p) => p.series);
  const names = [...new Set(all.map((s) => s.name))];
  const titles = [...new Set(all.map((s) => s.axis.title))];
  const axisOf = (s: ChartSeries): AxisId => (titles.indexOf(s.axis.title) === 1 ? 'y1' : 'y');
  return {
    color: (s) => COLORS[names.indexOf(s.name) % COLORS.length] ?? INK,
    axisOf,
    axisTitle: Object.fromEntries(titles.map((t, i) => [i === 1 ? 'y1' : 'y', t])),
  };
}

/** Each series' points along the panel's periods; a period the series lacks is a gap. */
const aligned = (panel: ChartPanel, series: ChartSeries): Array<ChartPoint | undefined> =>
  panel.periods.map((p) => series.points.find((point) => point.period === p.period));

/** Whether a line panel has a period without a figure between two with one (drawn dashed). */
function hasGap(panel: ChartPanel): boolean {
  return panel.style === 'line' && panel.series.some((s) => {
    const drawn = aligned(panel, s).map((p) => p !== undefined);
    return drawn.slice(drawn.indexOf(true), drawn.lastIndexOf(true)).includes(false);
  });
}

/** Closer than this, two labels at one period would overlap. */
const LABEL_CLEARANCE = 16;

/**
 * Every point's value written beside it: above a point or a bar, below a bar that goes down, and
 * below a line's point when another line's label at that period would otherwise overlap it.
 */
function valueLabels(texts: ReadonlyArray<ReadonlyArray<string | undefined>>): Plugin {
  return {
    id: 'valueLabels',
    afterDatasetsDraw(chart) {
      const labels = chart.data.datasets.flatMap((_, i) => {
        const meta = chart.getDatasetMeta(i);
        return meta.data.flatMap((element, period) => {
          const text = texts[i]?.[period];
          if (!text) return [];
          const { x, y, base } = element.getProps(['x', 'y', 'base'], true) as { x: number; y: number; base?: number };
          const line = meta.type === 'line';
          return [{ text, x, y, period, line, below: !line && base !== undefined && y > base }];
        });
      });
      labels.forEach((a, i) => {
        const crowded = labels.some((b, k) => k !== i && a.line && b.line && a.period === b.period && (a.y > b.y || (a.y === b.y && i > k)) && a.y - b.y < LABEL_CLEARANCE);
        if (crowded) a.below = true;
      });
      const ctx = chart.ctx;
      ctx.save();
      ctx.font = `11px "${FONT}"`;
      ctx.fillStyle = INK;
      ctx.textAlign = 'center';
      for (const l of labels) {
        const gap = l.line ? 8 : 4;
        ctx.textBaseline = l.below ? 'top' : 'bottom';
        ctx.fillText(l.text, l.x, l.below ? l.y + gap : l.y - gap);
      }
      ctx.restore();
    },
  };
}

function dataset(panel: ChartPanel, series: ChartSeries, style: Style): ChartDataset<'line' | 'bar', Array<number | null>> {
  const points = aligned(panel, series);
  const color = style.color(series);
  const fills = points.map((p) => (p?.derived ? HOLLOW : color));
  const data = points.map((p) => (p ? p.value / series.axis.scale : null));
  const common = { label: series.name, data, yAxisID: style.axisOf(series), borderColor: color };
  if (panel.style === 'bar') return { ...common, type: 'bar', backgroundColor: fills, borderWidth: 2, maxBarThickness: 56 };
  return {
    ...common,
    type: 'line',
    backgroundColor: color,
    borderWidth: 2.5,
    pointBackgroundColor: fills,
    pointBorderColor: color,
    pointBorderWidth: 2,
    pointRadius: 5,
    // Across a period with no figure the line goes on dashed: nothing is drawn where nothing was printed.
    spanGaps: true,
    segment: { borderDash: (ctx) => (ctx.p0.skip || ctx.p1.skip ? GAP_DASH : undefined) },
  };
}

function panelConfig(panel: ChartPanel, style: Style): ChartConfiguration<'line' | 'bar', Array<number | null>, string> {
  const used = new Set(panel.series.map(style.axisOf));
  const axis = (id: AxisId) => ({
    type: 'linear' as const,
    position: id === 'y' ? ('left' as const) : ('right' as const),
    // Bars start at zero, or their lengths would lie; lines may zoom in on where the values are.
    beginAtZero: panel.style === 'bar',
    grace: '12%',
    title: { display: true, text: style.axisTitle[id] ?? '' },
    grid: { display: id === 'y' || !used.has('y'), color: '#e8e8e8' },
  });
  return {
    type: panel.style,
    data: { labels: panel.periods.map((p) => p.label), datasets: panel.series.map((s) => dataset(panel, s, style)) },
    options: {
      responsive: false,
      animation: false,
      devicePixelRatio: 1,
      layout: { padding: { top: 4, right: 8, left: 4, bottom: 0 } },
      plugins: { title: { display: true, text: panel.title, font: { size: 15, weight: 'bold' }, color: INK } },
      scales: {
        // Lines keep half a period clear at each end, so the first and last labels are not cut.
        x: { grid: { display: false }, offset: true },
        ...Object.fromEntries([...used].map((id) => [id, axis(id)])),
      },
    },
    plugins: [valueLabels(panel.series.map((s) => aligned(panel, s).map((p) => p?.text)))],
  };
}

/** A panel drawn on a canvas of its own, then copied onto the picture. */
function drawPanel(ctx: SKRSContext2D, panel: ChartPanel, style: Style, x: number, y: number, width: number, height: number): void {
  const canvas = createCanvas(width, height);
  const chart = new Chart(canvas.getContext('2d') as unknown as ChartItem, panelConfig(panel, style));
  ctx.drawImage(canvas, x, y);
  chart.destroy();
}

/** Words laid out in lines no wider than `width`. */
function wrap(ctx: SKRSContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  return line ? [...lines, line] : lines;
}

interface LegendItem {
  key: 'series' | 'filled' | 'hollow' | 'gap';
  color: string;
  text: string;
  x: number;
  row: number;
}

/** The series by colour, then what a filled and a hollow marker mean (only those the chart has), in rows. */
function layoutLegend(ctx: SKRSContext2D, spec: ChartSpec, style: Style): LegendItem[] {
  const series = [...new Map(spec.panels.flatMap((p) => p.series).map((s) => [s.name, s])).values()];
  const points = spec.panels.flatMap((p) => p.series.flatMap((s) => s.points));
  const twoAxes = style.axisTitle.y1 !== undefined;
  const items: Array<Omit<LegendItem, 'x' | 'row'>> = [
    ...series.map((s) => ({ key: 'series' as const, color: style.color(s), text: twoAxes ? `${s.name} (${s.axis.title}, ${style.axisOf(s) === 'y' ? 'left' : 'right'} axis)` : s.name })),
    ...(points.some((p) => !p.derived) ? [{ key: 'filled' as const, color: MUTED, text: 'filled: printed in a release' }] : []),
    ...(points.some((p) => p.derived) ? [{ key: 'hollow' as const, color: MUTED, text: 'hollow: derived (computed, not printed)' }] : []),
    ...(spec.panels.some(hasGap) ? [{ key: 'gap' as const, color: MUTED, text: 'dashed: across a period with no figure' }] : []),
  ];
  ctx.font = LEGEND_FONT;
  let x = MARGIN;
  let row = 0;
  return items.map((item) => {
    const width = 20 + ctx.measureText(item.text).width + 24;
    if (x + width > CHART_WIDTH - MARGIN && x > MARGIN) {
      x = MARGIN;
      row += 1;
    }
    const placed = { ...item, x, row };
    x += width;
    return placed;
  });
}

/** A series' key: a stroke of its colour, as its line or bar outline is drawn; dashed for a gap. */
function swatch(ctx: SKRSContext2D, x: number, y: number, color: string, dashed: boolean): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = dashed ? 2.5 : 4;
  ctx.setLineDash(dashed ? GAP_DASH : []);
  ctx.beginPath();
  ctx.moveTo(x - 2, y);
  ctx.lineTo(x + 14, y);
  ctx.stroke();
  ctx.restore();
}

function marker(ctx: SKRSContext2D, x: number, y: number, color: string, hollow: boolean): void {
  ctx.beginPath();
  ctx.arc(x, y, 5, 0, Math.PI * 2);
  ctx.fillStyle = hollow ? HOLLOW : color;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = color;
  ctx.stroke();
}

function drawLegend(ctx: SKRSContext2D, items: readonly LegendItem[], top: number): void {
  ctx.font = LEGEND_FONT;
  ctx.textBaseline = 'middle';
  for (const item of items) {
    const y = top + item.row * LEGEND_ROW;
    if (item.key === 'series' || item.key === 'gap') swatch(ctx, item.x, y, item.color, item.key === 'gap');
    else marker(ctx, item.x + 6, y, item.color, item.key === 'hollow');
    ctx.fillStyle = INK;
    ctx.fillText(item.text, item.x + 20, y);
  }
}

/** The chart as a PNG image. */
export async function renderChartPng(spec: ChartSpec): Promise<Buffer> {
  const [first, ...rest] = spec.panels;
  const style = styleOf(spec);
  // Laid out before the picture is made: its height depends on how many lines they take.
  const measure = createCanvas(1, 1).getContext('2d');
  const legend = layoutLegend(measure, spec, style);
  measure.font = CAPTION_FONT;
  const caption = wrap(measure, spec.caption, CHART_WIDTH - 2 * MARGIN);
  const legendTop = MARGIN + 46;
  const panelsTop = legendTop + (Math.max(0, ...legend.map((i) => i.row)) + 1) * LEGEND_ROW + 4;
  const rowTop = panelsTop + (first ? FIRST_PANEL_HEIGHT : 0);
  const captionTop = rowTop + (rest.length > 0 ? ROW_PANEL_HEIGHT : 0) + 16;
  const height = captionTop + caption.length * CAPTION_LINE + MARGIN;

  const canvas = createCanvas(CHART_WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, CHART_WIDTH, height);
  ctx.fillStyle = INK;
  ctx.font = `bold 22px "${FONT}"`;
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(spec.title, MARGIN, MARGIN + 20);
  drawLegend(ctx, legend, legendTop);

  if (first) drawPanel(ctx, first, style, MARGIN / 2, panelsTop, CHART_WIDTH - MARGIN, FIRST_PANEL_HEIGHT);
  const each = (CHART_WIDTH - MARGIN) / Math.max(rest.length, 1);
  rest.forEach((panel, i) => drawPanel(ctx, panel, style, MARGIN / 2 + i * each, rowTop, each, ROW_PANEL_HEIGHT));

  ctx.fillStyle = MUTED;
  ctx.font = CAPTION_FONT;
  ctx.textBaseline = 'top';
  caption.forEach((line, i) => ctx.fillText(line, MARGIN, captionTop + i * CAPTION_LINE));
  return canvas.encode('png');
}
