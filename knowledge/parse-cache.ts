/**
 * The parse cache: each release's parsed facts on disk, keyed by the sha256 of the file's bytes and
 * by the parser that read them, so that a start or a reload parses only new and changed files.
 *
 * The parser is named by `PARSER_VERSION` and a hash of everything the parser reads besides the
 * release: its vocabulary (knowledge/vocabulary/*.json) and its own source (every .ts file of
 * knowledge/). A changed vocabulary or a changed line of the parser is a new key, so an entry
 * written by another parser is never found, never mind served; entries of other keys are removed.
 *
 * An entry is a file of JSON in a compact form: the strings of its statement rows listed once
 * (the printed line a row's four figures share, the period ids, the labels), the statements as
 * columns of numbers, the other facts as they are. It is validated with zod when read: a file cut
 * short, edited, or of another release is not served; it is parsed again and written anew. Once
 * checked (or written), the folder index holds the sha256 of the entry file, and a start serves a
 * file that still hashes to it without checking it again. The folder holds nothing else: delete
 * it and the next start parses everything, as the first did.
 *
 * The same compact form carries a parsed release from a worker thread to the main thread, where
 * `decodeRelease` makes the facts: every fact of a release shares one string for its company and
 * one for its release, and statement rows share their printed line.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { threadId } from 'node:worker_threads';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CONCEPT_IDS } from './concepts.ts';
import { FactSchema, PERIOD_ID, PeriodIdSchema, TableKindSchema, UnitSchema, type Fact, type ReleaseFact, type StatementFact, type Warning } from './facts.ts';
import type { ParsedRelease } from './parse/release.ts';

/** Bump when the meaning of parsed facts or of this file's format changes in a way the source hash would not show. */
export const PARSER_VERSION = 1;

const KNOWLEDGE = fileURLToPath(new URL('./', import.meta.url));

/** Files the parser's result depends on, besides the release: sorted, relative to knowledge/. */
function parserFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'releases') walk(path);
      } else if (/\.(ts|json)$/.test(entry.name)) out.push(path);
    }
  };
  walk(root);
  return out.sort();
}

/** The key of a parser: its version and the bytes of its vocabulary and source files. */
export function parserKeyOf(version: number, files: ReadonlyArray<{ path: string; bytes: Uint8Array }>): string {
  const hash = createHash('sha256').update(`earnings-bot parser ${version}\n`);
  for (const f of files) hash.update(`${f.path}\n${f.bytes.length}\n`).update(f.bytes);
  return hash.digest('hex');
}

let key: string | undefined;
/** This parser's key, read once per process. */
export function parserKey(): string {
  key ??= parserKeyOf(PARSER_VERSION, parserFiles(KNOWLEDGE).map((path) => ({ path: relative(KNOWLEDGE, path), bytes: readFileSync(path) })));
  return key;
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

// ---------------------------------------------------------------------------------------------
// The compact form

const UNITS = UnitSchema.options;
const TABLES = TableKindSchema.options;

/** A parsed release, compact: what a worker sends and what an entry holds. */
export type CompactRelease =
  | {
      ok: true;
      release: string;
      company: string;
      /** Strings the statements use, each once. */
      strings: string[];
      /** The statements, one column per field; string fields index `strings`, -1 or 0 for an absent optional. */
      statements: StatementColumns;
      /** Every other fact, whole. */
      other: Fact[];
      warnings: Warning[];
    }
  | { ok: false; release: string; reason: string };

interface StatementColumns {
  concept: number[];
  period: number[];
  value: number[];
  unit: number[];
  table: number[];
  label: number[];
  printed: number[];
  multiplier: number[];
  ends: number[];
  weeks: number[];
  line: number[];
  lineEnd: number[];
  next: number[];
  text: number[];
  footnote: number[];
}

const COLUMNS = ['concept', 'period', 'value', 'unit', 'table', 'label', 'printed', 'multiplier', 'ends', 'weeks', 'line', 'lineEnd', 'next', 'text', 'footnote'] as const;

export function encodeRelease(parsed: ParsedRelease): CompactRelease {
  if (!parsed.ok) return { ok: false, release: parsed.release, reason: parsed.reason };
  const strings: string[] = [];
  const index = new Map<string, number>();
  const at = (s: string) => {
    let i = index.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      index.set(s, i);
    }
    return i;
  };
  const columns = Object.fromEntries(COLUMNS.map((c) => [c, [] as number[]])) as unknown as StatementColumns;
  const other: Fact[] = [];
  for (const f of parsed.facts) {
    if (f.kind !== 'statement') {
      other.push(f);
      continue;
    }
    columns.concept.push(CONCEPT_IDS.indexOf(f.concept));
    columns.period.push(at(f.period));
    columns.value.push(f.value);
    columns.unit.push(UNITS.indexOf(f.unit));
    columns.table.push(TABLES.indexOf(f.table));
    columns.label.push(at(f.label));
    columns.printed.push(at(f.printed));
    columns.multiplier.push(f.multiplier);
    columns.ends.push(f.ends === undefined ? -1 : at(f.ends));
    columns.weeks.push(f.weeks ?? 0);
    columns.line.push(f.line);
    columns.lineEnd.push(f.lineEnd ?? 0);
    columns.next.push(f.next ?? 0);
    columns.text.push(at(f.text));
    columns.footnote.push(f.footnote === undefined ? -1 : at(f.footnote));
  }
  return { ok: true, release: parsed.release, company: parsed.facts[0]?.company ?? '', strings, statements: columns, other, warnings: parsed.warnings };
}

/** Strings many releases share (period ids, dates, labels), one copy for all of them; bounded. */
const shared = new Map<string, string>();
const SHARED_MAX = 200_000;
function intern(s: string): string {
  const known = shared.get(s);
  if (known !== undefined) return known;
  if (shared.size < SHARED_MAX) shared.set(s, s);
  return s;
}

/** A compact release from its JSON in UTF-8, as a worker or this cache checked it (not checked again). */
export function decodeCheckedJson(bytes: Uint8Array): ParsedRelease {
  return decodeRelease(JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8')) as CompactRelease);
}

/** The facts of a compact release, as `parseRelease` gave them: the same fields in the same order. */
export function decodeRelease(compact: CompactRelease): ParsedRelease {
  if (!compact.ok) return { ok: false, release: compact.release, reason: compact.reason };
  const { strings, statements: s } = compact;
  const release = intern(compact.release);
  const company = intern(compact.company);
  const str = (i: number) => strings[i] as string;
  // Period ids, dates and labels recur in every release: one copy for all of them.
  const sharedStrings: Array<string | undefined> = [];
  const common = (i: number) => (sharedStrings[i] ??= intern(strings[i] as string));
  const facts: Fact[] = [];
  for (let i = 0; i < s.concept.length; i++) {
    const ends = s.ends[i] as number;
    const weeks = s.weeks[i] as number;
    const lineEnd = s.lineEnd[i] as number;
    const next = s.next[i] as number;
    const footnote = s.footnote[i] as number;
    const fact = {
      kind: 'statement',
      concept: CONCEPT_IDS[s.concept[i] as number],
      period: common(s.period[i] as number),
      value: s.value[i],
      unit: UNITS[s.unit[i] as number],
      table: TABLES[s.table[i] as number],
      label: common(s.label[i] as number),
      printed: str(s.printed[i] as number),
      multiplier: s.multiplier[i],
      ...(ends >= 0 ? { ends: common(ends) } : {}),
      ...(weeks > 0 ? { weeks } : {}),
      ...(next > 0 ? { next } : {}),
      ...(footnote >= 0 ? { footnote: str(footnote) } : {}),
      company,
      release,
      line: s.line[i],
      ...(lineEnd > 0 ? { lineEnd } : {}),
      text: str(s.text[i] as number),
    } as StatementFact;
    facts.push(fact);
  }
  // The parser lists a release's statements first, then the other facts: so does this.
  for (const f of compact.other) {
    f.company = company;
    f.release = release;
    facts.push(f);
  }
  return { ok: true, release, facts, warnings: compact.warnings };
}

/**
 * What a load needs of a release before its facts: its company, how many facts it has, its
 * release fact (the company's name, the dates, the periods) and its warnings. A worker sends this
 * with the parse's JSON; the facts are made from the JSON when the release's book is built.
 */
export type ReleaseSummary =
  | { ok: true; release: string; company: string; facts: number; releaseFact: ReleaseFact; warnings: Warning[] }
  | { ok: false; release: string; reason: string };

export function summaryOf(compact: CompactRelease): ReleaseSummary {
  if (!compact.ok) return compact;
  const releaseFact = compact.other.find((f): f is ReleaseFact => f.kind === 'release');
  if (!releaseFact) return { ok: false, release: compact.release, reason: 'not an earnings release: no release fact' };
  return { ok: true, release: compact.release, company: compact.company, facts: compact.statements.concept.length + compact.other.length, releaseFact, warnings: compact.warnings };
}

/** The summaries of releases whose facts are made only when first read. */
const summaries = new WeakMap<ParsedRelease, Extract<ReleaseSummary, { ok: true }>>();

/**
 * A parsed release whose facts are made from `body` (a checked `CompactRelease` as JSON, in UTF-8) the first
 * time they are read. Its release fact is the summary's own object, in the facts as everywhere.
 */
export function lazyRelease(summary: ReleaseSummary, body: Uint8Array): ParsedRelease {
  if (!summary.ok) return { ok: false, release: summary.release, reason: summary.reason };
  let facts: Fact[] | undefined;
  let json: Uint8Array | undefined = body;
  const parsed: ParsedRelease = {
    ok: true,
    release: summary.release,
    get facts(): Fact[] {
      if (!facts) {
        const decoded = decodeCheckedJson(json as Uint8Array);
        json = undefined;
        facts = decoded.ok ? decoded.facts.map((f) => (f.kind === 'release' ? summary.releaseFact : f)) : [];
      }
      return facts;
    },
    warnings: summary.warnings,
  };
  summary.releaseFact.company = intern(summary.company);
  summary.releaseFact.release = intern(summary.release);
  summaries.set(parsed, summary);
  return parsed;
}

/** The company, fact count and release fact of a parsed release, without making its facts when they are not made yet. */
export function releaseSummary(parsed: Extract<ParsedRelease, { ok: true }>): { company: string | undefined; facts: number; releaseFact: ReleaseFact | undefined } {
  const summary = summaries.get(parsed);
  if (summary) return { company: summary.company, facts: summary.facts, releaseFact: summary.releaseFact };
  return { company: parsed.facts[0]?.company, facts: parsed.facts.length, releaseFact: parsed.facts.find((f): f is ReleaseFact => f.kind === 'release') };
}

// ---------------------------------------------------------------------------------------------
// Validation

const int = (n: unknown, min: number, max: number) => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
const finite = (n: unknown) => typeof n === 'number' && Number.isFinite(n);

/** A column of numbers: an array every element of which passes `ok` (checked in one loop: entries hold thousands). */
const column = (ok: (n: unknown) => boolean) => z.custom<number[]>((v) => Array.isArray(v) && v.every(ok), { message: 'not a column of the right numbers' });

const WarningSchema = z.object({
  code: z.enum(['unreadable_line', 'unknown_label', 'no_scale', 'no_period', 'not_a_release', 'unreadable_file', 'no_company', 'misprint', 'restated', 'check_failed']),
  message: z.string(),
  release: z.string().optional(),
  line: z.number().optional(),
  concept: z.enum(CONCEPT_IDS).optional(),
  period: PeriodIdSchema.optional(),
});

// The statements' strings are checked as plain predicates inside the schema's refinement: an
// entry holds hundreds, and a schema's parse per string cost a third of the entry's check.
type StringCheck = (s: string) => boolean;
const DATE: StringCheck = (s) => /^\d{4}-\d{2}-\d{2}$/.test(s);
const PERIOD: StringCheck = (s) => PERIOD_ID.test(s);
const NON_EMPTY: StringCheck = (s) => s.length > 0;
const TEXT: StringCheck = () => true;

const CompactSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(false), release: z.string().min(1), reason: z.string().min(1) }),
  z
    .object({
      ok: z.literal(true),
      release: z.string().min(1),
      company: z.string().min(1),
      strings: z.array(z.string()),
      statements: z.object({
        concept: column((n) => int(n, 0, CONCEPT_IDS.length - 1)),
        period: column((n) => int(n, 0, Number.MAX_SAFE_INTEGER)),
        value: column(finite),
        unit: column((n) => int(n, 0, UNITS.length - 1)),
        table: column((n) => int(n, 0, TABLES.length - 1)),
        label: column((n) => int(n, 0, Number.MAX_SAFE_INTEGER)),
        printed: column((n) => int(n, 0, Number.MAX_SAFE_INTEGER)),
        multiplier: column((n) => finite(n) && (n as number) > 0),
        ends: column((n) => int(n, -1, Number.MAX_SAFE_INTEGER)),
        weeks: column((n) => int(n, 0, Number.MAX_SAFE_INTEGER)),
        line: column((n) => int(n, 1, Number.MAX_SAFE_INTEGER)),
        lineEnd: column((n) => int(n, 0, Number.MAX_SAFE_INTEGER)),
        next: column((n) => int(n, 0, Number.MAX_SAFE_INTEGER)),
        text: column((n) => int(n, 0, Number.MAX_SAFE_INTEGER)),
        footnote: column((n) => int(n, -1, Number.MAX_SAFE_INTEGER)),
      }),
      other: z.array(FactSchema),
      warnings: z.array(WarningSchema),
    })
    .superRefine((c, ctx) => {
      const s = c.statements;
      const rows = s.concept.length;
      if (COLUMNS.some((name) => s[name].length !== rows)) ctx.addIssue({ code: 'custom', message: 'statement columns of different lengths' });
      const refs = (name: (typeof COLUMNS)[number], ok: StringCheck, optional = false) => {
        const seen = new Set<number>();
        for (const i of s[name]) {
          if (optional && i < 0) continue;
          if (seen.has(i)) continue;
          seen.add(i);
          const string = c.strings[i];
          if (string === undefined || !ok(string)) {
            ctx.addIssue({ code: 'custom', message: `${name}: string ${i} missing or not valid` });
            return;
          }
        }
      };
      refs('period', PERIOD);
      refs('ends', DATE, true);
      refs('label', NON_EMPTY, false);
      refs('printed', NON_EMPTY, false);
      refs('text', TEXT, false);
      refs('footnote', NON_EMPTY, true);
      for (const f of c.other) {
        if (f.kind === 'statement' || f.company !== c.company || f.release !== c.release) {
          ctx.addIssue({ code: 'custom', message: 'a fact of another release, or a statement among the other facts' });
          return;
        }
      }
    }),
]);

/**
 * An entry file is two lines: this header, then the parse (`CompactSchema`) as JSON. The header
 * holds the sha256 of the second line's bytes: a file damaged anywhere in its parse (a byte
 * changed in a figure, a cut) does not hash to it and is not served, even when what is left would
 * still pass the schema. It also holds the parse's summary, so that an entry already checked (the
 * folder index holds the sha256 of the whole file as it was checked) is served from its header,
 * without reading its parse: the parse's JSON is read when the release's book is built.
 */
const HeaderSchema = z.object({
  format: z.literal('earnings-bot parsed release 2'),
  parser: z.string(),
  sha256: z.string(),
  release: z.string(),
  /** How long the parse took, in ms: a hit is served only within the time a parse may take now. */
  parseMs: z.number().nonnegative(),
  /** The sha256 of the second line. */
  result: z.string(),
  /** `summaryOf` the parse: compared with the parse's own when the entry is checked. */
  summary: z.unknown(),
});
type Header = z.infer<typeof HeaderSchema>;

// ---------------------------------------------------------------------------------------------
// Entries on disk

export interface CacheLocation {
  /** The cache folder (`CACHE_DIR`). */
  dir: string;
  /** The parser's key. */
  parser: string;
}

const folderOf = (where: CacheLocation) => join(where.dir, `parsed-${where.parser.slice(0, 16)}`);
/** One file per (content, name): the same bytes under two names parse to facts citing each name. */
export const entryPath = (where: CacheLocation, hash: string, release: string) =>
  join(folderOf(where), hash.slice(0, 2), `${hash}-${sha256(Buffer.from(release)).slice(0, 8)}.json`);

export type Lookup =
  /**
   * `body`: the parse as JSON, as checked, in bytes of its own (a worker hands them to the main
   * thread without a copy); `entry`: the sha256 of the whole entry file as it was checked.
   */
  | { found: true; summary: ReleaseSummary; body: Uint8Array; parseMs: number; entry: string }
  | { found: false; rejected?: string };

/** Bytes in an ArrayBuffer of their own, which can be transferred (a small Buffer may share Node's pool). */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  const own = new Uint8Array(bytes.length);
  own.set(bytes);
  return own;
}

/**
 * The entry for the release's bytes, validated; anything else is not found (and why, when a file
 * was there). `checked`: the sha256 of the entry file when it was last checked (the folder
 * index's): a file that still hashes to it is served from its header, its parse not read again (a
 * tenth of the cost: the check's JSON parse and schema are most of it). Synchronous: it runs on
 * parse workers, where waiting costs nothing.
 */
export function readEntry(where: CacheLocation, hash: string, release: string, checked?: string): Lookup {
  let bytes: Buffer;
  try {
    bytes = readFileSync(entryPath(where, hash, release));
  } catch {
    return { found: false };
  }
  if (checked !== undefined && sha256(bytes) === checked) {
    const newline = bytes.indexOf(10);
    const header = JSON.parse(bytes.toString('utf8', 0, newline)) as Header & { summary: ReleaseSummary };
    return { found: true, summary: header.summary, body: ownBytes(bytes.subarray(newline + 1)), parseMs: header.parseMs, entry: checked };
  }
  return entryOf(bytes, where, hash, release);
}

/** An entry's bytes, validated: the parse of the release's bytes by this parser, or why not. */
export function entryOf(bytes: Buffer, where: CacheLocation, hash: string, release: string): Lookup {
  const newline = bytes.indexOf(10);
  if (newline < 0) return { found: false, rejected: 'cut short' };
  const body = bytes.subarray(newline + 1);
  let header: Header;
  let json: unknown;
  try {
    const checked = HeaderSchema.safeParse(JSON.parse(bytes.toString('utf8', 0, newline)));
    if (!checked.success) return { found: false, rejected: `header: ${checked.error.issues[0]?.message ?? 'not an entry'}` };
    header = checked.data;
    if (header.parser !== where.parser || header.sha256 !== hash || header.release !== release) return { found: false, rejected: 'an entry of another release or parser' };
    if (sha256(body) !== header.result) return { found: false, rejected: 'damaged: its parse does not hash as written' };
    json = JSON.parse(body.toString('utf8'));
  } catch {
    return { found: false, rejected: 'not JSON' };
  }
  const checked = CompactSchema.safeParse(json);
  if (!checked.success) return { found: false, rejected: checked.error.issues[0]?.message ?? 'not a parse' };
  if (checked.data.release !== release) return { found: false, rejected: 'an entry of another release' };
  // What was checked, as written: zod's copy would list each warning's fields in its own order.
  const summary = summaryOf(json as CompactRelease);
  if (JSON.stringify(header.summary) !== JSON.stringify(summary)) return { found: false, rejected: 'its summary is not its parse\'s' };
  return { found: true, summary, body: ownBytes(body), parseMs: header.parseMs, entry: sha256(bytes) };
}

/** Folders this thread has made (or found): a cache of ten thousand entries has 256. */
const made = new Set<string>();

/**
 * Writes the entry in place: one torn by a crash, or mixed by two writers, is caught by its hash
 * when read and parsed again, never served. Fails quietly (a read-only disk serves no cache):
 * the sha256 of the entry file written, or undefined. Synchronous, as reading is: written on
 * Node's thread pool while the worker parsed its next file, it only added the pool's costs on a
 * machine whose cores the workers already fill (10,000 releases cold: 35.4-36.0 s and 68-69 s of
 * CPU, against 29.6-32.0 s and 59-64 s written here).
 */
export function writeEntry(where: CacheLocation, hash: string, release: string, body: Uint8Array, parseMs: number, summary: ReleaseSummary): string | undefined {
  const path = entryPath(where, hash, release);
  const header: Header = { format: 'earnings-bot parsed release 2', parser: where.parser, sha256: hash, release, parseMs, result: sha256(Buffer.from(body)), summary };
  const bytes = Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]);
  const folder = join(path, '..');
  // Written in place: a torn or mixed entry fails its header's hash of the result when read, and is
  // parsed again, so the renaming of a temporary file (a third of a write's cost) buys nothing.
  const write = () => {
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(path, bytes);
  };
  try {
    write();
  } catch {
    // The folder may be gone (the cache deleted meanwhile): made again, once.
    made.delete(folder);
    try {
      write();
    } catch {
      return undefined;
    }
  }
  return sha256(bytes);
}

// ---------------------------------------------------------------------------------------------
// The folder index: what each release file's metadata was when its bytes had a hash

/**
 * After a load, each release file's metadata and the sha256 of its bytes, so that the next start
 * finds a file's cache entry without reading the file (as a reload does with what it holds in
 * memory). A file whose metadata changed, or changed just before the index was written, is read.
 * With each, the sha256 of its cache entry as the load checked or wrote it ('' for none): an entry
 * file that still hashes to it is not checked again.
 */
const SHA256 = /^[0-9a-f]{64}$/;
const IndexSchema = z.object({
  format: z.literal('earnings-bot folder index 2'),
  folder: z.string(),
  scannedAt: z.number(),
  files: z.array(z.tuple([z.string(), z.number(), z.number(), z.number(), z.number(), z.number(), z.string().regex(SHA256), z.union([z.literal(''), z.string().regex(SHA256)])])),
});

export interface IndexedFile {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  dev: number;
  sha256: string;
  /** The sha256 of the file's cache entry as checked or written. */
  entry?: string;
}

const indexPath = (where: CacheLocation, folder: string) => join(where.dir, 'folders', `${sha256(Buffer.from(folder)).slice(0, 16)}.json`);

export async function readIndex(where: CacheLocation, folder: string): Promise<{ scannedAt: number; files: Map<string, IndexedFile> } | undefined> {
  try {
    const checked = IndexSchema.safeParse(JSON.parse(await readFile(indexPath(where, folder), 'utf8')));
    if (!checked.success || checked.data.folder !== folder) return undefined;
    return {
      scannedAt: checked.data.scannedAt,
      files: new Map(checked.data.files.map(([name, size, mtimeMs, ctimeMs, ino, dev, hash, entry]) => [name, { size, mtimeMs, ctimeMs, ino, dev, sha256: hash, ...(entry ? { entry } : {}) }])),
    };
  } catch {
    return undefined;
  }
}

export async function writeIndex(where: CacheLocation, folder: string, scannedAt: number, files: ReadonlyMap<string, IndexedFile>): Promise<void> {
  const path = indexPath(where, folder);
  const temporary = `${path}.${process.pid}.${threadId}.${Math.random().toString(36).slice(2)}.tmp`;
  const index: z.infer<typeof IndexSchema> = { format: 'earnings-bot folder index 2', folder, scannedAt, files: [...files].map(([name, f]) => [name, f.size, f.mtimeMs, f.ctimeMs, f.ino, f.dev, f.sha256, f.entry ?? '']) };
  try {
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(temporary, JSON.stringify(index));
    await rename(temporary, path);
  } catch {
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}

/** Removes the entries of other parsers: they can never be found again. */
export async function removeStale(where: CacheLocation): Promise<void> {
  let names: string[];
  try {
    names = await readdir(where.dir);
  } catch {
    return;
  }
  const current = `parsed-${where.parser.slice(0, 16)}`;
  await Promise.all(names.filter((n) => /^parsed-[0-9a-f]{16}$/.test(n) && n !== current).map((n) => rm(join(where.dir, n), { recursive: true, force: true }).catch(() => undefined)));
}

