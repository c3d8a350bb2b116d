/**
 * Per-answer latency in-process, over every golden question: `/metric` questions and free text
 * apart, p50 and p99, each answer computed (the transports' memo is left out); and over the 300
 * development questions as users type them (reading + answering, follow-ups in their conversation).
 * Targets: `/metric` p99 under 0.5 ms, free text p99 under 2 ms, dev questions p99 under 2 ms.
 *
 * Alone: `node --import ./knowledge/typescript.mjs bench/answers.ts`.
 */
import { readFile } from 'node:fs/promises';
import { ask, type Asker } from '../commands/run.ts';
import { createConversations } from '../commands/understand/conversation.ts';
import { openStore } from '../knowledge/store.ts';
import { isMain, quantile, round } from './stats.ts';

export interface LatencyStats {
  count: number;
  p50Ms: number;
  p99Ms: number;
}

export interface AnswersBench {
  metric: LatencyStats;
  freeText: LatencyStats;
  all: LatencyStats;
  /** The 300 development questions, read and answered; only the question itself is timed. */
  dev: LatencyStats;
}

const DEV_ROUNDS = 30;

const ROUNDS = 200;
const WARMUP_ROUNDS = 20;

function stats(samples: number[]): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99) };
}

export async function benchAnswers(): Promise<AnswersBench> {
  const opened = await openStore();
  if (!opened.ok) throw new Error(opened.reason);
  // No memo: every answer is computed, as the first time a question is asked.
  const asker: Asker = { store: opened.store, admin: false };
  const lines = (await readFile(new URL('../test/fixtures/questions.jsonl', import.meta.url), 'utf8')).trim().split('\n');
  const questions = lines.map((l) => (JSON.parse(l) as { question: string }).question);
  const samples = { metric: [] as number[], freeText: [] as number[], all: [] as number[] };
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    for (const q of questions) {
      const start = performance.now();
      await ask(q, asker);
      const ms = performance.now() - start;
      if (round < WARMUP_ROUNDS) continue;
      samples.all.push(ms);
      if (q.startsWith('/metric')) samples.metric.push(ms);
      else if (!q.startsWith('/')) samples.freeText.push(ms);
    }
  }
  const dev = (await readFile(new URL('../test/fixtures/dev-questions.jsonl', import.meta.url), 'utf8')).trim().split('\n')
    .map((l) => JSON.parse(l) as { id: string; question: string; conversation?: string[] });
  const devSamples: number[] = [];
  for (let round = 0; round < WARMUP_ROUNDS / 4 + DEV_ROUNDS; round++) {
    for (const c of dev) {
      const turn: Asker = { ...asker, ...(c.conversation ? { conversation: { store: createConversations(), key: c.id } } : {}) };
      for (const earlier of c.conversation ?? []) await ask(earlier, turn);
      const start = performance.now();
      await ask(c.question, turn);
      if (round >= WARMUP_ROUNDS / 4) devSamples.push(performance.now() - start);
    }
  }
  return { metric: stats(samples.metric), freeText: stats(samples.freeText), all: stats(samples.all), dev: stats(devSamples) };
}

if (isMain(import.meta.url)) {
  const r = await benchAnswers();
  for (const [name, s] of Object.entries(r)) console.log(`${name.padEnd(9)} p50 ${round(s.p50Ms)} ms  p99 ${round(s.p99Ms)} ms  (${s.count} answers)`);
}
