/**
 * Charts: the time to draw a trend's chart as a PNG (each trend's chart drawn again and again, as
 * if never drawn before: the drawing alone, no memo), and `/trend` end to end through the real
 * discord.js client and the fake Discord, from dispatch to the callback that uploads the PNG:
 * the first ask of each trend (its chart drawn then) apart from the asks after it (the chart drawn
 * once per answer, uploaded each time). Target: drawing p99 under 150 ms.
 *
 * Alone: `node --import ./knowledge/typescript.mjs bench/charts.ts`.
 */
import { ApplicationCommandOptionType } from 'discord.js';
import { renderChartPng } from '../bot/render/chart-png.ts';
import type { ChartSpec } from '../commands/answer.ts';
import { runCall } from '../commands/run.ts';
import { openStore } from '../knowledge/store.ts';
import { type FakeDiscord, startFakeDiscord } from '../test/fake-discord/index.ts';
import type { LatencyStats } from './answers.ts';
import { failure, startEarningsBot } from './e2e.ts';
import { isMain, quantile, round } from './stats.ts';

/** The trends asked: flows, a balance, a margin, per-share amounts, and two metrics on one chart. */
const TRENDS: ReadonlyArray<Record<string, string>> = [
  { metric: 'revenue' },
  { metric: 'ebitda' },
  { metric: 'net income' },
  { metric: 'cash' },
  { metric: 'ebitda margin' },
  { metric: 'eps' },
  { metric: 'revenue', with: 'ebitda' },
];

const DRAW_ROUNDS = 20;
const DRAW_WARMUP = 2;
const E2E_INTERACTIONS = 210;
const E2E_CONCURRENCY = 4;

export interface ChartsBench {
  draw: LatencyStats;
  /** `/trend` the first time each trend is asked: its chart is drawn for that answer. */
  trendFirst: LatencyStats;
  /** `/trend` asked again: the answer and its PNG come from the memo, the upload is the cost. */
  trendAgain: LatencyStats;
}

function stats(samples: readonly number[]): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99) };
}

async function specs(): Promise<ChartSpec[]> {
  const opened = await openStore();
  if (!opened.ok) throw new Error(opened.reason);
  const asker = { store: opened.store, admin: false };
  return Promise.all(TRENDS.map(async (options) => {
    const { answer } = await runCall({ name: 'trend', options }, asker);
    if (!answer.chart) throw new Error(`/trend ${JSON.stringify(options)} has no chart`);
    return answer.chart;
  }));
}

async function benchDraw(): Promise<LatencyStats> {
  const all = await specs();
  const samples: number[] = [];
  for (let round = 0; round < DRAW_WARMUP + DRAW_ROUNDS; round++) {
    for (const spec of all) {
      const start = performance.now();
      await renderChartPng(spec);
      if (round >= DRAW_WARMUP) samples.push(performance.now() - start);
    }
  }
  return stats(samples);
}

/** One `/trend` interaction's latency, checked to have uploaded its chart. */
async function trendOnce(fake: FakeDiscord, options: Record<string, string>): Promise<number> {
  const sent = fake.chatInput('trend', Object.entries(options).map(([name, value]) => ({ name, type: ApplicationCommandOptionType.String, value })));
  const response = await sent.response;
  const failed = failure(response) ?? (response.files.length === 1 ? null : 'no chart uploaded');
  if (failed) throw new Error(`/trend ${JSON.stringify(options)} was not answered: ${failed}`);
  return response.receivedAt - sent.sentAt;
}

async function benchTrend(): Promise<Pick<ChartsBench, 'trendFirst' | 'trendAgain'>> {
  const fake = await startFakeDiscord();
  try {
    const bot = await startEarningsBot(fake);
    try {
      const first: number[] = [];
      for (const options of TRENDS) first.push(await trendOnce(fake, options));
      const again: number[] = [];
      let next = 0;
      const worker = async () => {
        while (next < E2E_INTERACTIONS) {
          const options = TRENDS[next++ % TRENDS.length] ?? { metric: 'revenue' };
          again.push(await trendOnce(fake, options));
        }
      };
      await Promise.all(Array.from({ length: E2E_CONCURRENCY }, worker));
      return { trendFirst: stats(first), trendAgain: stats(again) };
    } finally {
      await bot.stop();
    }
  } finally {
    await fake.close();
  }
}

export async function benchCharts(): Promise<ChartsBench> {
  return { draw: await benchDraw(), ...(await benchTrend()) };
}

if (isMain(import.meta.url)) {
  const result = await benchCharts();
  for (const [name, s] of Object.entries(result)) console.log(`${name.padEnd(11)} p50 ${round(s.p50Ms, 1)} ms  p99 ${round(s.p99Ms, 1)} ms  (${s.count})`);
}
