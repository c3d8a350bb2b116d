/**
 * One measurement of the scale benchmark, in a process of its own (so that nothing of an earlier
 * load, no worker and no cache in memory, helps it): opens the store on a releases folder with a
 * parse cache folder, waits for every book to be built, then optionally adds one release and
 * reloads, and answers questions naming companies across the whole set. Prints one JSON object.
 *
 * Run by bench/scale.ts: `node --expose-gc --import ./knowledge/typescript.mjs bench/scale-child.ts '<json>'`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCall, ask, type Asker } from '../commands/run.ts';
import { conceptInfo, type Concept } from '../knowledge/concepts.ts';
import { DEFAULT_LIMITS } from '../knowledge/load.ts';
import { isRolling, shortPeriod } from '../knowledge/periods.ts';
import { openStore, type Store } from '../knowledge/store.ts';
import { ApplicationCommandOptionType } from 'discord.js';
import { parseConfig } from '../bot/config.ts';
import { answersOn } from '../bot/answers/service.ts';
import { answeringTiers } from '../bot/answers/tiers.ts';
import { startDiscordBot } from '../bot/discord/bot.ts';
import { createLogger } from '../bot/logger.ts';
import { fakeDiscordRestOptions, startFakeDiscord } from '../test/fake-discord/index.ts';
import { quantile } from './stats.ts';

export interface ChildJob {
  dir: string;
  cacheDir: string;
  /** A release to add after the start, then reload. */
  add?: { name: string; content: string };
  /** Questions to time (each kind), 0 for none. */
  questions: number;
  /** Log the bot in to a fake Discord of this many shards (SHARD_COUNT when more than one), answer in each shard's guild, and measure the process. */
  shards?: number;
}

export interface ChildResult {
  servedMs: number;
  preparedMs: number;
  /** CPU time of the process (every thread), seconds, from the start of the load to every book built. */
  cpuS: number;
  load: unknown;
  reloadMs?: number;
  reload?: unknown;
  metric?: { count: number; p50Ms: number; p99Ms: number; figures: number };
  freeText?: { count: number; p50Ms: number; p99Ms: number; figures: number };
  heapMB: number;
  maxRssMB: number;
  releases: number;
  companies: number;
  facts: number;
  /** With `shards`: the process's RSS with the bot logged in on every shard, and how many shards' guilds got a figure. */
  shardsRssMB?: number;
  shardsAnswered?: number;
}

/** Questions answered before the timed ones. */
const WARM_UP = 300;

const METRICS: Concept[] = ['revenue', 'net_income', 'operating_income', 'total_assets', 'cash', 'selling_admin'];

function stats(samples: number[], figures: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99), figures };
}

/**
 * The bot on `count` gateway shards of a fake Discord, one guild each, answering from `store`:
 * one /metric per guild, then the process's resident memory with every shard connected.
 */
async function onShards(store: Store, count: number, gc: () => void): Promise<{ shardsRssMB: number; shardsAnswered: number }> {
  const fake = await startFakeDiscord({ shards: count, guilds: count });
  try {
    const parsed = parseConfig({ DISCORD_TOKEN: fake.token, LOG_LEVEL: 'silent', ...(count > 1 ? { SHARD_COUNT: String(count) } : {}) });
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    const logger = createLogger('silent');
    const bot = await startDiscordBot(parsed.config, answersOn(store, parsed.config, logger), logger, { rest: fakeDiscordRestOptions(fake.apiUrl) });
    try {
      await Promise.all(fake.guilds.map((g) => fake.whenReady(g.shardId, 60_000)));
      const book = store.current().books[0];
      const period = book?.periodsOf('revenue')[0];
      let answered = 0;
      for (const guildId of fake.guildIds) {
        if (!book || !period) break;
        const options = [
          { name: 'metric', type: ApplicationCommandOptionType.String, value: 'revenue' },
          { name: 'period', type: ApplicationCommandOptionType.String, value: shortPeriod(period) },
          { name: 'company', type: ApplicationCommandOptionType.String, value: book.company.key },
        ] as const;
        const response = await fake.chatInput('metric', [...options], { guildId }).response;
        // A figure is an interaction reply (type 4) that is not an ephemeral apology (flag 64).
        const body = response.body as { type?: number; data?: { flags?: number } };
        if (body.type === 4 && ((body.data?.flags ?? 0) & 64) === 0) answered += 1;
      }
      for (let i = 0; i < 3; i++) gc();
      return { shardsRssMB: process.memoryUsage().rss / 1e6, shardsAnswered: answered };
    } finally {
      await bot.stop();
    }
  } finally {
    await fake.close();
  }
}

async function main(job: ChildJob): Promise<ChildResult> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const opened = await openStore(job.dir, { cacheDir: job.cacheDir, limits: DEFAULT_LIMITS });
  if (!opened.ok) throw new Error(opened.reason);
  const servedMs = performance.now() - started;
  const { store } = opened;
  await store.prepared?.();
  const preparedMs = performance.now() - started;
  // From here on, as in the bot's answering process: reloads and answers at its V8 tier.
  answeringTiers();
  const used = process.cpuUsage(cpu);
  const result: ChildResult = { servedMs, preparedMs, cpuS: (used.user + used.system) / 1e6, load: store.lastLoad?.(), heapMB: 0, maxRssMB: 0, releases: 0, companies: 0, facts: 0 };

  if (job.add) {
    await writeFile(join(job.dir, job.add.name), job.add.content);
    const t = performance.now();
    const report = await store.reload();
    result.reloadMs = performance.now() - t;
    result.reload = { ok: report.ok, added: report.releasesAdded, load: report.load };
    await store.prepared?.();
  }

  if (job.questions > 0) {
    // Questions naming companies across the whole set: book i * step, a period its releases print.
    const snapshot = store.current();
    const books = snapshot.books;
    const asker: Asker = { store, admin: false };
    const metric: number[] = [];
    const text: number[] = [];
    let metricFigures = 0;
    let textFigures = 0;
    /** The i-th question pair of `count`; `shift` picks other periods (the warm-up's). */
    const pair = (i: number, count: number, shift: number) => {
      const book = books[Math.floor((i * books.length) / count)];
      if (!book) return undefined;
      // The i-th metric, else the next one this company prints.
      const concept = [...METRICS.slice(i % METRICS.length), ...METRICS.slice(0, i % METRICS.length)].find((c) => book.periodsOf(c).some((p) => !isRolling(p)));
      if (!concept) return undefined;
      const periods = book.periodsOf(concept).filter((p) => !isRolling(p));
      const period = periods[(i * 7 + shift) % periods.length] as string;
      const company = book.company.ticker ?? book.company.name;
      const word = book.company.name.split(' ')[0] ?? company;
      const name = conceptInfo(concept).name.toLowerCase();
      const phrasing = [
        `What was ${word}'s ${name} in ${shortPeriod(period)}?`,
        `${company} ${name} ${shortPeriod(period)}`,
        `how much ${name} did ${word} report for ${shortPeriod(period)}`,
      ][i % 3] as string;
      return { call: { name: 'metric', options: { metric: conceptInfo(concept).name, period: shortPeriod(period), company } }, phrasing };
    };
    // A bot that has answered a few hundred questions runs compiled code: the first ones, other
    // questions than those timed, are not counted.
    for (let i = 0; i < WARM_UP; i++) {
      const q = pair(i, WARM_UP, 3);
      if (!q) continue;
      await runCall(q.call, asker);
      await ask(q.phrasing, asker);
    }
    for (let i = 0; i < job.questions; i++) {
      const q = pair(i, job.questions, 0);
      if (!q) continue;
      let t = performance.now();
      const a = await runCall(q.call, asker);
      metric.push(performance.now() - t);
      if (a.answer.kind === 'figure') metricFigures += 1;
      t = performance.now();
      const b = await ask(q.phrasing, asker);
      text.push(performance.now() - t);
      if (b.answer.kind === 'figure') textFigures += 1;
    }
    result.metric = stats(metric, metricFigures);
    result.freeText = stats(text, textFigures);
  }

  const gc = (globalThis as { gc?: () => void }).gc;
  if (job.shards) Object.assign(result, await onShards(store, job.shards, () => gc?.()));
  for (let i = 0; i < 3; i++) gc?.();
  const snapshot = store.current();
  result.heapMB = process.memoryUsage().heapUsed / 1e6;
  result.maxRssMB = process.resourceUsage().maxRSS / 1024;
  result.releases = snapshot.releases.length;
  result.companies = snapshot.companies.length;
  result.facts = snapshot.factCount;
  return result;
}

const job = JSON.parse(process.argv[2] ?? '{}') as ChildJob;
const result = await main(job);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
