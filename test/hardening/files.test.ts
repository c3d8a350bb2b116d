/**
 * Hostile release folders (issue 10, items 1, 9, 10, 12 and 13): a named pipe, links out of the
 * folder, files too large alone or together, other encodings and layouts. The load never hangs,
 * reads only what it may, serves what it can read and names every file it refused, with the reason.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, open, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Fact } from '../../knowledge/facts.ts';
import { DEFAULT_LIMITS, type LoadResult, loadSnapshot } from '../../knowledge/load.ts';
import { openStore } from '../../knowledge/store.ts';
import { Q1, Q2, Q4, releaseText, tempReleases } from '../support/releases.ts';
import { withTabs } from './hostile.ts';

const temps: string[] = [];
afterAll(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A copy of the project's releases folder, removed after the file. */
async function releasesCopy(): Promise<string> {
  const { dir } = await tempReleases('earnings-bot-hardening-');
  temps.push(dir);
  return dir;
}

async function emptyDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'earnings-bot-hardening-'));
  temps.push(dir);
  return dir;
}

/** Fails in seconds, with a message, where a hang would otherwise only hit the test timeout. */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no result after ${ms} ms`)), ms).unref())]);
}

function loaded(result: LoadResult) {
  if (!result.ok) throw new Error(`the load failed: ${result.reason}`);
  return result.snapshot;
}

const served = (result: LoadResult) => loaded(result).releases.map((r) => r.release);
const refusalOf = (result: LoadResult, name: string) => loaded(result).refused.find((r) => r.release === name)?.reason;

describe('1. a named pipe (FIFO) in the releases folder', () => {
  it('is refused by name at once; the releases beside it are served, at start and on every /reload', async () => {
    const dir = await releasesCopy();
    execFileSync('mkfifo', [join(dir, 'pipe.txt')]);

    const result = await within(10_000, 'loading a folder with a FIFO', loadSnapshot(dir));

    expect(served(result)).toEqual([Q1, Q2, Q4]);
    expect(refusalOf(result, 'pipe.txt')).toMatch(/not a regular file/);
    const opened = await within(10_000, 'opening the store', openStore(dir));
    if (!opened.ok) throw new Error(opened.reason);
    // Reloads do not share a read that never ends: each one answers.
    for (let i = 0; i < 2; i++) {
      const report = await within(10_000, `reload ${i + 1}`, opened.store.reload());
      expect(report.ok).toBe(true);
      expect(report.refused.map((r) => r.release)).toEqual(['pipe.txt']);
    }
  });
});

describe('9. memory is bounded by the caps, each file and all together', () => {
  it('refuses a 1 GB (sparse) file from its size, without reading it', async () => {
    const dir = await releasesCopy();
    const big = await open(join(dir, 'huge.txt'), 'w');
    await big.truncate(1_000_000_000);
    await big.close();
    const before = process.memoryUsage().rss;

    const result = await loadSnapshot(dir);

    expect(served(result)).toEqual([Q1, Q2, Q4]);
    expect(refusalOf(result, 'huge.txt')).toMatch(/1000000000 bytes, over the 2000000-byte limit per release: not read/);
    expect(process.memoryUsage().rss - before, 'bytes of memory taken by the load').toBeLessThan(200_000_000);
  });

  it('stops reading once the folder passed its total, and names each file left unread', async () => {
    const dir = await emptyDir();
    await writeFile(join(dir, 'a.txt'), releaseText(Q1));
    // Eleven files of 1.9 MB (under the per-file cap) pass a 20 MB total at the eleventh (the
    // default total is sized for ten thousand releases: RELEASES_MAX_BYTES sets it).
    const filler = 'Lorem ipsum dolor sit amet.\n'.repeat(68_000);
    const names = Array.from({ length: 11 }, (_, i) => `filler-${String(i).padStart(2, '0')}.txt`);
    for (const name of names) await writeFile(join(dir, name), filler);

    const result = await loadSnapshot(dir, { ...DEFAULT_LIMITS, totalBytes: 20_000_000 });

    expect(served(result)).toEqual(['a.txt']);
    const refused = loaded(result).refused;
    expect(refused.map((r) => r.release)).toEqual(names);
    expect(refused.slice(0, 10).every((r) => /not an earnings release/.test(r.reason))).toBe(true);
    expect(refused[10]?.reason).toMatch(/over the \d+-byte limit left of the 20000000 bytes all releases may take: not read/);
  });
});

describe('10. links in the releases folder', () => {
  it('refuses a link to a release outside the folder, and reads a link to one inside it', async () => {
    const dir = await releasesCopy();
    const elsewhere = await emptyDir();
    await writeFile(join(elsewhere, 'outside.txt'), releaseText(Q2).replace(/August 7, 2003 --/, 'November 6, 2003 --'));
    await symlink(join(elsewhere, 'outside.txt'), join(dir, 'linked-out.txt'));
    await symlink('/dev/urandom', join(dir, 'random.txt'));
    await symlink(join(dir, Q1), join(dir, 'linked-in.txt'));

    const result = await loadSnapshot(dir);

    expect(refusalOf(result, 'linked-out.txt')).toMatch(/outside the releases folder/);
    expect(refusalOf(result, 'random.txt')).toMatch(/outside the releases folder/);
    expect(refusalOf(result, 'linked-in.txt')).toBeUndefined();
    expect(served(result)).toEqual(expect.arrayContaining(['linked-in.txt', Q1, Q2, Q4]));
    expect(served(result)).not.toContain('linked-out.txt');
  });
});

describe('12. other encodings and layouts read the same facts', () => {
  /** What a release yields, kind by kind, and every figure with its value. */
  const yieldOf = (facts: readonly Fact[], release: string) => {
    const mine = facts.filter((f) => f.release === release && f.kind !== 'derived' && f.kind !== 'ratio');
    const kinds = [...new Set(mine.map((f) => f.kind))].sort().map((k) => [k, mine.filter((f) => f.kind === k).length]);
    const figures = mine.flatMap((f) => (f.kind === 'statement' ? [`${f.concept} ${f.period} ${f.value} line ${f.line}`] : [])).sort();
    return { kinds, figures };
  };

  const variants: Array<[string, (text: string) => Buffer]> = [
    ['CR-only line endings', (t) => Buffer.from(t.replace(/\n/g, '\r'))],
    ['CRLF line endings', (t) => Buffer.from(t.replace(/\n/g, '\r\n'))],
    ['UTF-8 with a byte-order mark', (t) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(t)])],
    ['UTF-16 LE with a byte-order mark', (t) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')])],
    ['UTF-16 BE with a byte-order mark', (t) => Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(t, 'utf16le').swap16()])],
    ['single tabs between columns', (t) => Buffer.from(withTabs(t))],
  ];

  it.each(variants)('%s: every release yields what the original does', async (_what, encode) => {
    const original = loaded(await loadSnapshot(await releasesCopy()));
    const dir = await emptyDir();
    for (const name of [Q1, Q2, Q4]) await writeFile(join(dir, name), encode(releaseText(name)));

    const result = loaded(await loadSnapshot(dir));

    expect(result.refused).toEqual([]);
    for (const name of [Q1, Q2, Q4]) expect(yieldOf(result.facts, name), name).toEqual(yieldOf(original.facts, name));
    expect(result.facts).toHaveLength(original.facts.length);
  });

  it('a reload names a release that now yields fewer facts, and one that newly fails a check', async () => {
    const dir = await releasesCopy();
    const opened = await openStore(dir);
    if (!opened.ok) throw new Error(opened.reason);
    // Q1 loses its balance sheet; Q2's revenue is misprinted so its statement no longer adds up.
    await writeFile(join(dir, Q1), releaseText(Q1).split('\n').slice(0, 160).join('\n'));
    await writeFile(join(dir, Q2), releaseText(Q2).replace(/13,582/, '13,999'));

    const report = await opened.store.reload();

    expect(report.ok).toBe(true);
    const byRelease = new Map(report.regressions.map((r) => [r.release, r.reason]));
    expect(byRelease.get(Q1)).toMatch(/^\d+ facts, \d+ before the reload/);
    expect(byRelease.get(Q2)).toMatch(/newly fails/);
    expect(byRelease.has(Q4)).toBe(false);
  });
});

describe('13. one rule at start and at reload: serve the readable releases, name the refused ones', () => {
  it('a reload over a folder with a file that is not a release serves the rest, the new release included, and lists the refusal', async () => {
    const dir = await releasesCopy();
    await writeFile(join(dir, 'broken.txt'), 'Shopping list\n\n- milk\n- eggs\n');
    const opened = await openStore(dir);
    if (!opened.ok) throw new Error(opened.reason);
    const atStart = opened.store.current();
    await writeFile(join(dir, 'infocrossing-2003-q3.txt'), releaseText(Q2).replace('August 7, 2003 --', 'November 6, 2003 --'));

    const report = await opened.store.reload();

    expect(atStart.refused.map((r) => r.release)).toEqual(['broken.txt']);
    expect(report.ok).toBe(true);
    expect(report.releasesAdded).toEqual(['infocrossing-2003-q3.txt']);
    expect(report.refused).toEqual([{ release: 'broken.txt', reason: expect.stringMatching(/not an earnings release/) }]);
    expect(opened.store.current().refused).toEqual(report.refused);
  });
});
