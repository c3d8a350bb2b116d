/**
 * End-to-end latency and throughput through the real discord.js client and the fake Discord, for
 * earnings-bot against the constant-reply baseline (`bench/constant-bot.ts`), which costs only
 * discord.js plus the fake. Both are asked the same 1,000 different questions (bench/e2e-questions.ts):
 * /metric and /compare with varied options, and questions in words posted in ask-channels, each
 * asked once, so every answer of the bot is computed, none served from its memo. Targets: the bot's
 * p50 within 1.3x of the baseline's, its throughput at least 0.8x; and most answers carry a figure.
 * The p50 is taken both at `concurrency` in flight, where it is mostly time spent queueing, and with
 * one question in flight (`alone`), the latency an asker feels when the bot is not busy: the issue's
 * reference figures (the bot's 1.5-3.7 ms against the baseline's 0.7-1.1 ms) are of that kind.
 *
 * earnings-bot runs as `npm start` runs it: its answers in a process of their own (bot/answers/child.ts),
 * one for the whole run, so a second core can work on answers while the first runs discord.js and
 * the fake; the CPU per question counts both processes.
 *
 * First each bot answers a warm-up of questions of its own, once, so both are measured as bots that
 * have been running (compiled and optimised), not just started. Then each round gives each bot a
 * fresh fake, a few questions to settle, and its share of the measured questions with at most
 * `concurrency` in flight; latency is from dispatch (`sentAt`) to the reply's arrival
 * (`receivedAt`). The bots run one after the other, never at once, since they share this process
 * with the fake. Words go to ask-channels of many guilds, at most four to a channel, so the bot's
 * per-channel budget (four replies per five seconds) never holds one back; the per-user cooldown is
 * off (FREE_TEXT_COOLDOWN_SECONDS=0): the fake has one member asking.
 *
 * Alone: `node --import ./knowledge/typescript.mjs bench/e2e.ts [interactions] [concurrency] [warmup]` prints a table and the JSON. Both
 * bots keep getting faster for thousands of questions (V8 optimises as it goes), the baseline more
 * so: a longer warm-up (1800, the most the questions allow) shows them nearer their steady state.
 */
import { ApplicationCommandOptionType } from 'discord.js';
import { childAnswers, childSettings } from '../bot/answers/child.ts';
import type { AnswerService } from '../bot/answers/service.ts';
import { type Config, parseConfig } from '../bot/config.ts';
import { startDiscordBot } from '../bot/discord/bot.ts';
import { createLogger } from '../bot/logger.ts';
import { openStore } from '../knowledge/store.ts';
import { type FakeDiscord, type RecordedRequest, fakeDiscordRestOptions, startFakeDiscord } from '../test/fake-discord/index.ts';
import { startConstantBot } from './constant-bot.ts';
import { type BenchQuestion, benchQuestions, PRECOMPUTED_QUESTION } from './e2e-questions.ts';
import { isMain, quantile, treeCpuUs } from './stats.ts';

export interface Stats {
  p50Ms: number;
  p99Ms: number;
  throughputPerSec: number;
  count: number;
  /** CPU time of this process (bot + fake) and the bot's answering process per measured interaction, in µs: steadier than wall time on a busy machine. */
  cpuUsPerInteraction: number;
  /** Replies carrying a figure (in bold, as answers show them): the constant bot's carry none. */
  withFigure: number;
}

export interface E2EBench {
  bot: Stats;
  constant: Stats;
  /**
   * earnings-bot with its answering taken out: every question gets one answer computed beforehand
   * (a figure with its buttons, as big as most), served in the Discord side's own process, so what
   * remains is the bot's Discord side, discord.js and the fake. Set beside `bot`, it splits the gap
   * to the baseline into the answering's share and the rest.
   */
  precomputed: Stats;
  /**
   * The same answer computed beforehand, served by an answering process (bench/precomputed-answers.ts)
   * as `npm start` runs it: set beside `precomputed`, what crossing to the answering process costs.
   */
  handedOver: Stats;
  /** Questions asked of each bot in the measured run: slash commands, and questions in words. */
  questions: { commands: number; words: number };
  /** Questions in flight at once in the measured run. */
  concurrency: number;
  /** Each bot asked one question at a time, other questions than the measured run's: latency unloaded. */
  alone: { bot: Stats; constant: Stats; precomputed: Stats; handedOver: Stats; ratioP50: number; words: number };
  /** bot / constant: above 1 the bot is slower (latency) ... */
  ratioP50: number;
  ratioP99: number;
  /** ... and here below 1 it is slower (answers per second). */
  ratioThroughput: number;
  /** bot / constant CPU per interaction (the bot's own work shows here even when other processes compete). */
  ratioCpu: number;
  /** precomputed / constant answers per second: the ratio the bot would have if answering cost nothing. */
  ratioThroughputPrecomputed: number;
}

export interface E2EBenchOptions {
  /** Measured questions per bot, all different, over all rounds (default 1000). */
  interactions?: number;
  /** Questions in flight at once (default 32). */
  concurrency?: number;
  /**
   * Questions each bot answers first, once, on a bot and fake of its own, none of them measured
   * or measured on (default 600): its code compiled and optimised, as in a bot that has been
   * running a while, not one that has just started.
   */
  warmup?: number;
  /** Rounds, each running the baseline then the bot, samples pooled: evens out drift and order (default 2). */
  rounds?: number;
  /** Questions each bot is asked with one in flight, none asked in the other runs (default 300). */
  alone?: number;
}

/** Unmeasured questions a fresh bot answers first in each round: its connections open, its caches of the snapshot filled. */
const SETTLE = 50;

/** The bot's per-channel budget: replies per channel per five seconds (bot/discord/messages.ts). */
const REPLIES_PER_CHANNEL = 4;

export interface Bot {
  stop(): Promise<void>;
}

/** A reply the user could not use: not a message, or an ephemeral apology. */
export function failure(response: RecordedRequest): string | null {
  const body = response.body as { type?: number; data?: { flags?: number; content?: string } } | undefined;
  if (body?.type !== 4) return `callback type ${String(body?.type)}`;
  if (((body.data?.flags ?? 0) & 64) !== 0) return `ephemeral reply: ${body.data?.content ?? ''}`;
  return null;
}

/** What a reply's body holds that tells whether it shows a figure. */
type Message = { embeds?: Array<{ description?: string }> } | undefined;

/** Whether a reply shows a figure: the embed's description has a bold run with a digit ("**$14.4 million**"). */
function hasFigure(message: Message): boolean {
  return /\*\*[^*]*\d[^*]*\*\*/.test(message?.embeds?.[0]?.description ?? '');
}

/** Asks one question: a slash command, or words in the ask-channel `channelId`; the reply's latency and whether it shows a figure. */
async function askOne(fake: FakeDiscord, question: BenchQuestion, channelId: string): Promise<{ ms: number; figure: boolean }> {
  if (question.kind === 'command') {
    const options = Object.entries(question.options).map(([name, value]) => ({ name, type: ApplicationCommandOptionType.String, value }) as const);
    const sent = fake.chatInput(question.name, options);
    const response = await sent.response;
    const failed = failure(response);
    if (failed) throw new Error(`/${question.name} ${Object.values(question.options).join(' ')} was not answered: ${failed}`);
    return { ms: response.receivedAt - sent.sentAt, figure: hasFigure((response.body as { data?: Message }).data) };
  }
  const sent = fake.message(question.text, { channelId });
  const reply = await sent.reply;
  return { ms: reply.receivedAt - sent.sentAt, figure: hasFigure(reply.body as Message) };
}

interface Samples {
  latencies: number[];
  elapsedMs: number;
  cpuUs: number;
  withFigure: number;
}

/** Asks the questions, `concurrency` at a time, words in the ask-channel `channel()` gives each. */
async function drive(fake: FakeDiscord, questions: readonly BenchQuestion[], concurrency: number, channel: () => string): Promise<Samples> {
  const latencies: number[] = [];
  let withFigure = 0;
  let next = 0;
  const started = performance.now();
  const cpuAtStart = treeCpuUs();
  const worker = async () => {
    for (let question = questions[next++]; question; question = questions[next++]) {
      const { ms, figure } = await askOne(fake, question, question.kind === 'text' ? channel() : '');
      latencies.push(ms);
      if (figure) withFigure += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, questions.length) }, worker));
  return { latencies, elapsedMs: performance.now() - started, cpuUs: treeCpuUs() - cpuAtStart, withFigure };
}

/** One bot on a fresh fake with enough ask-channels (one a guild) that none gets more than its budget. */
async function measure(start: (fake: FakeDiscord) => Promise<Bot>, warmup: readonly BenchQuestion[], measured: readonly BenchQuestion[], concurrency: number): Promise<Samples> {
  const words = [...warmup, ...measured].filter((q) => q.kind === 'text').length;
  const fake = await startFakeDiscord({ guilds: Math.max(1, Math.ceil(words / REPLIES_PER_CHANNEL)) });
  try {
    const bot = await start(fake);
    // Each ask-channel in turn, through the warm-up and the measured run.
    const askChannels = fake.guilds.map((g) => g.channelIds.ask);
    let turn = 0;
    const channel = () => askChannels[turn++ % askChannels.length] ?? '';
    try {
      await drive(fake, warmup, concurrency, channel);
      return await drive(fake, measured, concurrency, channel);
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
    withFigure: runs.reduce((sum, r) => sum + r.withFigure, 0),
  };
}

/** The config of an earnings-bot on `fake`, logging nothing: every guild's ask channel is an ask-channel, and `env` adds to it. */
function botConfig(fake?: Pick<FakeDiscord, 'token' | 'guilds'>, env: NodeJS.ProcessEnv = {}): Config {
  const askChannels = fake?.guilds.map((g) => g.channelIds.ask).join(',') ?? '';
  const parsed = parseConfig({ ...(fake ? { DISCORD_TOKEN: fake.token } : {}), LOG_LEVEL: 'silent', MESSAGE_CONTENT_INTENT: 'true', ASK_CHANNEL_IDS: askChannels, ...env });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.config;
}

/** The answering process of a bot configured as `config`, as `npm start` runs it; `main`: another module to run in it. */
async function startAnswers(config: Config, main?: URL): Promise<AnswerService> {
  const opened = await childAnswers(childSettings(config), createLogger('silent'), ...(main ? [main] : []));
  if (!opened.ok) throw new Error(`the releases did not open: ${opened.reason}`);
  return opened.answers;
}

/**
 * earnings-bot logged in to `fake` as `npm start` runs it (answers in a process of their own),
 * logging nothing; `env` adds to its config. `answers`: a running answering process to serve from
 * instead, which the bot leaves running when it stops.
 */
export async function startEarningsBot(fake: FakeDiscord, env: NodeJS.ProcessEnv = {}, answers?: AnswerService): Promise<Bot> {
  const config = botConfig(fake, env);
  const served = answers ? { ...answers, close: async () => undefined } : await startAnswers(config);
  return startDiscordBot(config, served, createLogger('silent'), { rest: fakeDiscordRestOptions(fake.apiUrl) });
}

export async function benchE2E(opts: E2EBenchOptions = {}): Promise<E2EBench> {
  const interactions = opts.interactions ?? 1000;
  const concurrency = opts.concurrency ?? 32;
  const warmup = opts.warmup ?? 600;
  const rounds = opts.rounds ?? 2;
  const alone = opts.alone ?? 300;
  if (!(Number.isInteger(interactions) && interactions >= 1 && concurrency >= 1 && warmup >= 0 && Number.isInteger(rounds) && rounds >= 1 && Number.isInteger(alone) && alone >= 1)) {
    throw new RangeError('interactions, concurrency, rounds and alone must be >= 1, warmup >= 0');
  }
  // One answering process for every earnings-bot of the run, as a running bot serves one snapshot for
  // long: what it keeps of the snapshot (built figures, indexes, options read) and its optimised code
  // stay from bot to bot, never an answer: none of the questions is asked twice.
  // The questions are made from the releases the bot serves.
  const opened = await openStore();
  if (!opened.ok) throw new Error(`the releases did not open: ${opened.reason}`);
  const answers = await startAnswers(botConfig());
  const handing = await startAnswers(botConfig(), new URL('./precomputed-answers.ts', import.meta.url));
  try {
    // The measured questions first, then the warm-up's and each round's: no bot is warmed with a question it is measured on.
    const all = benchQuestions(opened.store.current(), interactions + warmup + SETTLE * (rounds + 1) + alone);
    const measuredAll = all.slice(0, interactions);
    // The questions asked one at a time: one in every few of those after the measured ones, so that they mix slash
    // commands and words much as the measured run does (the list's last questions are mostly words).
    const after = all.slice(interactions);
    const step = Math.floor(after.length / alone);
    const aloneQuestions = after.filter((_, i) => i % step === 0).slice(0, alone);
    const askedAlone = new Set(aloneQuestions);
    const rest = after.filter((q) => !askedAlone.has(q));
    const settling = (round: number) => rest.slice(warmup + SETTLE * round, warmup + SETTLE * (round + 1));
    const startConstant = (fake: FakeDiscord) => startConstantBot({ token: fake.token, apiUrl: fake.apiUrl });
    const startBot = (fake: FakeDiscord) => startEarningsBot(fake, { FREE_TEXT_COOLDOWN_SECONDS: '0' }, answers);
    const ready = await answers.ask(PRECOMPUTED_QUESTION, { user: 'bench', channel: null, admin: false });
    const precomputed: AnswerService = { ...answers, ask: async () => ready, command: async () => ready };
    const startPrecomputed = (fake: FakeDiscord) => startEarningsBot(fake, { FREE_TEXT_COOLDOWN_SECONDS: '0' }, precomputed);
    const startHandedOver = (fake: FakeDiscord) => startEarningsBot(fake, { FREE_TEXT_COOLDOWN_SECONDS: '0' }, handing);
    const warm = rest.slice(0, warmup);
    await measure(startConstant, warm, [], concurrency);
    await measure(startBot, warm, [], concurrency);
    await measure(startPrecomputed, warm, [], concurrency);
    await measure(startHandedOver, warm, [], concurrency);
    const constantRuns: Samples[] = [];
    const botRuns: Samples[] = [];
    const precomputedRuns: Samples[] = [];
    const handedOverRuns: Samples[] = [];
    let from = 0;
    for (let round = 0; round < rounds; round++) {
      // This round's share of the questions; the first rounds take the remainder.
      const count = Math.floor(interactions / rounds) + (round < interactions % rounds ? 1 : 0);
      const measured = measuredAll.slice(from, from + count);
      from += count;
      if (measured.length === 0) continue;
      // The baseline, then the bot, then the bot answering beforehand in each process: each alone, with its own fake, asked the same questions.
      constantRuns.push(await measure(startConstant, settling(round), measured, concurrency));
      botRuns.push(await measure(startBot, settling(round), measured, concurrency));
      precomputedRuns.push(await measure(startPrecomputed, settling(round), measured, concurrency));
      handedOverRuns.push(await measure(startHandedOver, settling(round), measured, concurrency));
    }
    const constant = statsOf(constantRuns);
    const bot = statsOf(botRuns);
    const precomputedStats = statsOf(precomputedRuns);
    // Then one question at a time, on questions of their own after a settling of their own.
    const oneByOne = async (start: (fake: FakeDiscord) => Promise<Bot>) => statsOf([await measure(start, settling(rounds), aloneQuestions, 1)]);
    const constantAlone = await oneByOne(startConstant);
    const botAlone = await oneByOne(startBot);
    const words = measuredAll.filter((q) => q.kind === 'text').length;
    return {
      bot,
      constant,
      precomputed: precomputedStats,
      handedOver: statsOf(handedOverRuns),
      questions: { commands: measuredAll.length - words, words },
      concurrency,
      alone: {
        bot: botAlone,
        constant: constantAlone,
        precomputed: await oneByOne(startPrecomputed),
        handedOver: await oneByOne(startHandedOver),
        ratioP50: botAlone.p50Ms / constantAlone.p50Ms,
        words: aloneQuestions.filter((q) => q.kind === 'text').length,
      },
      ratioP50: bot.p50Ms / constant.p50Ms,
      ratioP99: bot.p99Ms / constant.p99Ms,
      ratioThroughput: bot.throughputPerSec / constant.throughputPerSec,
      ratioCpu: bot.cpuUsPerInteraction / constant.cpuUsPerInteraction,
      ratioThroughputPrecomputed: precomputedStats.throughputPerSec / constant.throughputPerSec,
    };
  } finally {
    await Promise.all([answers.close(), handing.close()]);
  }
}

/**
 * The targets: p50 within 1.3x of the baseline (with one question in flight and with `concurrency`), throughput at
 * least 0.8x of it, and nine answers in ten with a figure.
 */
export const E2E_TARGETS = { ratioP50: 1.3, ratioThroughput: 0.8, withFigure: 0.9 } as const;

export function formatE2E(result: E2EBench): string {
  const r2 = (n: number) => n.toFixed(2);
  const { bot, constant, precomputed, handedOver, alone } = result;
  /** A figure of each bot, and the bot's ratio to the baseline; `per`: the figure of a bot's stats. */
  const row = (name: string, per: (s: Stats) => number, digits: (n: number) => string, runs: { bot: Stats; constant: Stats; precomputed: Stats; handedOver: Stats } = result) =>
    [name, digits(per(runs.bot)), digits(per(runs.constant)), `${r2(per(runs.bot) / per(runs.constant))}x`, digits(per(runs.precomputed)), digits(per(runs.handedOver))] as const;
  const whole = (n: number) => n.toFixed(0);
  const rows: ReadonlyArray<readonly string[]> = [
    ['', 'earnings-bot', 'constant-bot', 'ratio', 'precomputed, in process', 'precomputed, answering process'],
    row(`p50 latency, ${result.concurrency} in flight (ms)`, (s) => s.p50Ms, r2),
    row('p50 latency, one in flight (ms)', (s) => s.p50Ms, r2, alone),
    row('p99 latency (ms)', (s) => s.p99Ms, r2),
    row('throughput (/s)', (s) => s.throughputPerSec, whole),
    row('CPU per interaction (µs)', (s) => s.cpuUsPerInteraction, whole),
    ['questions', String(bot.count), String(constant.count), '', String(precomputed.count), String(handedOver.count)],
    ['answered with a figure', String(bot.withFigure), String(constant.withFigure), '', '', ''],
    ['ratio to the constant bot: p50 one in flight', '', '', '', `${r2(alone.precomputed.p50Ms / alone.constant.p50Ms)}x`, `${r2(alone.handedOver.p50Ms / alone.constant.p50Ms)}x`],
    ['ratio to the constant bot: throughput', '', '', '', `${r2(result.ratioThroughputPrecomputed)}x`, `${r2(handedOver.throughputPerSec / constant.throughputPerSec)}x`],
  ];
  const widths = [0, 1, 2, 3, 4, 5].map((i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)));
  const line = (row: readonly string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  const within = result.ratioP50 <= E2E_TARGETS.ratioP50 && alone.ratioP50 <= E2E_TARGETS.ratioP50 && result.ratioThroughput >= E2E_TARGETS.ratioThroughput && bot.withFigure >= E2E_TARGETS.withFigure * bot.count;
  return [
    ...rows.map(line),
    `${result.questions.commands} slash commands and ${result.questions.words} questions in words, each asked once of each bot`,
    'precomputed: earnings-bot serving one answer computed beforehand to every question, so its answering costs nothing: in its Discord process, or from its answering process as `npm start` runs it (what the crossing costs)',
    `${alone.bot.count} other questions (${alone.words} in words) asked one at a time of each bot: p50 one in flight`,
    `target: p50 ratio <= ${E2E_TARGETS.ratioP50} (one in flight and ${result.concurrency} in flight), throughput ratio >= ${E2E_TARGETS.ratioThroughput}, answered with a figure >= ${E2E_TARGETS.withFigure * 100}%: ${within ? 'met' : 'NOT met'}`,
  ].join('\n');
}

if (isMain(import.meta.url)) {
  const [interactions, concurrency, warmup] = process.argv.slice(2).map(Number);
  const result = await benchE2E({
    ...(interactions ? { interactions } : {}),
    ...(concurrency ? { concurrency } : {}),
    ...(warmup !== undefined && Number.isInteger(warmup) ? { warmup } : {}),
  });
  console.log(formatE2E(result));
  console.log(JSON.stringify(result));
}
