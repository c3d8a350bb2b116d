/**
 * The scale benchmark (issue 9): N releases of N/10 companies written by bench/generate.ts, for
 * N = 100, 1,000 and 10,000, each measured in processes of their own (scale-child.ts):
 *
 * - cold: an empty parse cache; served (ready to answer) and built (every book's figures);
 * - warm: the cache the cold run wrote; served and built;
 * - reload after adding one release (a company's next quarter) to the folder;
 * - `/metric` and free-text answers over questions naming companies across the whole set, each
 *   computed (no memo), and whether each gave a figure;
 * - peak RSS (the process, its worker threads included) and the heap the snapshot holds;
 * - at 1,000 releases, the bot logged in to a fake Discord on one shard and with SHARD_COUNT=4:
 *   the process's RSS each time (the knowledge is held once, whatever the shards).
 *
 * With the cost at each N, the fitted exponent of each measure (least squares over log N).
 *
 *   npm run bench -- --scale           (the other benchmarks first)
 *   npm run bench -- --only-scale      (this one alone)
 *   BENCH_SCALE=1000 npm run bench -- --only-scale   (N up to 1,000)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describeCompanies, writeReleases } from './generate.ts';
import type { ChildJob, ChildResult } from './scale-child.ts';
import { isMain } from './stats.ts';

const run = promisify(execFile);
const CHILD = fileURLToPath(new URL('./scale-child.ts', import.meta.url));
const TYPESCRIPT = fileURLToPath(new URL('../knowledge/typescript.mjs', import.meta.url));
const QUESTIONS = 1_000;

export interface ScalePoint {
  releases: number;
  companies: number;
  bytes: number;
  cold: ChildResult;
  warm: ChildResult;
  /** At the sharding size: the bot logged in on one shard, and on four. */
  shards?: { one: ChildResult; four: ChildResult };
}

/** The size the sharding is measured at: enough knowledge to show whether it is held once or four times. */
const SHARDING_AT = 1_000;

export interface ScaleBench {
  points: ScalePoint[];
  loadBefore: number[];
  loadAfter: number[];
  cores: number;
}

async function child(job: ChildJob): Promise<ChildResult> {
  const { stdout } = await run(process.execPath, ['--expose-gc', '--import', TYPESCRIPT, CHILD, JSON.stringify(job)], { maxBuffer: 64 * 1024 * 1024 });
  const last = stdout.trim().split('\n').at(-1) ?? '{}';
  return JSON.parse(last) as ChildResult;
}

/** N releases in a folder of their own, and the one more that a reload adds (the first company's next quarter). */
async function folder(n: number): Promise<{ dir: string; bytes: number; add: { name: string; content: string }; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `earnings-bot-scale-${n}-`));
  const options = { releases: n + 1, companies: Math.max(1, Math.floor(n / 10)) };
  // The first company's last release is held back: its next quarter, for the reload to add.
  const { bytes, held: add } = await writeReleases(dir, options, (describeCompanies(options)[0]?.releases ?? 1) - 1);
  if (!add) throw new Error('no release to add');
  return { dir, bytes, add, remove: () => rm(dir, { recursive: true, force: true }) };
}

export async function benchScale(sizes: readonly number[] = [100, 1_000, 10_000], log: (line: string) => void = () => undefined): Promise<ScaleBench> {
  const loadBefore = loadavg();
  const points: ScalePoint[] = [];
  for (const n of sizes) {
    log(`scale: writing ${n} releases`);
    const releases = await folder(n);
    const cacheDir = await mkdtemp(join(tmpdir(), `earnings-bot-scale-cache-${n}-`));
    try {
      log(`scale: ${n} releases, cold start (empty parse cache)`);
      const cold = await child({ dir: releases.dir, cacheDir, questions: 0 });
      log(`scale: ${n} releases, warm start, reload after adding one, ${QUESTIONS} questions of each kind`);
      const warm = await child({ dir: releases.dir, cacheDir, add: releases.add, questions: QUESTIONS });
      let shards: ScalePoint['shards'];
      if (n === Math.min(SHARDING_AT, sizes.at(-1) ?? SHARDING_AT)) {
        log(`scale: ${n} releases, the bot on a fake Discord with SHARD_COUNT unset, then 4`);
        shards = { one: await child({ dir: releases.dir, cacheDir, questions: 0, shards: 1 }), four: await child({ dir: releases.dir, cacheDir, questions: 0, shards: 4 }) };
      }
      points.push({ releases: n, companies: cold.companies, bytes: releases.bytes, cold, warm, ...(shards ? { shards } : {}) });
    } finally {
      await releases.remove();
      await rm(cacheDir, { recursive: true, force: true });
    }
  }
  return { points, loadBefore, loadAfter: loadavg(), cores: availableParallelism() };
}

/** The exponent b of y = a·N^b that fits the points best (least squares on logarithms). */
export function fitExponent(points: ReadonlyArray<readonly [number, number]>): number {
  const xs = points.map(([n]) => Math.log(n));
  const ys = points.map(([, y]) => Math.log(Math.max(y, 1e-9)));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((s, x, i) => s + (x - mx) * ((ys[i] as number) - my), 0);
  const den = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  return den === 0 ? NaN : num / den;
}

export interface ScaleRow {
  measure: string;
  value: number;
  unit: string;
  /** The value must stay under this (a ceiling). */
  target?: number;
}

/** The table rows: each measure at each N, with the targets at 10,000, and the fitted exponents. */
export function scaleRows(bench: ScaleBench): ScaleRow[] {
  const rows: ScaleRow[] = [];
  const largest = bench.points.at(-1)?.releases;
  const at = (p: ScalePoint, target: number) => (p.releases === largest && p.releases >= 10_000 ? target : undefined);
  for (const p of bench.points) {
    const tag = `${p.releases.toLocaleString('en-US')} releases of ${p.companies.toLocaleString('en-US')} companies`;
    const reload = p.warm.reload as { load?: { parsed: number; unchanged: number } } | undefined;
    rows.push(
      // Serving: the bot answers; each book not yet built in the background is built by its first question.
      { measure: `${tag} (${(p.bytes / 1e6).toFixed(0)} MB): cold build (empty cache), serving`, value: p.cold.servedMs / 1000, unit: 's', ...opt(at(p, 30)) },
      { measure: `${tag}: cold build, every book built (background)`, value: p.cold.preparedMs / 1000, unit: 's' },
      { measure: `${tag}: cold build, CPU time (all threads)`, value: p.cold.cpuS, unit: 's' },
      { measure: `${tag}: start-up, warm cache, serving`, value: p.warm.servedMs / 1000, unit: 's', ...opt(at(p, 5)) },
      { measure: `${tag}: start-up, warm cache, every book built (background)`, value: p.warm.preparedMs / 1000, unit: 's' },
      { measure: `${tag}: start-up, warm cache, CPU time to every book built`, value: p.warm.cpuS, unit: 's' },
      { measure: `${tag}: /reload after adding one (${reload?.load?.parsed ?? '?'} parsed, ${reload?.load?.unchanged ?? '?'} unchanged)`, value: (p.warm.reloadMs ?? NaN) / 1000, unit: 's', ...opt(at(p, 1)) },
      { measure: `${tag}: peak RSS`, value: Math.max(p.cold.maxRssMB, p.warm.maxRssMB) / 1024, unit: 'GB', ...opt(at(p, 1.5)) },
      { measure: `${tag}: heap held, every book built`, value: p.warm.heapMB, unit: 'MB' },
      { measure: `${tag}: /metric p50 (${p.warm.metric?.count}, ${p.warm.metric?.figures} figures)`, value: p.warm.metric?.p50Ms ?? NaN, unit: 'ms' },
      { measure: `${tag}: /metric p99`, value: p.warm.metric?.p99Ms ?? NaN, unit: 'ms', ...opt(at(p, 2)) },
      { measure: `${tag}: free text p50 (${p.warm.freeText?.count}, ${p.warm.freeText?.figures} figures)`, value: p.warm.freeText?.p50Ms ?? NaN, unit: 'ms' },
      { measure: `${tag}: free text p99`, value: p.warm.freeText?.p99Ms ?? NaN, unit: 'ms', ...opt(at(p, 5)) },
    );
    if (p.shards) {
      const { one, four } = p.shards;
      rows.push(
        { measure: `${tag}: bot RSS, one shard (${one.shardsAnswered}/1 answered)`, value: (one.shardsRssMB ?? NaN) / 1024, unit: 'GB' },
        { measure: `${tag}: bot RSS, SHARD_COUNT=4 (${four.shardsAnswered}/4 answered)`, value: (four.shardsRssMB ?? NaN) / 1024, unit: 'GB' },
        // Held once, four shards cost a few sockets more; held per shard, about four times the heap.
        { measure: `${tag}: RSS four shards / one shard (knowledge heap ${Math.round(one.heapMB)} MB)`, value: (four.shardsRssMB ?? NaN) / (one.shardsRssMB ?? NaN), unit: 'x', target: 1.2 },
      );
    }
  }
  if (bench.points.length >= 2) {
    const fit = (f: (p: ScalePoint) => number) => fitExponent(bench.points.map((p) => [p.releases, f(p)] as const));
    rows.push(
      { measure: 'exponent: cold build, serving', value: fit((p) => p.cold.servedMs), unit: '', target: 1.1 },
      { measure: 'exponent: cold build, every book built', value: fit((p) => p.cold.preparedMs), unit: '', target: 1.1 },
      { measure: 'exponent: warm start, serving', value: fit((p) => p.warm.servedMs), unit: '', target: 1.1 },
      { measure: 'exponent: /reload after adding one', value: fit((p) => p.warm.reloadMs ?? NaN), unit: '' },
      { measure: 'exponent: peak RSS', value: fit((p) => Math.max(p.cold.maxRssMB, p.warm.maxRssMB)), unit: '' },
      { measure: 'exponent: /metric p50', value: fit((p) => p.warm.metric?.p50Ms ?? NaN), unit: '' },
      { measure: 'exponent: free text p50', value: fit((p) => p.warm.freeText?.p50Ms ?? NaN), unit: '' },
      { measure: 'exponent: /metric p99', value: fit((p) => p.warm.metric?.p99Ms ?? NaN), unit: '' },
      { measure: 'exponent: free text p99', value: fit((p) => p.warm.freeText?.p99Ms ?? NaN), unit: '' },
    );
  }
  return rows;
}

const opt = (target: number | undefined) => (target === undefined ? {} : { target });

/** The sizes to measure: 100, 1,000 and 10,000, or up to `BENCH_SCALE`. */
export function scaleSizes(env: NodeJS.ProcessEnv = process.env): number[] {
  const top = Number(env.BENCH_SCALE ?? 10_000);
  const sizes = [100, 1_000, 10_000].filter((n) => n <= top);
  if (Number.isFinite(top) && top > 0 && !sizes.includes(top)) sizes.push(top);
  return sizes.sort((a, b) => a - b);
}

if (isMain(import.meta.url)) {
  const bench = await benchScale(scaleSizes(), (line) => console.error(line));
  for (const r of scaleRows(bench)) console.log(`${r.measure}\t${r.value}\t${r.target ?? ''}`);
}
