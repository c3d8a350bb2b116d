/**
 * How long building the knowledge snapshot takes, and how much memory one snapshot holds.
 *
 * The release files are read once; each run parses their texts and builds a snapshot, as a reload
 * does. Targets: the three seed releases under 20 ms (median) and 20 MB; the ten releases of eight
 * companies (the seeds and the seven real ones of test/fixtures/realworld, text and HTML) under
 * 300 ms and 50 MB.
 *
 * Alone: `node --expose-gc --import ./knowledge/typescript.mjs bench/knowledge.ts` (without --expose-gc, heapMB is NaN).
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { RELEASE_FILE, releasesDir } from '../knowledge/load.ts';
import { parseRelease } from '../knowledge/parse/release.ts';
import { buildSnapshot, type Snapshot } from '../knowledge/snapshot.ts';
import { isMain, quantile } from './stats.ts';

export interface KnowledgeBench {
  buildMedianMs: number;
  buildP90Ms: number;
  runs: number;
  /** Heap held by one snapshot, in MB; NaN when the process was not started with --expose-gc. */
  heapMB: number;
}

/** The seven real releases of other companies the tests hold. */
export const REALWORLD_DIR = fileURLToPath(new URL('../test/fixtures/realworld/releases/', import.meta.url));

const KEPT_SNAPSHOTS = 10;

interface ReleaseText {
  name: string;
  content: string;
}

async function readTexts(dirs: readonly string[]): Promise<ReleaseText[]> {
  const all = await Promise.all(dirs.map(async (dir) => {
    const names = (await readdir(dir)).filter((n) => RELEASE_FILE.test(n)).sort();
    return Promise.all(names.map(async (name) => ({ name, content: await readFile(join(dir, name), 'utf8') })));
  }));
  return all.flat();
}

/** A snapshot with every part built: books build their figures, margins and word indexes when first asked, so all are asked for. */
function build(texts: readonly ReleaseText[]): Snapshot {
  const snapshot = buildSnapshot(texts.map((t) => parseRelease(t.name, t.content)));
  void snapshot.facts;
  void snapshot.warnings;
  for (const book of snapshot.books) void [book.search.quotes, book.search.contacts, book.search.sentences];
  return snapshot;
}

const gcFunction = (): (() => void) | undefined => (globalThis as { gc?: () => void }).gc;

function settledHeap(gc: () => void): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed;
}

export async function benchKnowledge(dirs: readonly string[] = [releasesDir()], runs = 200): Promise<KnowledgeBench> {
  const texts = await readTexts(dirs);
  if (texts.length === 0) throw new Error(`no release in ${dirs.join(', ')}`);
  const first = build(texts);
  if (first.releases.length !== texts.length) throw new Error(`${texts.length - first.releases.length} releases in ${dirs.join(', ')} could not be read`);

  for (let i = 0; i < runs / 10; i++) build(texts);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    build(texts);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);

  let heapMB = NaN;
  const gc = gcFunction();
  if (gc) {
    const before = settledHeap(gc);
    const kept: Snapshot[] = [];
    for (let i = 0; i < KEPT_SNAPSHOTS; i++) kept.push(build(texts));
    const after = settledHeap(gc);
    heapMB = (after - before) / KEPT_SNAPSHOTS / (1024 * 1024);
    // Keep the snapshots alive until the heap is read.
    if (kept.length !== KEPT_SNAPSHOTS) throw new Error('unreachable');
  }

  return { buildMedianMs: quantile(times, 0.5), buildP90Ms: quantile(times, 0.9), runs, heapMB };
}


if (isMain(import.meta.url)) {
  const result = await benchKnowledge();
  const round = (n: number) => Math.round(n * 100) / 100;
  console.log(
    `knowledge snapshot build: median ${round(result.buildMedianMs)} ms, p90 ${round(result.buildP90Ms)} ms over ${result.runs} runs (target < 20 ms)`,
  );
  if (Number.isNaN(result.heapMB)) {
    console.log('heap per snapshot: not measured: global.gc is not available (run node with --expose-gc)');
  } else {
    console.log(`heap per snapshot: ${round(result.heapMB)} MB (target < 20 MB)`);
  }
  console.log(JSON.stringify(result, (_key, value: unknown) => (typeof value === 'number' && Number.isNaN(value) ? 'NaN' : value)));
}
