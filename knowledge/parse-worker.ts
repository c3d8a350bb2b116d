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
import { parseRelease } from './parse/release.ts';

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
    const hit = readEntry(job.cache, job.knownSha256, job.name);
    if (hit.found && hit.parseMs <= job.parseMs) return { id: job.id, read: true, sha256: job.knownSha256, body: hit.body, summary: summaryOf(hit.result), source: 'cache', unread: true };
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
    if (hit.found && hit.parseMs <= job.parseMs) return { id: job.id, read: true, sha256: hash, body: hit.body, summary: summaryOf(hit.result), source: 'cache' };
    if (!hit.found) rejected = hit.rejected;
  }
  const parsed = (compact: CompactRelease, body: Uint8Array, more: { written?: boolean; retry?: true } = {}): ParseDone => ({
    id: job.id, read: true, sha256: hash, body, summary: summaryOf(compact), source: 'parsed', ...(rejected ? { rejected } : {}), ...more,
  });
  const refusal = (reason: string, more: { retry?: true } = {}) => {
    const compact = refused(job.name, reason);
    return parsed(compact, ownBytes(Buffer.from(JSON.stringify(compact))), more);
  };
  const decoded = decodeRelease(bytes);
  if (!decoded.ok) return refusal(decoded.reason);
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
  const written = job.cache ? await writeEntry(job.cache, hash, job.name, body, parseMs) : false;
  return parsed(compact, body, { written });
}

// A job runs to its parse at once; its cache entry is written while the next job runs, so results may come back out of order.
parentPort?.on('message', (job: ParseJob) => {
  void run(job).then((done: WorkerMessage) => parentPort?.postMessage(done, 'body' in done && done.body ? [done.body.buffer as ArrayBuffer] : []));
});

const ready: WorkerMessage = { ready: true };
parentPort?.postMessage(ready);
