/**
 * End-to-end latency and throughput of /metric through the real discord.js client and the fake
 * Discord, for earnings-bot against the constant-reply baseline (`bench/constant-bot.ts`), which
 * costs only discord.js plus the fake. Target: earnings-bot within 1.2x of the baseline.
 *
 * Each bot gets a fresh fake, a warm-up, then N /metric interactions with at most `concurrency` in
 * flight; latency is from dispatch (`sentAt`) to the callback's arrival (`receivedAt`). The bots
 * run one after the other, never at once, since they share this process with the fake.
 *
 * Alone: `npx tsx bench/e2e.ts [interactions] [concurrency]` prints a table and the JSON.
 */
import { ApplicationCommandOptionType } from 'discord.js';
import { parseConfig } from '../bot/config.ts';
import { startDiscordBot } from '../bot/discord/bot.ts';
import { createLogger } from '../bot/logger.ts';
import { openStore } from '../knowledge/store.ts';
import { type FakeDiscord, type RecordedRequest, fakeDiscordRestOptions, startFakeDiscord } from '../test/fake-discord/index.ts';
import { startConstantBot } from './constant-bot.ts';
import { isMain, quantile } from './stats.ts';

export interface Stats {
  p50Ms: number;
  p99Ms: number;
  throughputPerSec: number;
  count: number;
  /** CPU time of this process (bot + fake) per measured interaction, in µs: steadier than wall time on a busy machine. */
  cpuUsPerInteraction: number;
}

export interface E2EBench {
  bot: Stats;
  constant: Stats;
  /** bot / constant: above 1 the bot is slower (latency) ... */
  ratioP50: number;
  ratioP99: number;
  /** ... and here below 1 it is slower (answers per second). */
  ratioThroughput: number;
  /** bot / constant CPU per interaction (the bot's own work shows here even when other processes compete). */
  ratioCpu: number;
}

export interface E2EBenchOptions {
  /** Measured interactions per bot, over all rounds (default 5000). */
  interactions?: number;
  /** Interactions in flight at once (default 20). */
  concurrency?: number;
  /** Unmeasured interactions first, each round (default 100). */
  warmup?: number;
  /** Rounds, each running the baseline then the bot, samples pooled: evens out drift and order (default 2). */
  rounds?: number;
}

/** /metric calls from the golden questions, rotated over. */
const CALLS: ReadonlyArray<readonly [metric: string, period: string]> = [
  ['revenue', 'Q4 2003'],
  ['ebitda', 'Q4 2003'],
  ['revenue', 'Q1 2003'],
  ['eps diluted', 'FY2003'],
  ['cash', 'June 30, 2003'],
  ['net income', 'Q1 2002'],
  ['total assets', 'December 31, 2003'],
  ['revenue', 'Q3 2002'],
];

export interface Bot {
  stop(): Promise<void>;
}

const metricOptions = ([metric, period]: readonly [string, string]) => [
  { name: 'metric', type: ApplicationCommandOptionType.String, value: metric } as const,
  { name: 'period', type: ApplicationCommandOptionType.String, value: period } as const,
];


/** A reply the user could not use: not a message, or an ephemeral apology. */
export function failure(response: RecordedRequest): string | null {
  const body = response.body as { type?: number; data?: { flags?: number; content?: string } } | undefined;
  if (body?.type !== 4) return `callback type ${String(body?.type)}`;
  if (((body.data?.flags ?? 0) & 64) !== 0) return `ephemeral reply: ${body.data?.content ?? ''}`;
  return null;
}

/** Sends `count` /metric interactions, `concurrency` at a time; returns each one's latency in ms. */
async function drive(fake: FakeDiscord, count: number, concurrency: number): Promise<Samples> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  const worker = async () => {
    while (next < count) {
      const call = CALLS[next % CALLS.length] ?? CALLS[0];
      next += 1;
      if (!call) throw new Error('no calls');
      const sent = fake.chatInput('metric', metricOptions(call));
      const response = await sent.response;
      const failed = failure(response);
      if (failed) throw new Error(`/metric ${call.join(' ')} was not answered: ${failed}`);
      latencies.push(response.receivedAt - sent.sentAt);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  const cpu = process.cpuUsage(cpuAtStart);
  return { latencies, elapsedMs: performance.now() - started, cpuUs: cpu.user + cpu.system };
}

interface Samples {
  latencies: number[];
  elapsedMs: number;
  cpuUs: number;
}

/** One bot on a fresh fake: warm-up, then `count` measured interactions. */
async function measure(start: (fake: FakeDiscord) => Promise<Bot>, count: number, opts: Required<E2EBenchOptions>): Promise<Samples> {
  const fake = await startFakeDiscord();
  try {
    const bot = await start(fake);
    try {
      await drive(fake, opts.warmup, opts.concurrency);
      return await drive(fake, count, opts.concurrency);
    } finally {
      await bot.stop();
    }
  } finally {
    await fake.close();
  }
}

function statsOf(runs: readonly Samples[]): Stats {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const elapsedMs = runs.reduce((sum, r) => sum + r.elapsedMs, 0);
  return {
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    throughputPerSec: latencies.length / (elapsedMs / 1000),
    count: latencies.length,
    cpuUsPerInteraction: runs.reduce((sum, r) => sum + r.cpuUs, 0) / latencies.length,
  };
}

/** earnings-bot on the project's releases, logged in to `fake`, logging nothing. */
export async function startEarningsBot(fake: FakeDiscord): Promise<Bot> {
  const opened = await openStore();
  if (!opened.ok) throw new Error(`the releases did not open: ${opened.reason}`);
  const parsed = parseConfig({ DISCORD_TOKEN: fake.token, LOG_LEVEL: 'silent' });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return startDiscordBot(parsed.config, opened.store, createLogger('silent'), { rest: fakeDiscordRestOptions(fake.apiUrl) });
}

export async function benchE2E(opts: E2EBenchOptions = {}): Promise<E2EBench> {
  const options: Required<E2EBenchOptions> = {
    interactions: opts.interactions ?? 5000,
    concurrency: opts.concurrency ?? 20,
    warmup: opts.warmup ?? 100,
    rounds: opts.rounds ?? 2,
  };
  const { interactions, concurrency, warmup, rounds } = options;
  if (!(Number.isInteger(interactions) && interactions >= 1 && concurrency >= 1 && warmup >= 0 && Number.isInteger(rounds) && rounds >= 1)) {
    throw new RangeError('interactions, concurrency and rounds must be >= 1, warmup >= 0');
  }
  const constantRuns: Samples[] = [];
  const botRuns: Samples[] = [];
  for (let round = 0; round < rounds; round++) {
    // This round's share of the interactions; the first rounds take the remainder.
    const count = Math.floor(interactions / rounds) + (round < interactions % rounds ? 1 : 0);
    if (count === 0) continue;
    // The baseline, then the bot: each alone, with its own fake.
    constantRuns.push(await measure((fake) => startConstantBot({ token: fake.token, apiUrl: fake.apiUrl }), count, options));
    botRuns.push(await measure(startEarningsBot, count, options));
  }
  const constant = statsOf(constantRuns);
  const bot = statsOf(botRuns);
  return {
    bot,
    constant,
    ratioP50: bot.p50Ms / constant.p50Ms,
    ratioP99: bot.p99Ms / constant.p99Ms,
    ratioThroughput: bot.throughputPerSec / constant.throughputPerSec,
    ratioCpu: bot.cpuUsPerInteraction / constant.cpuUsPerInteraction,
  };
}

export function formatE2E(result: E2EBench): string {
  const r2 = (n: number) => n.toFixed(2);
  const rows: Array<[string, string, string, string]> = [
    ['', 'earnings-bot', 'constant-bot', 'ratio'],
    ['p50 latency (ms)', r2(result.bot.p50Ms), r2(result.constant.p50Ms), `${r2(result.ratioP50)}x`],
    ['p99 latency (ms)', r2(result.bot.p99Ms), r2(result.constant.p99Ms), `${r2(result.ratioP99)}x`],
    ['throughput (/s)', result.bot.throughputPerSec.toFixed(0), result.constant.throughputPerSec.toFixed(0), `${r2(result.ratioThroughput)}x`],
    ['CPU per interaction (µs)', result.bot.cpuUsPerInteraction.toFixed(0), result.constant.cpuUsPerInteraction.toFixed(0), `${r2(result.ratioCpu)}x`],
    ['interactions', String(result.bot.count), String(result.constant.count), ''],
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)));
  const line = (row: readonly string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  const within = result.ratioP50 <= 1.2 && result.ratioP99 <= 1.2 && result.ratioThroughput >= 1 / 1.2;
  return [
    ...rows.map(line),
    `target: earnings-bot within 1.2x of the constant bot (latency ratios <= 1.2, throughput ratio >= 0.83): ${within ? 'met' : 'NOT met'}`,
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const [interactions, concurrency] = process.argv.slice(2).map(Number);
  const result = await benchE2E({
    ...(interactions ? { interactions } : {}),
    ...(concurrency ? { concurrency } : {}),
  });
  console.log(formatE2E(result));
  console.log(JSON.stringify(result));
}
