/**
 * A worker thread that turns a release's bytes into its compact parsed form, one job at a time, so
 * that a file that takes long to parse never holds up answering: the main thread waits for it,
 * with a deadline. With a cache folder, the entry for the bytes is served when it is valid, and a
 * parse is written there for the next start.
 */
import { parentPort } from 'node:worker_threads';
import { decodeRelease } from './decode.ts';
import { encodeRelease, ownBytes, readEntry, sha256, summaryOf, writeEntry, type CacheLocation, type CompactRelease, type ReleaseSummary } from './parse-cache.ts';
import { readFileInside, type SizeLimit } from './read-file.ts';

/**
 * The parser, imported when a release is first parsed or once the worker has had no job for a
 * moment: a start served from the cache needs none of it, and importing it (the period grammar's
 * analysis among it) takes about 250 ms of a worker's start (the rest of its modules about 140
 * ms); the worker kept after the start has it ready for the next reload's parse (a reload adding
 * one release to 10,000 took 0.8-0.9 s importing it, 0.5 s with it imported).
 */
let parserModule: Promise<typeof import('./parse/release.ts')> | undefined;
// Imported once: each dynamic import asks the TypeScript loader's hooks again, even for a module loaded.
const parser = () => (parserModule ??= import('./parse/release.ts'));
const IDLE_MS = 200;
let idle: NodeJS.Timeout | undefined;
/** Imports the parser once no job has come for IDLE_MS; the timer alone keeps no one waiting. */
function importWhenIdle(): void {
  clearTimeout(idle);
  if (parserModule) return;
  idle = setTimeout(() => void parser(), IDLE_MS);
  idle.unref();
}

export interface ParseJob {
  id: number;
  /** The releases folder, its links resolved. */
  folder: string;
  name: string;
  limit: SizeLimit;
  /** The hash of the bytes the file had at the last load: the same bytes need no parse. */
  previousSha256?: string;
  /**
   * The hash the file's bytes had when the folder index (parse-cache.ts) last saw it with the same
   * metadata: its cache entry is looked for without reading the file; the file is read only when
   * there is none.
   */
  knownSha256?: string;
  /** The sha256 of the cache entry for `knownSha256` as the folder index last saw it checked: that file is served without a check. */
  checkedEntry?: string;
  cache?: CacheLocation;
  /** A cached parse that took longer than this is not served: it is parsed again, within this time. */
  parseMs: number;
}

export type ParseDone =
  | { id: number; read: false; reason: string }
  | {
      id: number;
      read: true;
      sha256: string;
      /** The parse (`CompactRelease`) as JSON in UTF-8, checked (transferred); absent when the bytes are those of the last load (`previousSha256`): keep its parse. */
      body?: Uint8Array;
      /** What the load needs of it before its facts. */
      summary?: ReleaseSummary;
      /** `cache`: served from the cache; `parsed`: parsed now. */
      source?: 'cache' | 'parsed';
      /** Why a cache entry that was there was not served. */
      rejected?: string;
      /** Whether the parse was written to the cache. */
      written?: boolean;
      /** The sha256 of the cache entry served (as checked) or written, for the folder index. */
      entry?: string;
      /** A parser fault: not kept, the next load tries again. */
      retry?: true;
      /** Served from the cache by the folder index's hash: the release file was not read. */
      unread?: true;
    };

/** What a worker posts: that it is ready, then one result per job. */
export type WorkerMessage = { ready: true } | ParseDone;

const refused = (release: string, reason: string): CompactRelease => ({ ok: false, release, reason });

async function run(job: ParseJob): Promise<ParseDone> {
  if (job.cache && job.knownSha256) {
    const hit = readEntry(job.cache, job.knownSha256, job.name, job.checkedEntry);
    if (hit.found && hit.parseMs <= job.parseMs) return { id: job.id, read: true, sha256: job.knownSha256, body: hit.body, summary: hit.summary, source: 'cache', unread: true, entry: hit.entry };
  }
  let bytes: Buffer;
  try {
    const read = readFileInside(job.folder, job.name, job.limit);
    if (!read.ok) return { id: job.id, read: false, reason: read.reason };
    bytes = read.bytes;
  } catch (error) {
    return { id: job.id, read: false, reason: `cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  const hash = sha256(bytes);
  if (hash === job.previousSha256) return { id: job.id, read: true, sha256: hash };
  let rejected: string | undefined;
  if (job.cache) {
    const hit = readEntry(job.cache, hash, job.name);
    if (hit.found && hit.parseMs <= job.parseMs) return { id: job.id, read: true, sha256: hash, body: hit.body, summary: hit.summary, source: 'cache', entry: hit.entry };
    if (!hit.found) rejected = hit.rejected;
  }
  const parsed = (summary: ReleaseSummary, body: Uint8Array, more: { written?: boolean; entry?: string; retry?: true } = {}): ParseDone => ({
    id: job.id, read: true, sha256: hash, body, summary, source: 'parsed', ...(rejected ? { rejected } : {}), ...more,
  });
  const refusal = (reason: string, more: { retry?: true } = {}) => {
    const compact = refused(job.name, reason);
    return parsed(summaryOf(compact), ownBytes(Buffer.from(JSON.stringify(compact))), more);
  };
  const decoded = decodeRelease(bytes);
  if (!decoded.ok) return refusal(decoded.reason);
  const { parseRelease } = await parser();
  const started = performance.now();
  let compact: CompactRelease;
  try {
    compact = encodeRelease(parseRelease(job.name, decoded.text));
  } catch (error) {
    // A parser fault refuses the file, and is not kept: the next load tries again.
    return refusal(`could not be read (${(error as Error).message}): refused`, { retry: true });
  }
  const body = ownBytes(Buffer.from(JSON.stringify(compact)));
  const parseMs = performance.now() - started;
  const summary = summaryOf(compact);
  const entry = job.cache ? writeEntry(job.cache, hash, job.name, body, parseMs, summary) : undefined;
  return parsed(summary, body, { written: entry !== undefined, ...(entry ? { entry } : {}) });
}

// Results are matched to jobs by id (off-thread.ts), whatever order they come back in.
parentPort?.on('message', (job: ParseJob) => {
  clearTimeout(idle);
  void run(job).then((done: WorkerMessage) => {
    parentPort?.postMessage(done, 'body' in done && done.body ? [done.body.buffer as ArrayBuffer] : []);
    importWhenIdle();
  });
});

const ready: WorkerMessage = { ready: true };
parentPort?.postMessage(ready);
