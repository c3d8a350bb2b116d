/**
 * Reading the releases (and uploads) off the main thread, one file after another, each within a time budget: a
 * file that takes longer is refused by name and its worker replaced, and the rest are still read.
 * The worker's heap is capped too, so a file that would take all memory only takes its worker's.
 * One worker serves every load of the process (starting one costs more than reading the releases);
 * it does not keep the process alive while idle.
 */
import { Worker } from 'node:worker_threads';
import type { ParsedRelease } from './parse/release.ts';
import type { ReadJob } from './parse-worker.ts';
import type { ReleaseRead } from './read-release.ts';

export interface ReadLimits {
  /** Largest file read. */
  fileBytes: number;
  /** Bytes read from the folder in all; later files are refused. */
  totalBytes: number;
  /** How long one file may take to read and parse. */
  fileMs: number;
}

const BOOT = new URL('./worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./parse-worker.ts', import.meta.url).href;
/** Starting a worker compiles its TypeScript: slow on a busy machine, and not part of a file's budget. */
const START_MS = 60_000;
/** Far above what the largest file allowed needs to parse, far below what would hurt the bot. */
const WORKER_HEAP_MB = 512;

type Outcome = { kind: 'ready' } | { kind: 'read'; read: ReleaseRead } | { kind: 'failed'; reason: string };
/** What parse-worker.ts posts: that it is ready, then one result per job. */
export type WorkerMessage = { ready: true } | ReleaseRead;

class ReleaseReader {
  readonly #worker: Worker;
  readonly #started: Promise<Outcome>;
  #settle: ((outcome: Outcome) => void) | undefined;
  #alive = true;

  constructor() {
    this.#worker = new Worker(BOOT, { workerData: { entry: ENTRY }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    this.#started = this.#next(START_MS, 'the release reader did not start in time').finally(() => this.#worker.unref());
    this.#worker.on('message', (message: WorkerMessage) => this.#done('ready' in message ? { kind: 'ready' } : { kind: 'read', read: message }));
    this.#worker.on('error', (error) => this.#done({ kind: 'failed', reason: error.message }));
    this.#worker.on('exit', (code) => {
      this.#alive = false;
      this.#done({ kind: 'failed', reason: `the release reader stopped (exit code ${code})` });
    });
  }

  get alive(): boolean {
    return this.#alive;
  }

  /** Why the worker could not start, or undefined once it is ready for jobs. */
  async failedToStart(): Promise<string | undefined> {
    const outcome = await this.#started;
    return outcome.kind === 'failed' ? outcome.reason : undefined;
  }

  async read(job: ReadJob, ms: number): Promise<Outcome> {
    const outcome = this.#next(ms, `took longer than ${ms / 1000} s to read: refused`);
    this.#worker.ref();
    this.#worker.postMessage(job);
    try {
      return await outcome;
    } finally {
      this.#worker.unref();
    }
  }

  async stop(): Promise<void> {
    await this.#worker.terminate();
  }

  #next(ms: number, late: string): Promise<Outcome> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.#done({ kind: 'failed', reason: late }), ms);
      this.#settle = (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
    });
  }

  #done(outcome: Outcome): void {
    const settle = this.#settle;
    this.#settle = undefined;
    settle?.(outcome);
  }
}

const refused = (release: string, reason: string): ParsedRelease => ({ ok: false, release, reason });

let shared: ReleaseReader | undefined;
/** Loads take turns: the worker reads one file at a time. */
let turn: Promise<unknown> = Promise.resolve();

/** One job on the shared worker: the file's release, or its refusal; a worker stuck on it is replaced. */
async function readOne(job: ReadJob, ms: number): Promise<ReleaseRead> {
  const reader = shared?.alive ? shared : new ReleaseReader();
  shared = reader;
  const failed = await reader.failedToStart();
  const outcome = failed ? { kind: 'failed' as const, reason: `not read: ${failed}` } : await reader.read(job, ms);
  if (outcome.kind === 'read') return outcome.read;
  // The worker is stuck on the file, or gone: the next file gets a new one.
  shared = undefined;
  await reader.stop();
  return { parsed: refused(job.name, outcome.kind === 'failed' ? outcome.reason : 'not read'), bytes: 0 };
}

async function readAll(folder: string, names: readonly string[], limits: ReadLimits): Promise<ParsedRelease[]> {
  const results: ParsedRelease[] = [];
  let total = 0;
  for (const name of names) {
    const left = limits.totalBytes - total;
    const limit = left < limits.fileBytes ? { bytes: left, what: `left of the ${limits.totalBytes} bytes all releases may take` } : { bytes: limits.fileBytes, what: 'per release' };
    const read = await readOne({ folder, name, limit }, limits.fileMs);
    total += read.bytes;
    results.push(read.parsed);
  }
  return results;
}

/** Takes its turn after the loads and parses before it. */
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const mine = turn.then(work);
  turn = mine.catch(() => undefined);
  return mine;
}

/** Reads the named files of `folder` (its links resolved), in order; one result per name. */
export function readOffThread(folder: string, names: readonly string[], limits: ReadLimits): Promise<ParsedRelease[]> {
  return inTurn(() => readAll(folder, names, limits));
}

/**
 * Parses bytes that are not a file yet (an upload) as the release `name`, on the same worker and
 * within the same time budget as a file of the folder: what a reload of it would read.
 */
export async function parseOffThread(name: string, bytes: Buffer, ms: number): Promise<ParsedRelease> {
  // A copy: the job is cloned to the worker, and the caller keeps its buffer.
  return (await inTurn(() => readOne({ name, bytes: new Uint8Array(bytes) }, ms))).parsed;
}
