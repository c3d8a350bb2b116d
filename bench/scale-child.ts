/**
 * One measurement of the scale benchmark, in a process of its own (so that nothing of an earlier
 * load, no worker and no cache in memory, helps it): opens the store on a releases folder with a
 * parse cache folder, waits for every book to be built, then optionally adds one release and
 * reloads, and answers questions naming companies across the whole set. Prints one JSON object.
 *
 * Run by bench/scale.ts: `node --expose-gc --import tsx bench/scale-child.ts '<json>'`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCall, ask, type Asker } from '../commands/run.ts';
import { conceptInfo, type Concept } from '../knowledge/concepts.ts';
import { DEFAULT_LIMITS } from '../knowledge/load.ts';
import { isRolling, shortPeriod } from '../knowledge/periods.ts';
import { openStore } from '../knowledge/store.ts';
import { quantile } from './stats.ts';

export interface ChildJob {
  dir: string;
  cacheDir: string;
  /** A release to add after the start, then reload. */
  add?: { name: string; content: string };
  /** Questions to time (each kind), 0 for none. */
  questions: number;
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
}

const METRICS: Concept[] = ['revenue', 'net_income', 'operating_income', 'total_assets', 'cash', 'selling_admin'];

function stats(samples: number[], figures: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99), figures };
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
    for (let i = 0; i < job.questions; i++) {
      const book = books[Math.floor((i * books.length) / job.questions)];
      if (!book) continue;
      const concept = METRICS[i % METRICS.length] as Concept;
      const periods = book.periodsOf(concept).filter((p) => !isRolling(p));
      const period = periods[(i * 7) % Math.max(1, periods.length)];
      if (!period) continue;
      const company = book.company.ticker ?? book.company.name;
      let t = performance.now();
      const a = await runCall({ name: 'metric', options: { metric: conceptInfo(concept).name, period: shortPeriod(period), company } }, asker);
      metric.push(performance.now() - t);
      if (a.answer.kind === 'figure') metricFigures += 1;
      const word = book.company.name.split(' ')[0] ?? company;
      const phrasing = [
        `What was ${word}'s ${conceptInfo(concept).name.toLowerCase()} in ${shortPeriod(period)}?`,
        `${company} ${conceptInfo(concept).name.toLowerCase()} ${shortPeriod(period)}`,
        `how much ${conceptInfo(concept).name.toLowerCase()} did ${word} report for ${shortPeriod(period)}`,
      ][i % 3] as string;
      t = performance.now();
      const b = await ask(phrasing, asker);
      text.push(performance.now() - t);
      if (b.answer.kind === 'figure') textFigures += 1;
    }
    result.metric = stats(metric, metricFigures);
    result.freeText = stats(text, textFigures);
  }

  const gc = (globalThis as { gc?: () => void }).gc;
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
