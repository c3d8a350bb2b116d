/**
 * Parsing off the main thread, on a small pool of worker threads, each file within a time budget:
 * a file that takes longer is refused by name and its worker replaced, and the rest are still read.
 * Each worker's heap is capped too, so a file that would take all memory only takes its worker's.
 *
 * Workers start when a load needs them (starting one compiles the parser, which costs more than
 * parsing a release) and one stays for the next load; none keeps the process alive while idle.
 */
import { Worker } from 'node:worker_threads';
import type { ParseDone, ParseJob, WorkerMessage } from './parse-worker.ts';

export interface ReadLimits {
  /** Largest file read. */
  fileBytes: number;
  /** Bytes read from the folder in all; later files are refused. */
  totalBytes: number;
  /** How long one file may take to parse. */
  fileMs: number;
}

const BOOT = new URL('./worker-boot.mjs', import.meta.url);
const ENTRY = new URL('./parse-worker.ts', import.meta.url).href;
/** Starting a worker compiles its TypeScript: slow on a busy machine, and not part of a file's budget. */
const START_MS = 60_000;
/** Far above what the largest file allowed needs to parse, far below what would hurt the bot. */
const WORKER_HEAP_MB = 512;

export type JobOutcome = { ok: true; done: ParseDone } | { ok: false; reason: string };

type Waiting = { job: Omit<ParseJob, 'id'>; ms: number; resolve: (outcome: JobOutcome) => void };

/**
 * Jobs a worker holds at once: the next one waits in the worker while the current one runs, so
 * that a worker never idles waiting for the main thread to hand it work. Each job's time budget
 * starts when the job before it on the worker ends.
 */
const DEPTH = 2;

class ParseWorker {
  readonly #worker: Worker;
  readonly started: Promise<string | undefined>;
  readonly #jobs: Array<{ id: number; waiting: Waiting }> = [];
  #timer: NodeJS.Timeout | undefined;
  #alive = true;

  constructor() {
    this.#worker = new Worker(BOOT, { workerData: { entry: ENTRY }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    this.started = new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => resolve('the release reader did not start in time'), START_MS);
      const ready = (message: WorkerMessage) => {
        if (!('ready' in message)) return;
        clearTimeout(timer);
        this.#worker.off('message', ready);
        resolve(undefined);
      };
      this.#worker.on('message', ready);
      this.#worker.once('exit', (code) => {
        clearTimeout(timer);
        resolve(`the release reader stopped (exit code ${code})`);
      });
    }).finally(() => {
      if (this.#jobs.length === 0) this.#worker.unref();
    });
    this.#worker.on('message', (message: WorkerMessage) => {
      if (!('ready' in message)) this.#done(message);
    });
    this.#worker.on('error', (error) => this.#fail(error.message));
    this.#worker.on('exit', (code) => this.#fail(`the release reader stopped (exit code ${code})`));
  }

  get alive(): boolean {
    return this.#alive;
  }

  get room(): boolean {
    return this.#alive && this.#jobs.length < DEPTH;
  }

  get idle(): boolean {
    return this.#alive && this.#jobs.length === 0;
  }

  async take(waiting: Waiting): Promise<void> {
    const id = nextId++;
    this.#jobs.push({ id, waiting });
    this.#worker.ref();
    const failed = await this.started;
    if (failed) {
      this.#fail(failed, 'not read: ');
      return;
    }
    if (!this.#alive) return;
    this.#worker.postMessage({ ...waiting.job, id });
    if (this.#jobs[0]?.id === id) this.#startClock();
  }

  async stop(): Promise<void> {
    this.#alive = false;
    await this.#worker.terminate();
  }

  #startClock(): void {
    clearTimeout(this.#timer);
    const head = this.#jobs[0];
    if (!head) return;
    const { ms } = head.waiting;
    this.#timer = setTimeout(() => this.#fail(`took longer than ${ms / 1000} s to read: refused`), ms);
  }

  #done(done: ParseDone): void {
    const at = this.#jobs.findIndex((j) => j.id === done.id);
    const job = this.#jobs[at];
    if (!job) return;
    this.#jobs.splice(at, 1);
    if (at === 0) this.#startClock();
    if (this.#jobs.length === 0) {
      clearTimeout(this.#timer);
      this.#worker.unref();
    }
    job.waiting.resolve({ ok: true, done });
    pump();
  }

  /**
   * The worker is stuck on its current file, or gone: that file is refused, the worker stopped (not
   * waiting for it), and the files waiting behind it go back to the queue for another worker.
   */
  #fail(reason: string, prefix = ''): void {
    if (!this.#alive && this.#jobs.length === 0) return;
    this.#alive = false;
    clearTimeout(this.#timer);
    const [head, ...rest] = this.#jobs.splice(0);
    void this.#worker.terminate();
    queue.unshift(...rest.map((r) => r.waiting));
    head?.waiting.resolve({ ok: false, reason: `${prefix}${reason}` });
    pump();
  }
}

/** The pool every load of the process shares. */
const workers: ParseWorker[] = [];
const queue: Waiting[] = [];
let nextId = 1;
/** How many workers the loads under way may use: the largest any of them asked for. */
let width = 1;
let loads = 0;

function pump(): void {
  for (let i = workers.length - 1; i >= 0; i--) if (!workers[i]?.alive) workers.splice(i, 1);
  while (queue.length > 0) {
    let worker = workers.find((w) => w.idle) ?? workers.find((w) => w.room);
    if (!worker) {
      if (workers.length >= width) return;
      worker = new ParseWorker();
      workers.push(worker);
    }
    void worker.take(queue.shift() as Waiting);
  }
}

/** Starts the workers a load will use while it lists and reads the folder: starting one takes a second or two. */
export function startWorkers(size: number): void {
  for (let i = workers.length - 1; i >= 0; i--) if (!workers[i]?.alive) workers.splice(i, 1);
  while (workers.length < size) workers.push(new ParseWorker());
}

/** Reads and parses one file on a worker within `ms`. */
export function parseOffThread(job: Omit<ParseJob, 'id'>, ms: number): Promise<JobOutcome> {
  return new Promise((resolve) => {
    queue.push({ job, ms, resolve });
    pump();
  });
}

/**
 * Runs a load with up to `size` workers; when no load is under way any more, the pool shrinks to
 * one idle worker (each holds a compiled parser and its heap).
 */
export async function withPool<T>(size: number, work: () => Promise<T>): Promise<T> {
  loads += 1;
  width = Math.max(width, Math.max(1, Math.floor(size)));
  try {
    return await work();
  } finally {
    loads -= 1;
    if (loads === 0) {
      width = 1;
      const idle = workers.filter((w) => w.idle);
      for (const w of idle.slice(1)) {
        workers.splice(workers.indexOf(w), 1);
        void w.stop();
      }
    }
  }
}
