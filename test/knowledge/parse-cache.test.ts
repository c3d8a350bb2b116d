/**
 * The parse cache and the incremental load (issue 9): a parse is kept on disk by the sha256 of the
 * file's bytes and by the parser; a start or a reload parses only new and changed files; a changed
 * release is parsed again and a deleted one disappears; an entry that is damaged, cut short or not
 * the release's own is never served, but parsed again and written anew.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateReleases } from '../../bench/generate.ts';
import type { StatementFact } from '../../knowledge/facts.ts';
import { DEFAULT_LIMITS, loadSnapshot, type LoadOptions } from '../../knowledge/load.ts';
import { decodeRelease, encodeRelease, entryPath, parserKey, parserKeyOf, PARSER_VERSION, sha256 } from '../../knowledge/parse-cache.ts';
import { parseRelease } from '../../knowledge/parse/release.ts';
import { openStore } from '../../knowledge/store.ts';
import { FIXTURES_DIR } from '../support/fixtures.ts';
import { onlyBook, Q1, Q2, Q3, Q4, RELEASE_FILES, releaseText, tempReleases, thirdQuarterRelease } from '../support/releases.ts';

const removals: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(removals.map((r) => r()));
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  removals.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A copy of the releases and an empty cache of its own; one worker (the one the process keeps), not one started per test. */
async function setUp(): Promise<{ dir: string; cache: string; options: Required<Pick<LoadOptions, 'cacheDir' | 'limits' | 'workers'>> }> {
  const releases = await tempReleases('earnings-bot-cache-');
  removals.push(releases.remove);
  const cache = await tempDir('earnings-bot-cache-dir-');
  return { dir: releases.dir, cache, options: { cacheDir: cache, limits: DEFAULT_LIMITS, workers: 1 } };
}

/** Every entry file of a cache folder (not its folder index). */
function entries(cache: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else out.push(join(dir, e.name));
    }
  };
  walk(cache);
  return out.filter((path) => /\/parsed-[0-9a-f]{16}\//.test(path));
}

const entryOfRelease = (cache: string, name: string) => entryPath({ dir: cache, parser: parserKey() }, sha256(readFileSync(join(RELEASES_FOLDER, name))), name);
const RELEASES_FOLDER = new URL('../../knowledge/releases/', import.meta.url).pathname;

describe('the compact form a parse is kept and sent in', () => {
  it('gives back the facts the parser gave, field for field and in the same order', () => {
    const texts: Array<[string, string]> = [
      ...RELEASE_FILES.map((n) => [n, releaseText(n)] as [string, string]),
      ['sears-2004-q2.txt', readFileSync(join(FIXTURES_DIR, 'realworld', 'releases', 'sears-2004-q2.txt'), 'utf8')],
      // A row named by its footnote ("Profit 1") carries the note.
      ['caterpillar-2022-q1.htm', readFileSync(join(FIXTURES_DIR, 'realworld', 'releases', 'caterpillar-2022-q1.htm'), 'utf8')],
      ...[...generateReleases({ releases: 12, companies: 4, seed: 5 })].map((r) => [r.name, r.content] as [string, string]),
    ];
    for (const [name, text] of texts) {
      const parsed = parseRelease(name, text);
      // Through JSON, as on disk.
      const back = decodeRelease(JSON.parse(JSON.stringify(encodeRelease(parsed))));
      expect(JSON.stringify(back), name).toBe(JSON.stringify(parsed));
    }
  });

  it('keeps a refusal as a refusal', () => {
    const refused = parseRelease('notes.txt', 'just some words\n');
    expect(refused.ok).toBe(false);
    expect(decodeRelease(encodeRelease(refused))).toEqual(refused);
  });

  it('shares one string among the facts of a release for its company and its release, and among a row\'s figures for its printed line', () => {
    const back = decodeRelease(JSON.parse(JSON.stringify(encodeRelease(parseRelease(Q2, releaseText(Q2))))));
    if (!back.ok) throw new Error('refused');
    const statements = back.facts.filter((f): f is StatementFact => f.kind === 'statement' && f.concept === 'revenue');
    const revenue = statements.filter((f) => f.line === statements[0]?.line);
    expect(revenue.length).toBeGreaterThan(1);
    expect(new Set(revenue.map((f) => f.text)).size).toBe(1);
  });
});

describe('the parser\'s key', () => {
  it('changes with the vocabulary and with the version, so that an entry of another parser is never found', () => {
    const files = [{ path: 'vocabulary/statement-rows.json', bytes: Buffer.from('{"perShare": ["per share"]}') }];
    const changed = [{ path: 'vocabulary/statement-rows.json', bytes: Buffer.from('{"perShare": ["per share", "eps"]}') }];
    expect(parserKeyOf(PARSER_VERSION, files)).not.toBe(parserKeyOf(PARSER_VERSION, changed));
    expect(parserKeyOf(PARSER_VERSION, files)).not.toBe(parserKeyOf(PARSER_VERSION + 1, files));
    expect(parserKeyOf(PARSER_VERSION, files)).toBe(parserKeyOf(PARSER_VERSION, files));
  });

  it('removes the entries of other parsers when it loads', async () => {
    const { dir, cache, options } = await setUp();
    const stale = join(cache, 'parsed-0123456789abcdef', 'ab');
    await writeFile(join(cache, 'keep-me.txt'), 'not the cache\'s');
    await import('node:fs/promises').then((fs) => fs.mkdir(stale, { recursive: true }));
    await writeFile(join(stale, 'x.json'), '{}');
    const loaded = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    expect(loaded.ok).toBe(true);
    const names = await readdir(cache);
    expect(names).not.toContain('parsed-0123456789abcdef');
    expect(names).toContain('keep-me.txt');
  });
});

describe('a start parses what the cache does not hold, and only that', () => {
  it('parses every release on the first start and writes each; the next start reads them all from the cache, with the same facts', async () => {
    const { dir, cache, options } = await setUp();
    const first = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    if (!first.ok) throw new Error(first.reason);
    expect(first.stats).toMatchObject({ files: 3, parsed: 3, cached: 0, written: 3, rejected: 0 });
    expect(entries(cache)).toHaveLength(3);
    const second = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    if (!second.ok) throw new Error(second.reason);
    expect(second.stats).toMatchObject({ files: 3, parsed: 0, cached: 3 });
    expect(JSON.stringify(second.snapshot.facts)).toBe(JSON.stringify(first.snapshot.facts));
    expect(JSON.stringify(second.snapshot.warnings)).toBe(JSON.stringify(first.snapshot.warnings));
  });

  it('finds the entries of files unchanged since the last start by the folder index, without reading the files', async () => {
    const { dir, options } = await setUp();
    // The index trusts no metadata that changed within two seconds before the load that wrote it.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const indexing = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    if (!indexing.ok) throw new Error(indexing.reason);
    expect(indexing.stats).toMatchObject({ parsed: 3, unread: 0 });
    const again = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    if (!again.ok) throw new Error(again.reason);
    expect(again.stats).toMatchObject({ cached: 3, unread: 3, parsed: 0 });
    expect(JSON.stringify(again.snapshot.facts)).toBe(JSON.stringify(indexing.snapshot.facts));
    // A file changed since (its metadata with it) is read, whatever the index says.
    await writeFile(join(dir, Q2), releaseText(Q2).replace(/^(Revenues +\$ +)13,582/m, '$113,592'));
    const changed = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    if (!changed.ok) throw new Error(changed.reason);
    expect(changed.stats).toMatchObject({ unread: 2, parsed: 1 });
    expect(onlyBook(changed.snapshot).figure('revenue', '2003-Q2')?.value).toBe(13_592_000);
  });

  it('serves every release when the cache folder cannot be written (a file stands where it would be): none is written', async () => {
    const { dir, cache, options } = await setUp();
    const blocked = join(cache, 'a-file');
    await writeFile(blocked, 'not a folder');
    const unwritable = { ...options, cacheDir: join(blocked, 'cache') };
    const first = await loadSnapshot(dir, DEFAULT_LIMITS, unwritable);
    if (!first.ok) throw new Error(first.reason);
    expect(first.stats).toMatchObject({ files: 3, parsed: 3, written: 0, refused: 0 });
    expect(onlyBook(first.snapshot).figure('revenue', '2003-Q2')?.value).toBe(13_582_000);
    const again = await loadSnapshot(dir, DEFAULT_LIMITS, unwritable);
    if (!again.ok) throw new Error(again.reason);
    expect(again.stats).toMatchObject({ parsed: 3, cached: 0, written: 0 });
  });

  it('loses nothing when the cache folder is deleted: the next start parses again', async () => {
    const { dir, cache, options } = await setUp();
    const first = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    await rm(cache, { recursive: true, force: true });
    const again = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    if (!first.ok || !again.ok) throw new Error('not loaded');
    expect(again.stats).toMatchObject({ parsed: 3, cached: 0, written: 3 });
    expect(JSON.stringify(again.snapshot.facts)).toBe(JSON.stringify(first.snapshot.facts));
  });
});

describe('a cache entry that is not the release\'s own parse is never served', () => {
  /** Each way an entry can be wrong: from the entry as written and the entry of another release. */
  const breakings: Array<[string, (text: string, other: string) => string]> = [
    ['a figure changed in it (still valid JSON, still the schema)', (text) => text.replace('13582', '13583')],
    ['cut short', (text) => text.slice(0, Math.floor(text.length / 2))],
    ['not JSON at all', () => '\u0000\u0001garbage'],
    ['a parse that breaks the schema, hashed as if written so', (text) => {
      const [header, body] = [text.slice(0, text.indexOf('\n')), text.slice(text.indexOf('\n') + 1)];
      const parse = JSON.parse(body) as { statements: { concept: number[] } };
      parse.statements.concept[0] = 999;
      const bad = JSON.stringify(parse);
      return `${JSON.stringify({ ...JSON.parse(header), result: sha256(Buffer.from(bad)) })}\n${bad}`;
    }],
    ['the entry of another release, under this one\'s name', (_text, other) => other],
  ];

  it.each(breakings)('%s: ignored, parsed again, served right and written anew', async (_what, breakIt) => {
    const { dir, cache, options } = await setUp();
    const first = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    if (!first.ok) throw new Error(first.reason);
    const path = entryOfRelease(cache, Q2);
    const original = await readFile(path, 'utf8');
    const broken = breakIt(original, await readFile(entryOfRelease(cache, Q1), 'utf8'));
    expect(broken).not.toBe(original);
    await writeFile(path, broken);

    const again = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    if (!again.ok) throw new Error(again.reason);
    expect(again.stats).toMatchObject({ cached: 2, parsed: 1, rejected: 1, written: 1 });
    expect(onlyBook(again.snapshot).figure('revenue', '2003-Q2')?.value).toBe(13_582_000);
    expect(JSON.stringify(again.snapshot.facts)).toBe(JSON.stringify(first.snapshot.facts));
    // Written anew: the next start serves it from the cache.
    const rewritten = await readFile(path, 'utf8');
    expect(rewritten.slice(rewritten.indexOf('\n'))).toBe(original.slice(original.indexOf('\n')));
    const third = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    if (!third.ok) throw new Error(third.reason);
    expect(third.stats).toMatchObject({ cached: 3, parsed: 0, rejected: 0 });
  });

  it('nor when the folder index holds the entry as checked: each breaking is caught by the entry\'s own hash, parsed again and served right', async () => {
    const { dir, cache, options } = await setUp();
    // The index trusts no metadata that changed within two seconds before the load that wrote it.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const first = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    if (!first.ok) throw new Error(first.reason);
    const served = await loadSnapshot(dir, DEFAULT_LIMITS, options);
    if (!served.ok) throw new Error(served.reason);
    expect(served.stats).toMatchObject({ cached: 3, unread: 3, parsed: 0, rejected: 0 });
    expect(JSON.stringify(served.snapshot.facts)).toBe(JSON.stringify(first.snapshot.facts));
    // The index holds each entry file's hash as checked: what a start serves without the check (the last field of a row).
    const [indexFile] = readdirSync(join(cache, 'folders'));
    const rows = (JSON.parse(readFileSync(join(cache, 'folders', indexFile ?? ''), 'utf8')) as { files: string[][] }).files;
    for (const name of RELEASE_FILES) expect(rows.find((row) => row[0] === name)?.at(-1), name).toBe(sha256(readFileSync(entryOfRelease(cache, name))));
    const path = entryOfRelease(cache, Q2);
    const original = await readFile(path, 'utf8');
    const other = await readFile(entryOfRelease(cache, Q1), 'utf8');
    const summaryChanged = (text: string) => text.replace(/("summary":.*?"facts":)(\d+)/, (_m, head: string, n: string) => `${head}${Number(n) + 1}`);
    for (const [what, breakIt] of [...breakings, ['its summary changed in its header', summaryChanged] as const]) {
      const broken = breakIt(original, other);
      expect(broken, what).not.toBe(original);
      await writeFile(path, broken);
      const again = await loadSnapshot(dir, DEFAULT_LIMITS, options);
      if (!again.ok) throw new Error(again.reason);
      expect(again.stats, what).toMatchObject({ cached: 2, parsed: 1, rejected: 1, written: 1 });
      expect(JSON.stringify(again.snapshot.facts), what).toBe(JSON.stringify(first.snapshot.facts));
    }
  });
});

describe('a reload reads what changed, and only that', () => {
  it('a release added: only it is parsed, the others are kept without being read', async () => {
    const { dir, options } = await setUp();
    const opened = await openStore(dir, options);
    if (!opened.ok) throw new Error(opened.reason);
    await writeFile(join(dir, Q3), thirdQuarterRelease());
    const report = await opened.store.reload();
    expect(report.ok).toBe(true);
    expect(report.releasesAdded).toEqual([Q3]);
    expect(report.load).toMatchObject({ files: 4, unchanged: 3, parsed: 1, cached: 0 });
  });

  it('a release changed (same name, new content) is parsed again, and what it prints now is served', async () => {
    const { dir, options } = await setUp();
    const opened = await openStore(dir, options);
    if (!opened.ok) throw new Error(opened.reason);
    expect(onlyBook(opened.store.current()).figure('revenue', '2003-Q2')?.value).toBe(13_582_000);
    const changed = releaseText(Q2).replace(/^(Revenues +\$ +)13,582/m, '$113,592');
    expect(changed).not.toBe(releaseText(Q2));
    await writeFile(join(dir, Q2), changed);
    const report = await opened.store.reload();
    expect(report.ok).toBe(true);
    expect(report.load).toMatchObject({ files: 3, unchanged: 2, parsed: 1 });
    expect(report.releasesAdded).toEqual([]);
    expect(onlyBook(opened.store.current()).figure('revenue', '2003-Q2')?.value).toBe(13_592_000);
  });

  it('a release deleted disappears, with its facts', async () => {
    const { dir, options } = await setUp();
    const opened = await openStore(dir, options);
    if (!opened.ok) throw new Error(opened.reason);
    await unlink(join(dir, Q4));
    const report = await opened.store.reload();
    expect(report.ok).toBe(true);
    expect(report.releasesRemoved).toEqual([Q4]);
    expect(report.load).toMatchObject({ files: 2, unchanged: 2, parsed: 0, cached: 0 });
    const snapshot = opened.store.current();
    expect(snapshot.releases.map((r) => r.release)).toEqual([Q1, Q2]);
    expect(snapshot.facts.some((f) => f.release === Q4)).toBe(false);
    expect(onlyBook(snapshot).figure('revenue', '2003-Q4')).toBeUndefined();
  });

  it('a reload of many companies keeps every book it did not touch, the very same object', async () => {
    const dir = await tempDir('earnings-bot-companies-');
    const releases = [...generateReleases({ releases: 40, companies: 8, seed: 11 })];
    for (const r of releases.slice(0, -1)) await writeFile(join(dir, r.name), r.content);
    // Two workers: files parsed side by side, in folder order all the same.
    const opened = await openStore(dir, { cacheDir: null, workers: 2 });
    if (!opened.ok) throw new Error(opened.reason);
    const before = opened.store.current();
    const last = releases.at(-1);
    if (!last) throw new Error('no release');
    await writeFile(join(dir, last.name), last.content);
    const report = await opened.store.reload();
    expect(report.load).toMatchObject({ files: 40, unchanged: 39, parsed: 1 });
    const after = opened.store.current();
    expect(after.releases.length).toBe(40);
    expect(after.books.map((b) => b.company.releases.length).reduce((a, b) => a + b, 0)).toBe(40);
    const kept = after.books.filter((b) => before.book(b.company.key) === b).map((b) => b.company.key);
    expect(kept).toHaveLength(7);
    expect(kept).not.toContain(last.company);
    expect(report.releasesAdded).toEqual([last.name]);
  });
});

describe('a folder of more release files than the bound', () => {
  it('reads the first ones in folder order and names each file past the bound', async () => {
    const { dir, options } = await setUp();
    const loaded = await loadSnapshot(dir, { ...DEFAULT_LIMITS, files: 2 }, options);
    if (!loaded.ok) throw new Error(loaded.reason);
    expect(loaded.snapshot.releases.map((r) => r.release)).toEqual([Q1, Q2]);
    expect(loaded.snapshot.refused).toEqual([{ release: Q4, reason: 'one of more than 2 release files: not read (the limit is RELEASES_MAX_FILES)' }]);
  });
});
