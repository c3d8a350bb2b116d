/**
 * Reads the releases folder into a snapshot. Every `*.txt`, `*.htm` and `*.html` file in it is a
 * release; adding one and reloading is all it takes. Nothing throws past this module: an unreadable folder is a failed load
 * with a reason, an unreadable, foreign or oversized file a refusal naming it, and the readable
 * releases are served beside the refusals.
 *
 * Only what changed is parsed. A load after another (`previous`) takes a file whose size, times
 * and inode are those it had then as it was, without reading it; a file whose bytes hash as before
 * keeps its parse too. Any other file is parsed on a worker thread of a small pool, unless the
 * parse cache on disk (parse-cache.ts) holds the parse of its bytes. A book whose releases are all
 * kept is kept whole (snapshot.ts).
 */
import { availableParallelism } from 'node:os';
import { readdir, realpath } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseOffThread, startWorkers, withPool, type ReadLimits } from './off-thread.ts';
import { lazyRelease, parserKey, readIndex, releaseSummary, removeStale, writeIndex, type CacheLocation } from './parse-cache.ts';
import type { ParsedRelease } from './parse/release.ts';
import { statInside, type FileStat, type SizeLimit } from './read-file.ts';
import { buildSnapshot, type Snapshot } from './snapshot.ts';

/** Release files: plain text, or HTML as companies publish them. */
export const RELEASE_FILE = /\.(txt|html?)$/i;

/** `RELEASES_DIR` when set, else the project's own copy. */
export function releasesDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.RELEASES_DIR || fileURLToPath(new URL('./releases/', import.meta.url));
}

/** `CACHE_DIR` when set, else `.cache/` in the project (git-ignored). */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CACHE_DIR || fileURLToPath(new URL('../.cache/', import.meta.url));
}

export interface Limits extends ReadLimits {
  /** Facts all releases together may give. */
  totalFacts: number;
  /** Release files read from the folder; later ones are refused. */
  files: number;
}

/**
 * A press release is tens of kilobytes and a hundred or two facts; an investor server follows a
 * few hundred companies over years: ten thousand releases. These bounds hold that with room
 * (10,000 releases of 30 KB are 300 MB and about 1.5 million facts) and keep a hostile folder from
 * costing the bot its memory (each file's, and all of them together) or its answers' speed.
 */
export const DEFAULT_LIMITS: Limits = {
  fileBytes: 2_000_000,
  totalBytes: 400_000_000,
  fileMs: 5_000,
  totalFacts: 2_500_000,
  files: 20_000,
};

/** The load's settings from the environment, each validated: a malformed one stops the start, naming it. */
export const LoadEnvSchema = z.object({
  /** The parse cache folder; default `.cache/` in the project. */
  CACHE_DIR: z.string().optional(),
  /** Worker threads that parse; default one per core at start, one fewer at a reload (the main thread answers meanwhile). */
  PARSE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  RELEASES_MAX_FILES: z.coerce.number().int().min(1).max(1_000_000).optional(),
  RELEASES_MAX_BYTES: z.coerce.number().int().min(1_000).max(16_000_000_000).optional(),
  RELEASE_MAX_BYTES: z.coerce.number().int().min(1_000).max(100_000_000).optional(),
  RELEASES_MAX_FACTS: z.coerce.number().int().min(1).max(50_000_000).optional(),
  RELEASE_PARSE_MS: z.coerce.number().int().min(10).max(600_000).optional(),
});
export type LoadEnv = z.infer<typeof LoadEnvSchema>;

export interface LoadOptions {
  limits?: Limits;
  /** The parse cache folder; null: none. Default: `CACHE_DIR`, else `.cache/` in the project. */
  cacheDir?: string | null;
  /** Worker threads to parse with; default one per core for a first load, one fewer after. */
  workers?: number;
  /** What the load before read: files not changed since are not read again. */
  previous?: LoadState;
}

/** The options the environment gives (already validated, or validated here). */
export function loadOptions(env: LoadEnv): Omit<LoadOptions, 'previous'> {
  return {
    limits: {
      fileBytes: env.RELEASE_MAX_BYTES ?? DEFAULT_LIMITS.fileBytes,
      totalBytes: env.RELEASES_MAX_BYTES ?? DEFAULT_LIMITS.totalBytes,
      fileMs: env.RELEASE_PARSE_MS ?? DEFAULT_LIMITS.fileMs,
      totalFacts: env.RELEASES_MAX_FACTS ?? DEFAULT_LIMITS.totalFacts,
      files: env.RELEASES_MAX_FILES ?? DEFAULT_LIMITS.files,
    },
    cacheDir: cacheDir({ CACHE_DIR: env.CACHE_DIR }),
    ...(env.PARSE_WORKERS ? { workers: env.PARSE_WORKERS } : {}),
  };
}

/** The options of `process.env`, or why they are not valid (naming the variable, never its value). */
export function loadOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): { ok: true; options: Omit<LoadOptions, 'previous'> } | { ok: false; reason: string } {
  const blank = Object.fromEntries(Object.keys(LoadEnvSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = LoadEnvSchema.safeParse(blank);
  if (!parsed.success) return { ok: false, reason: `the environment is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
  return { ok: true, options: loadOptions(parsed.data) };
}

/** A release file as a load read it: `entry`, the sha256 of its cache entry as checked or written. */
interface LoadedFile {
  stat: FileStat;
  sha256: string;
  parsed: ParsedRelease;
  entry?: string;
}

/** What a load read, for the next load to compare against. */
export interface LoadState {
  /** When the load started listing the folder (ms since the epoch). */
  scannedAt: number;
  files: ReadonlyMap<string, LoadedFile>;
  snapshot?: Snapshot;
}

/** What a load did, file by file: how many it kept, took from the cache, parsed, refused. */
export interface LoadStats {
  /** Release files in the folder. */
  files: number;
  /** Kept from the previous load: unchanged (by their metadata, or by their bytes' hash). */
  unchanged: number;
  /** Parses served from the cache on disk. */
  cached: number;
  /** Of those, found by the folder index's hash of an unchanged file, without reading the file. */
  unread: number;
  /** Parsed now. */
  parsed: number;
  /** Cache entries there but not served (corrupt, cut short, of another release): parsed again. */
  rejected: number;
  /** Parses written to the cache. */
  written: number;
  refused: number;
  workers: number;
  ms: number;
}

export type LoadResult = { ok: true; snapshot: Snapshot; state: LoadState; stats: LoadStats } | { ok: false; reason: string };

/**
 * A file whose metadata changed less than this before the previous load listed the folder may have
 * changed again within the file system's timestamp precision, unseen: it is read again.
 */
const RACY_MS = 2_000;
/** Files opened at once. */
const IO_AT_ONCE = 32;

async function eachLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

const refused = (release: string, reason: string): ParsedRelease => ({ ok: false, release, reason });

const sameStat = (a: FileStat, b: FileStat) =>
  a.target === b.target && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino && a.dev === b.dev;

/** Refuses the releases past the total fact bound, in folder order. */
function withinFactBound(parsed: ParsedRelease[], totalFacts: number): ParsedRelease[] {
  let facts = 0;
  return parsed.map((p) => {
    if (!p.ok) return p;
    const count = releaseSummary(p).facts;
    facts += count;
    if (facts <= totalFacts) return p;
    return { ok: false, release: p.release, reason: `not served: the releases before it already hold ${facts - count} facts, and all of them together may hold ${totalFacts}` };
  });
}

interface FolderRead {
  scannedAt: number;
  parsed: ParsedRelease[];
  files: Map<string, LoadedFile>;
  stats: LoadStats;
}

async function readFolder(dir: string, limits: Limits, options: LoadOptions): Promise<FolderRead> {
  const started = performance.now();
  const scannedAt = Date.now();
  const folder = await realpath(dir);
  const listing = (await readdir(folder, { withFileTypes: true })).filter((d) => RELEASE_FILE.test(d.name));
  const plain = new Set(listing.filter((d) => d.isFile()).map((d) => d.name));
  const names = listing.map((d) => d.name).sort();
  const previous = options.previous;
  const fromEnv = LoadEnvSchema.shape.PARSE_WORKERS.safeParse(process.env.PARSE_WORKERS || undefined);
  const workers = Math.max(1, options.workers ?? (fromEnv.success ? fromEnv.data : undefined) ?? (previous ? availableParallelism() - 1 : availableParallelism()));
  const cache: CacheLocation | undefined = options.cacheDir === null ? undefined : { dir: options.cacheDir ?? cacheDir(), parser: parserKey() };
  if (cache) await removeStale(cache);
  const stats: LoadStats = { files: names.length, unchanged: 0, cached: 0, unread: 0, parsed: 0, rejected: 0, written: 0, refused: 0, workers, ms: 0 };
  const files = new Map<string, LoadedFile>();

  const listed = names.slice(0, limits.files);
  // A first load reads every file: its workers start (a second or two each) while the folder is listed.
  if (!previous && listed.length > 0) startWorkers(workers);
  const stated = await eachLimited(listed, IO_AT_ONCE, (name) => statInside(folder, name, plain.has(name)));
  // The byte budget, in folder order: a file over what is left is refused, and takes nothing of it.
  let total = 0;
  const plan = stated.map((s, i) => {
    const name = listed[i] as string;
    if (!s.ok) return { name, refusal: s.reason };
    const left = limits.totalBytes - total;
    const limit: SizeLimit = left < limits.fileBytes ? { bytes: left, what: `left of the ${limits.totalBytes} bytes all releases may take` } : { bytes: limits.fileBytes, what: 'per release' };
    if (s.stat.size > limit.bytes) return { name, refusal: `${s.stat.size} bytes, over the ${limit.bytes}-byte limit ${limit.what}: not read` };
    total += s.stat.size;
    return { name, stat: s.stat, limit };
  });

  const read = (name: string, stat: FileStat, limit: SizeLimit): Promise<ParsedRelease> =>
    readOne(name, stat, limit).catch((error: Error) => refused(name, `cannot be read: ${error.message}`));

  const settled = previous ? previous.scannedAt - RACY_MS : 0;
  // A first load with a cache: the hashes the folder index holds for files whose metadata it holds.
  const index = !previous && cache ? await readIndex(cache, folder) : undefined;
  const indexed = (name: string, stat: FileStat) => {
    const known = index?.files.get(name);
    if (!known || !index) return undefined;
    const same = known.size === stat.size && known.mtimeMs === stat.mtimeMs && known.ctimeMs === stat.ctimeMs && known.ino === stat.ino && known.dev === stat.dev;
    return same && stat.ctimeMs < index.scannedAt - RACY_MS && stat.mtimeMs < index.scannedAt - RACY_MS ? known : undefined;
  };
  const unchanged = (name: string, stat: FileStat) => {
    const before = previous?.files.get(name);
    return before !== undefined && sameStat(before.stat, stat) && stat.ctimeMs < settled && stat.mtimeMs < settled;
  };

  const readOne = async (name: string, stat: FileStat, limit: SizeLimit): Promise<ParsedRelease> => {
    const before = previous?.files.get(name);
    if (before && unchanged(name, stat)) {
      stats.unchanged += 1;
      files.set(name, before);
      return before.parsed;
    }
    const known = indexed(name, stat);
    const outcome = await parseOffThread(
      {
        folder, name, limit, parseMs: limits.fileMs,
        ...(before ? { previousSha256: before.sha256 } : {}),
        ...(cache ? { cache } : {}),
        ...(known ? { knownSha256: known.sha256, ...(known.entry ? { checkedEntry: known.entry } : {}) } : {}),
      },
      limits.fileMs,
    );
    if (!outcome.ok) return refused(name, outcome.reason);
    const { done } = outcome;
    if (!done.read) return refused(name, done.reason);
    if (done.body === undefined || done.summary === undefined) {
      // The same bytes as at the last load.
      stats.unchanged += 1;
      const kept = before as NonNullable<typeof before>;
      files.set(name, { ...kept, stat });
      return kept.parsed;
    }
    if (done.source === 'cache') stats.cached += 1;
    else stats.parsed += 1;
    if (done.unread) stats.unread += 1;
    if (done.rejected) stats.rejected += 1;
    if (done.written) stats.written += 1;
    // Its facts are made from the JSON when its book is built: during the load the main thread
    // leaves the cores to the workers.
    const parsed = lazyRelease(done.summary, done.body);
    if (!done.retry) files.set(name, { stat, sha256: done.sha256, parsed, ...(done.entry ? { entry: done.entry } : {}) });
    return parsed;
  };

  const results = await withPool(workers, () => {
    // Only when there is something to read: a reload of unchanged files starts none.
    if (plan.some((p) => 'stat' in p && p.stat && !unchanged(p.name, p.stat))) startWorkers(workers);
    return eachLimited(plan, Math.max(IO_AT_ONCE, workers * 4), (p) => ('refusal' in p ? Promise.resolve(refused(p.name, p.refusal as string)) : read(p.name, p.stat, p.limit)));
  });
  const past = names.slice(limits.files).map((name) => refused(name, `one of more than ${limits.files} release files: not read (the limit is RELEASES_MAX_FILES)`));
  const parsed = withinFactBound([...results, ...past], limits.totalFacts);
  stats.refused = parsed.filter((p) => !p.ok).length;
  if (cache) await writeIndex(cache, folder, scannedAt, new Map([...files].map(([name, f]) => [name, { ...f.stat, sha256: f.sha256, ...(f.entry ? { entry: f.entry } : {}) }])));
  stats.ms = performance.now() - started;
  return { scannedAt, parsed, files, stats };
}

/** The releases of the folder, parsed, in folder order (refusals included). */
export async function readReleases(dir: string, limits: Limits = DEFAULT_LIMITS, options: LoadOptions = {}): Promise<ParsedRelease[]> {
  return (await readFolder(dir, limits, options)).parsed;
}

export async function loadSnapshot(dir: string = releasesDir(), limits: Limits = DEFAULT_LIMITS, options: LoadOptions = {}): Promise<LoadResult> {
  let read: FolderRead;
  try {
    read = await readFolder(dir, limits, options);
  } catch (error) {
    return { ok: false, reason: `cannot read the releases folder ${dir}: ${(error as Error).message}` };
  }
  const { parsed } = read;
  if (!parsed.some((p) => p.ok)) {
    const why = parsed.map((p) => (p.ok ? '' : `${p.release}: ${p.reason}`)).filter(Boolean).join('; ');
    return { ok: false, reason: `no release in ${dir} (every *.txt, *.htm and *.html file there is read as one)${why ? `; refused: ${why}` : ''}` };
  }
  try {
    const snapshot = buildSnapshot(parsed, options.previous?.snapshot);
    return { ok: true, snapshot, state: { scannedAt: read.scannedAt, files: read.files, snapshot }, stats: read.stats };
  } catch (error) {
    return { ok: false, reason: `the releases in ${dir} could not be put together: ${(error as Error).message}` };
  }
}
