/**
 * `npm run bench`: every benchmark with its target, in one table.
 * Run with `--expose-gc` (the npm script does) so the snapshot's heap can be measured.
 *
 * `npm run bench -- --scale` adds the scale benchmark (bench/scale.ts: 100, 1,000 and 10,000
 * generated releases, a few minutes); `--only-scale` runs it alone; `BENCH_SCALE=N` caps its N.
 */
import { benchAnswers } from './answers.ts';
import { benchCharts } from './charts.ts';
import { benchE2E, E2E_TARGETS } from './e2e.ts';
import { benchHostile } from './hostile.ts';
import { benchKnowledge, REALWORLD_DIR } from './knowledge.ts';
import { releasesDir } from '../knowledge/load.ts';
import { benchScale, scaleRows, scaleSizes } from './scale.ts';
import { round } from './stats.ts';

interface Row {
  measure: string;
  value: string;
  target: string;
  ok: boolean;
}

const rows: Row[] = [];
const add = (measure: string, value: number, unit: string, target: number | undefined) =>
  rows.push({ measure, value: `${round(value)} ${unit}`, target: target === undefined ? '' : `< ${target} ${unit}`, ok: target === undefined || value < target });

const args = new Set(process.argv.slice(2));
const onlyScale = args.has('--only-scale');
const scale = onlyScale || args.has('--scale') || process.env.BENCH_SCALE !== undefined;

if (!onlyScale) {
  const knowledge = await benchKnowledge();
  add('snapshot build, 3 seed releases, median of 200', knowledge.buildMedianMs, 'ms', 20);
  add('snapshot build, 3 seed releases, p90', knowledge.buildP90Ms, 'ms', undefined);
  add('snapshot heap, 3 seed releases', knowledge.heapMB, 'MB', 20);
  const ten = await benchKnowledge([releasesDir(), REALWORLD_DIR], 30);
  add('snapshot build, 10 releases of 8 companies, median of 30', ten.buildMedianMs, 'ms', 300);
  add('snapshot heap, 10 releases of 8 companies', ten.heapMB, 'MB', 50);

  const hostile = benchHostile();
  add('hostile 2 MB file, slowest read + build', hostile.slowestMs, 'ms', 2000);

  const answers = await benchAnswers();
  add(`/metric answer p50 (${answers.metric.count})`, answers.metric.p50Ms, 'ms', undefined);
  add('/metric answer p99', answers.metric.p99Ms, 'ms', 0.5);
  add(`free-text answer p50 (${answers.freeText.count})`, answers.freeText.p50Ms, 'ms', undefined);
  add('free-text answer p99', answers.freeText.p99Ms, 'ms', 2);
  add(`dev questions, read + answer p50 (${answers.dev.count})`, answers.dev.p50Ms, 'ms', undefined);
  add('dev questions, read + answer p99', answers.dev.p99Ms, 'ms', 2);

  const charts = await benchCharts();
  add(`chart drawn to PNG p50 (${charts.draw.count})`, charts.draw.p50Ms, 'ms', undefined);
  add('chart drawn to PNG p99', charts.draw.p99Ms, 'ms', 150);
  add(`/trend end-to-end p50, first ask (${charts.trendFirst.count}, chart drawn)`, charts.trendFirst.p50Ms, 'ms', undefined);
  add('/trend end-to-end p99, first ask', charts.trendFirst.p99Ms, 'ms', undefined);
  add(`/trend end-to-end p50, asked again (${charts.trendAgain.count})`, charts.trendAgain.p50Ms, 'ms', undefined);
  add('/trend end-to-end p99, asked again', charts.trendAgain.p99Ms, 'ms', undefined);

  const e2e = await benchE2E();
  const asked = `${e2e.bot.count} different questions`;
  add(`end-to-end p50 at ${e2e.concurrency} in flight, earnings-bot (${asked})`, e2e.bot.p50Ms, 'ms', undefined);
  add(`end-to-end p50 at ${e2e.concurrency} in flight, constant bot`, e2e.constant.p50Ms, 'ms', undefined);
  add(`end-to-end p50 one in flight, earnings-bot (${e2e.alone.bot.count} other questions)`, e2e.alone.bot.p50Ms, 'ms', undefined);
  add('end-to-end p50 one in flight, constant bot', e2e.alone.constant.p50Ms, 'ms', undefined);
  add('end-to-end p99, earnings-bot', e2e.bot.p99Ms, 'ms', undefined);
  add('end-to-end p99, constant bot', e2e.constant.p99Ms, 'ms', undefined);
  add('throughput at 32 in flight, earnings-bot', e2e.bot.throughputPerSec, '/s', undefined);
  add('throughput at 32 in flight, constant bot', e2e.constant.throughputPerSec, '/s', undefined);
  add('CPU per question, earnings-bot', e2e.bot.cpuUsPerInteraction, 'µs', undefined);
  add('CPU per question, constant bot', e2e.constant.cpuUsPerInteraction, 'µs', undefined);
  add(`p50 ratio bot / constant at ${e2e.concurrency} in flight`, e2e.ratioP50, 'x', E2E_TARGETS.ratioP50);
  add('p50 ratio bot / constant one in flight', e2e.alone.ratioP50, 'x', E2E_TARGETS.ratioP50);
  add('p99 ratio bot / constant', e2e.ratioP99, 'x', undefined);
  add('throughput ratio constant / bot', 1 / e2e.ratioThroughput, 'x', round(1 / E2E_TARGETS.ratioThroughput));
  add('throughput ratio constant / bot with answers precomputed', 1 / e2e.ratioThroughputPrecomputed, 'x', undefined);
  add('p50 ratio bot / constant one in flight, answers precomputed in process', e2e.alone.precomputed.p50Ms / e2e.alone.constant.p50Ms, 'x', undefined);
  add('p50 ratio bot / constant one in flight, answers precomputed in the answering process', e2e.alone.handedOver.p50Ms / e2e.alone.constant.p50Ms, 'x', undefined);
  add(`end-to-end answers without a figure (of ${asked})`, 100 * (1 - e2e.bot.withFigure / e2e.bot.count), '%', round(100 * (1 - E2E_TARGETS.withFigure)));
}

if (scale) {
  const bench = await benchScale(scaleSizes(), (line) => console.error(line));
  for (const r of scaleRows(bench)) add(r.measure, r.value, r.unit, r.target);
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(`scale: ${bench.cores} cores; load average ${load(bench.loadBefore)} before, ${load(bench.loadAfter)} after (a shared machine: the other tenants' load slows every wall-clock figure)`);
}

const width = Math.max(...rows.map((r) => r.measure.length));
for (const r of rows) console.log(`${r.ok ? '  ' : '! '}${r.measure.padEnd(width)}  ${r.value.padStart(12)}  ${r.target}`);
