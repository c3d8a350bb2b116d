/**
 * A release uploaded by an admin (`/ingest`), before and when it joins the releases folder: the safe
 * name it is stored under, the checks made before a byte is downloaded (extension, declared size),
 * what it holds read alone (what the admin is asked to confirm), which release it replaces, and
 * storing it: never over a file silently, never half-written, and what it replaces kept aside.
 * Knows nothing of Discord: the bytes come from whoever downloaded them.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, lstat, mkdtemp, realpath, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReleaseFact, Warning } from './facts.ts';
import { DEFAULT_LIMITS } from './load.ts';
import { parseOffThread, withPool } from './off-thread.ts';
import { decodeCheckedJson } from './parse-cache.ts';
import type { ParsedRelease } from './parse/release.ts';
import { buildSnapshot, type Snapshot } from './snapshot.ts';

/** The extensions read as releases (load.ts's RELEASE_FILE), as a name ends. */
export const RELEASE_EXTENSIONS = ['txt', 'htm', 'html'] as const;

export interface UploadLimits {
  /** The largest file taken: the limit every file of the releases folder is read with. */
  bytes: number;
  /** How long parsing it may take: the folder's per-file budget too. */
  parseMs: number;
}

/** An upload is read with the folder's own limits: a file taken now is never refused at the next reload for its size. */
export const UPLOAD_LIMITS: UploadLimits = { bytes: DEFAULT_LIMITS.fileBytes, parseMs: DEFAULT_LIMITS.fileMs };

export type Named = { ok: true; name: string } | { ok: false; reason: string };

/** Longest name kept before the extension. */
const MAX_STEM = 80;

/** A name as typed, fit to quote in a reason: one line, not too long. */
export const quoted = (filename: string) => `"${filename.replace(/\s+/g, ' ').slice(0, 100)}${filename.length > 100 ? '…' : ''}"`;

/**
 * The name an upload is stored under: its last path segment, accents dropped, lower case, every
 * character outside [a-z0-9._-] made a "-", no run of punctuation (so no ".."), no leading or
 * trailing dot, dash or underscore (no hidden file), at most 80 characters, and its extension kept
 * (lower case). A name with nothing left is "release". Only .txt, .htm and .html are releases.
 */
export function safeReleaseName(filename: string): Named {
  const base = filename.split(/[/\\]/).pop()?.trim() ?? '';
  const m = /^(.*)\.(txt|html?)$/i.exec(base);
  if (!m) return { ok: false, reason: `${quoted(filename)} is not a .txt, .htm or .html file: only those are read as releases` };
  const extension = (m[2] ?? '').toLowerCase();
  const stem = (m[1] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/[._-]{2,}/g, (run) => (new Set(run).size === 1 ? run.slice(0, 1) : '-'))
    .replace(/^[._-]+/, '')
    .slice(0, MAX_STEM)
    .replace(/[._-]+$/, '');
  return { ok: true, name: `${stem || 'release'}.${extension}` };
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 2 : 1)} MB`;

/** What a file says of itself before it is downloaded: its name and size. */
export interface DeclaredUpload {
  filename: string;
  /** Bytes, as declared by whoever holds the file. */
  size: number;
}

/** The checks made before downloading: a release's extension, a size within the limit. The safe name, or why not. */
export function checkDeclared(upload: DeclaredUpload, limits: UploadLimits = UPLOAD_LIMITS): Named {
  const named = safeReleaseName(upload.filename);
  if (!named.ok) return named;
  if (!Number.isFinite(upload.size) || upload.size < 0) return { ok: false, reason: `${quoted(upload.filename)} does not say its size` };
  if (upload.size === 0) return { ok: false, reason: `${quoted(upload.filename)} is empty` };
  if (upload.size > limits.bytes) {
    return { ok: false, reason: `${quoted(upload.filename)} is ${megabytes(upload.size)} (${upload.size} bytes), over the ${megabytes(limits.bytes)} (${limits.bytes} bytes) a release may have` };
  }
  return named;
}

/** A file of the folder the upload would take the place of. */
export interface Replaced {
  release: string;
  /** `name`: the same file name; `release`: another file holding the same release (company, date, latest period). */
  why: 'name' | 'release';
  /** Its printed figures as served now (0 when the file is not served). */
  figures: number;
  served: boolean;
}

/** What an upload holds, read alone: what the admin confirms. */
export interface UploadSummary {
  /** The name it is stored under. */
  name: string;
  /** The name it was uploaded with. */
  filename: string;
  bytes: number;
  company: { key: string; name: string; ticker?: string; exchange?: string };
  /** Whether the releases served hold this company already. */
  newCompany: boolean;
  date: string;
  headline: string;
  /** The periods its tables print (ids), as the release lists them. */
  periods: readonly string[];
  /** Printed figures (statement cells), and facts of every kind. */
  figures: number;
  facts: number;
  /** The warnings of a snapshot of it alone: its checks, misprints, unreadable lines. */
  warnings: readonly Warning[];
  replaces: readonly Replaced[];
}

export type Examined = { ok: true; summary: UploadSummary } | { ok: false; reason: string };

const printedFigures = (facts: readonly { kind: string; release: string }[], release: string) =>
  facts.filter((f) => f.kind === 'statement' && f.release === release).length;

/** Whether a name is taken in the folder, and by what. */
async function entryAt(path: string): Promise<'none' | 'file' | 'other'> {
  try {
    const stat = await lstat(path);
    return stat.isFile() ? 'file' : 'other';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'none';
    throw error;
  }
}

/** What tells one release from another whatever its file: its company, its date and the latest period it prints. */
export interface ReleaseIdentity {
  company: string;
  date: string;
  periods: readonly string[];
}

const latestPeriod = (release: ReleaseIdentity) => [...release.periods].sort().pop() ?? '';

/**
 * The files of `dir` an upload stored as `name` takes the place of: the file of that name, and any
 * other served release of the same company, date and latest period (the same release, another file).
 */
export async function replacedBy(dir: string, name: string, release: ReleaseIdentity, snapshot: Snapshot): Promise<{ ok: true; replaces: Replaced[] } | { ok: false; reason: string }> {
  const replaces: Replaced[] = [];
  const here = await entryAt(join(dir, name));
  if (here === 'other') return { ok: false, reason: `the releases folder holds a ${name} that is not a regular file (a folder or a link): it cannot be replaced from Discord` };
  const served = new Set(snapshot.releases.map((r) => r.release));
  if (here === 'file') replaces.push({ release: name, why: 'name', figures: printedFigures(snapshot.facts, name), served: served.has(name) });
  for (const other of snapshot.releases) {
    if (other.release === name || other.company !== release.company || other.date !== release.date || latestPeriod(other) !== latestPeriod(release)) continue;
    if ((await entryAt(join(dir, other.release))) !== 'file') continue;
    replaces.push({ release: other.release, why: 'release', figures: printedFigures(snapshot.facts, other.release), served: true });
  }
  return { ok: true, replaces };
}

/** The first release it would replace that prints more figures than it, as the reason to refuse it. */
function fewerFigures(figures: number, replaces: readonly Replaced[]): string | undefined {
  const richer = replaces.find((r) => r.figures > figures);
  if (!richer) return undefined;
  const which = richer.why === 'name' ? `${richer.release}, of the same name` : `${richer.release}, the same release (same company, date and periods)`;
  return `it would replace ${which}, which has ${richer.figures} figures, with ${figures}: a release is never replaced by one the bot reads less of (remove or rename the old file on the server if that is really meant)`;
}

/**
 * An upload parsed as the release `name`, on the parser's worker pool as a folder's files are: from
 * a private folder of its own, removed after, within the time budget; never through the cache.
 */
async function parseUpload(name: string, bytes: Buffer, ms: number): Promise<ParsedRelease> {
  const folder = await realpath(await mkdtemp(join(tmpdir(), 'earnings-bot-upload-')));
  try {
    await writeFile(join(folder, name), bytes, { flag: 'wx', mode: 0o600 });
    const outcome = await withPool(1, () => parseOffThread({ folder, name, limit: { bytes: bytes.length, what: 'per release' }, parseMs: ms }, ms));
    if (!outcome.ok) return { ok: false, release: name, reason: outcome.reason };
    const { done } = outcome;
    if (!done.read) return { ok: false, release: name, reason: done.reason };
    return done.body === undefined ? { ok: false, release: name, reason: 'not parsed' } : decodeCheckedJson(done.body);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Reads an upload as the release `name` alone (off the main thread, within the folder's time
 * budget), builds a snapshot of it alone for its checks, and finds what it replaces in `dir` and
 * the snapshot served. Refused: not a release, no figures, too big, or fewer figures than the
 * release it replaces. Writes nothing.
 */
export async function examineUpload(
  upload: { name: string; filename: string; bytes: Buffer },
  served: { dir: string; snapshot: Snapshot },
  limits: UploadLimits = UPLOAD_LIMITS,
): Promise<Examined> {
  const { name, filename, bytes } = upload;
  if (bytes.length > limits.bytes) return { ok: false, reason: `${quoted(filename)} is ${bytes.length} bytes, over the ${limits.bytes} bytes a release may have` };
  const parsed = await parseUpload(name, bytes, limits.parseMs);
  if (!parsed.ok) return { ok: false, reason: `${quoted(filename)} is not a release I can read: ${parsed.reason}` };
  const release = parsed.facts.find((f): f is ReleaseFact => f.kind === 'release');
  const figures = printedFigures(parsed.facts, name);
  if (!release || figures === 0) {
    const why = parsed.warnings.find((w) => w.code === 'unreadable_file')?.message ?? 'no statement table with column periods';
    return { ok: false, reason: `${quoted(filename)} is not a release I can serve: no figure is read from it (${why})` };
  }
  let alone: Snapshot;
  try {
    alone = buildSnapshot([parsed]);
  } catch (error) {
    return { ok: false, reason: `${quoted(filename)} could not be put together as a release: ${(error as Error).message}` };
  }
  const found = await replacedBy(served.dir, name, release, served.snapshot);
  if (!found.ok) return found;
  const fewer = fewerFigures(figures, found.replaces);
  if (fewer) return { ok: false, reason: `${quoted(filename)} is refused: ${fewer}` };
  return {
    ok: true,
    summary: {
      name,
      filename,
      bytes: bytes.length,
      company: { key: release.company, name: release.companyName, ...(release.ticker ? { ticker: release.ticker } : {}), ...(release.exchange ? { exchange: release.exchange } : {}) },
      newCompany: !served.snapshot.releases.some((r) => r.company === release.company),
      date: release.date,
      headline: release.headline,
      periods: release.periods,
      figures,
      facts: parsed.facts.length,
      warnings: alone.warnings,
      replaces: found.replaces,
    },
  };
}

/** What storing an upload did, to say so and to undo it. */
export interface Stored {
  /** The file written. */
  written: string;
  /** The files it replaced, each renamed aside (to a name no load reads). */
  keptAside: Array<{ release: string; as: string }>;
}

/** `2025-01-31T12:34:56Z` as `20250131T123456Z`: a file name's part. */
const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

/** The name a replaced release is kept under: it no longer ends in .txt, .htm or .html, so it is not read. */
export const keptAsideName = (release: string, at: Date) => `${release}.replaced-${stamp(at)}`;

/**
 * Puts `from`'s bytes at `to`, failing if `to` exists: a hard link (atomic: a reload reading the
 * folder meanwhile sees the whole file or none), else an exclusive copy where links are not supported.
 */
async function placeExclusive(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOENT' || code === 'EACCES' || code === 'EROFS') throw error;
    await copyFile(from, to, constants.COPYFILE_EXCL);
  }
}

/** Moves `from` to `to`, failing if `to` exists. */
async function moveExclusive(from: string, to: string): Promise<void> {
  await placeExclusive(from, to);
  await unlink(from);
}

/** Stores take turns: two confirmations at once never race for one name. */
let turn: Promise<unknown> = Promise.resolve();

const failure = (error: unknown) => {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'EACCES' || e.code === 'EPERM' || e.code === 'EROFS') return `the releases folder cannot be written (${e.code}): is it mounted read-only?`;
  return `${e.code ?? e.message}`;
};

/**
 * Stores an examined upload in `dir` under its safe name, if the folder is still as the summary
 * said (what it replaces, and nothing else of that name since): written to a temporary file first,
 * then put in place exclusively; each release it replaces renamed aside first, never deleted. On
 * any failure everything is put back as it was.
 */
export function storeUpload(dir: string, summary: UploadSummary, bytes: Buffer, snapshot: Snapshot, at = new Date()): Promise<{ ok: true; stored: Stored } | { ok: false; reason: string }> {
  const mine = turn.then(() => store(dir, summary, bytes, snapshot, at));
  turn = mine.catch(() => undefined);
  return mine;
}

async function store(dir: string, summary: UploadSummary, bytes: Buffer, snapshot: Snapshot, at: Date): Promise<{ ok: true; stored: Stored } | { ok: false; reason: string }> {
  let now: Awaited<ReturnType<typeof replacedBy>>;
  try {
    now = await replacedBy(dir, summary.name, { company: summary.company.key, date: summary.date, periods: summary.periods }, snapshot);
  } catch (error) {
    return { ok: false, reason: `the releases folder cannot be read: ${failure(error)}` };
  }
  if (!now.ok) return now;
  const key = (r: readonly Replaced[]) => JSON.stringify(r.map((x) => [x.release, x.figures]).sort());
  if (key(now.replaces) !== key(summary.replaces)) {
    return { ok: false, reason: `the releases folder changed since the summary (${now.replaces.length > 0 ? `it would now replace ${now.replaces.map((r) => r.release).join(', ')}` : 'what it would replace is gone'}): attach it again to see what it does now` };
  }
  const temporary = join(dir, `.ingest-${randomBytes(8).toString('hex')}.tmp`);
  const keptAside: Stored['keptAside'] = [];
  // The name being put in place, for a refusal to name.
  let target = summary.name;
  try {
    await writeFile(temporary, bytes, { flag: 'wx', mode: 0o644 });
    for (const r of summary.replaces) {
      target = keptAsideName(r.release, at);
      await moveExclusive(join(dir, r.release), join(dir, target));
      keptAside.push({ release: r.release, as: target });
    }
    target = summary.name;
    await placeExclusive(temporary, join(dir, summary.name));
    return { ok: true, stored: { written: summary.name, keptAside } };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const put = await restore(dir, { written: '', keptAside });
    const why = code === 'EEXIST' ? `a file named ${target} appeared in the releases folder meanwhile` : failure(error);
    return { ok: false, reason: `not stored: ${why}${put.length > 0 ? `; and putting back failed: ${put.join('; ')}` : ''}` };
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/** Undoes a store: removes the file written and puts back what it replaced. Returns what could not be put back. */
export function undoStore(dir: string, stored: Stored): Promise<string[]> {
  const mine = turn.then(() => restore(dir, stored));
  turn = mine.catch(() => undefined);
  return mine;
}

async function restore(dir: string, stored: Stored): Promise<string[]> {
  const problems: string[] = [];
  if (stored.written) await unlink(join(dir, stored.written)).catch((error: unknown) => problems.push(`${stored.written} not removed (${failure(error)})`));
  for (const { release, as } of stored.keptAside) {
    await moveExclusive(join(dir, as), join(dir, release)).catch((error: unknown) => problems.push(`${release} is still kept as ${as} (${failure(error)})`));
  }
  return problems;
}
