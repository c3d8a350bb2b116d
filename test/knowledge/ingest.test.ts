/**
 * An uploaded release before it joins the folder (knowledge/ingest.ts): the name it is stored
 * under, what is refused before downloading, what a real release holds read alone, what it
 * replaces, and storing it (exclusively, what it replaces kept aside, undone on demand).
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkDeclared, examineUpload, keptAsideName, safeReleaseName, storeUpload, undoStore, UPLOAD_LIMITS, type UploadSummary } from '../../knowledge/ingest.ts';
import { loadSnapshot } from '../../knowledge/load.ts';
import type { Snapshot } from '../../knowledge/snapshot.ts';
import { Q1, Q4, releaseText, tempReleases } from '../support/releases.ts';

const SEARS = readFileSync(new URL('../fixtures/realworld/releases/sears-2004-q2.txt', import.meta.url));

describe('safeReleaseName', () => {
  it.each([
    ['sears-2004-q2.txt', 'sears-2004-q2.txt'],
    ['Sears Q2 2004.TXT', 'sears-q2-2004.txt'],
    ['Apple 10-Q (final).HTM', 'apple-10-q-final.htm'],
    ['résumé_des_résultats.html', 'resume_des_resultats.html'],
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['..\\..\\windows\\system.txt', 'system.txt'],
    ['.hidden.txt', 'hidden.txt'],
    ['...txt', 'release.txt'],
    ['a..b.txt', 'a.b.txt'],
    ['a__b--c.txt', 'a_b-c.txt'],
    ['Q4 — 2003 📈.txt', 'q4-2003.txt'],
    ['-_.leading and trailing._-.txt', 'leading-and-trailing.txt'],
    ['report.txt.txt', 'report.txt.txt'],
  ])('%s is stored as %s', (filename, name) => {
    expect(safeReleaseName(filename)).toEqual({ ok: true, name });
  });

  it('keeps only [a-z0-9._-], never a leading dot, never a separator, and at most 80 characters before the extension', () => {
    const hostile = ['\u0000.txt', '<script>.html', 'a/b\\c:d*e?f"g|h.txt', `${'x'.repeat(500)}.txt`, ' .txt', 'CON .txt', '\u202Etxt.exe.txt'];
    for (const filename of hostile) {
      const named = safeReleaseName(filename);
      if (!named.ok) throw new Error(named.reason);
      expect(named.name, filename).toMatch(/^[a-z0-9][a-z0-9._-]*\.(txt|htm|html)$/);
      expect(named.name.length, filename).toBeLessThanOrEqual(80 + '.html'.length);
      expect(named.name, filename).not.toMatch(/\.\./);
    }
  });

  it.each(['release.pdf', 'release.txt.exe', 'release', 'release.htmx', 'release.txt/', ''])('refuses %j: not a .txt, .htm or .html file', (filename) => {
    const named = safeReleaseName(filename);
    expect(named.ok).toBe(false);
    if (!named.ok) expect(named.reason).toMatch(/not a \.txt, \.htm or \.html file/);
  });
});

describe('checkDeclared (before downloading)', () => {
  it('takes a release within the limit, under its safe name', () => {
    expect(checkDeclared({ filename: 'Sears Q2.txt', size: SEARS.length })).toEqual({ ok: true, name: 'sears-q2.txt' });
    expect(checkDeclared({ filename: 'x.htm', size: UPLOAD_LIMITS.bytes })).toEqual({ ok: true, name: 'x.htm' });
  });

  it('refuses a file declared over the limit of the releases folder, saying both sizes', () => {
    const checked = checkDeclared({ filename: 'big.txt', size: UPLOAD_LIMITS.bytes + 1 });
    expect(checked).toEqual({ ok: false, reason: expect.stringContaining('over the 2.00 MB (2000000 bytes) a release may have') });
    if (!checked.ok) expect(checked.reason).toContain('2000001 bytes');
  });

  it('refuses another extension before its size, and an empty file', () => {
    expect(checkDeclared({ filename: 'deck.pdf', size: 10 })).toEqual({ ok: false, reason: expect.stringMatching(/"deck\.pdf" is not a \.txt, \.htm or \.html file/) });
    expect(checkDeclared({ filename: 'empty.txt', size: 0 })).toEqual({ ok: false, reason: '"empty.txt" is empty' });
  });
});

describe('examineUpload', () => {
  let releases: Awaited<ReturnType<typeof tempReleases>>;
  let snapshot: Snapshot;

  beforeAll(async () => {
    releases = await tempReleases('earnings-bot-ingest-');
    const loaded = await loadSnapshot(releases.dir);
    if (!loaded.ok) throw new Error(loaded.reason);
    snapshot = loaded.snapshot;
    return () => releases.remove();
  });

  const examine = (name: string, bytes: Buffer | string, filename = name) =>
    examineUpload({ name, filename, bytes: Buffer.from(bytes) }, { dir: releases.dir, snapshot });

  it('reads a real release alone: its company, date, periods, figures and the warnings of a snapshot of it alone', async () => {
    const examined = await examine('sears-2004-q2.txt', SEARS, 'Sears 2004 Q2.txt');
    if (!examined.ok) throw new Error(examined.reason);
    const s = examined.summary;
    expect(s).toMatchObject({
      name: 'sears-2004-q2.txt',
      filename: 'Sears 2004 Q2.txt',
      bytes: SEARS.length,
      company: { key: 'S', name: 'Sears, Roebuck and Co.', ticker: 'S', exchange: 'NYSE' },
      newCompany: true,
      date: '2004-07-22',
      replaces: [],
    });
    expect(s.periods).toEqual(['2004-Q2', '2003-Q2', '2004-H1', '2003-H1', '2004-07-03', '2003-06-28', '2004-01-03']);
    expect(s.figures).toBe(98);
    expect(s.facts).toBeGreaterThan(s.figures);
    // The release's 4-column reconciliation table is read with 3 columns: warned about, line by line.
    expect(s.warnings.some((w) => w.code === 'unreadable_line' && w.line === 528)).toBe(true);
    expect(s.warnings.every((w) => w.release === undefined || w.release === 'sears-2004-q2.txt')).toBe(true);
  });

  it('writes nothing while examining', async () => {
    const before = await readdir(releases.dir);
    await examine('sears-2004-q2.txt', SEARS);
    expect(await readdir(releases.dir)).toEqual(before);
  });

  it('refuses a file that is not a release, with the parser\'s reason', async () => {
    const examined = await examine('list.txt', 'Shopping list\n\n- milk\n- eggs\n');
    expect(examined).toEqual({ ok: false, reason: expect.stringMatching(/^"list\.txt" is not a release I can read: not an earnings release/) });
  });

  it('refuses a release that yields no figures', async () => {
    const text = 'NEW YORK, NY, May 7, 2003 -- Acme Corp. (NASDAQ: ACME) today reported results.\n\nRevenue grew.\n';
    expect(await examine('acme.txt', text)).toEqual({ ok: false, reason: expect.stringMatching(/not a release I can serve: no figure is read from it/) });
  });

  it('refuses binary content and bytes over the limit', async () => {
    expect(await examine('x.txt', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toEqual({ ok: false, reason: expect.stringMatching(/binary content/) });
    expect(await examine('x.txt', Buffer.alloc(UPLOAD_LIMITS.bytes + 1, 0x41))).toEqual({ ok: false, reason: expect.stringMatching(/over the 2000000 bytes/) });
  });

  it('refuses to replace a release of the same name with one that has fewer figures', async () => {
    const examined = await examine(Q4, releaseText(Q1));
    expect(examined.ok).toBe(false);
    if (!examined.ok) expect(examined.reason).toMatch(/would replace infocrossing-2003-q4\.txt, of the same name, which has 106 figures, with 58/);
  });

  it('finds the release it replaces under another name (same company, date and periods), and one of the same name', async () => {
    const other = await examine('ifox-q4.txt', releaseText(Q4));
    if (!other.ok) throw new Error(other.reason);
    expect(other.summary.replaces).toEqual([{ release: Q4, why: 'release', figures: 106, served: true }]);
    expect(other.summary.newCompany).toBe(false);

    const same = await examine(Q4, releaseText(Q4));
    if (!same.ok) throw new Error(same.reason);
    expect(same.summary.replaces).toEqual([{ release: Q4, why: 'name', figures: 106, served: true }]);
  });

  it('refuses to replace a folder of the release\'s name', async () => {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(releases.dir, 'odd.txt'));
    expect(await examine('odd.txt', SEARS)).toEqual({ ok: false, reason: expect.stringMatching(/not a regular file/) });
  });
});

describe('storeUpload', () => {
  let releases: Awaited<ReturnType<typeof tempReleases>>;
  let snapshot: Snapshot;
  const at = new Date('2025-01-31T12:34:56.789Z');

  beforeEach(async () => {
    releases = await tempReleases('earnings-bot-store-');
    const loaded = await loadSnapshot(releases.dir);
    if (!loaded.ok) throw new Error(loaded.reason);
    snapshot = loaded.snapshot;
  });

  afterEach(async () => {
    await releases.remove();
  });

  async function summary(name: string, bytes: Buffer): Promise<UploadSummary> {
    const examined = await examineUpload({ name, filename: name, bytes }, { dir: releases.dir, snapshot });
    if (!examined.ok) throw new Error(examined.reason);
    return examined.summary;
  }

  it('stores a new release under its name, leaving no temporary file behind', async () => {
    const s = await summary('sears-2004-q2.txt', SEARS);
    const stored = await storeUpload(releases.dir, s, SEARS, snapshot, at);
    expect(stored).toEqual({ ok: true, stored: { written: 'sears-2004-q2.txt', keptAside: [] } });
    expect(await readFile(join(releases.dir, 'sears-2004-q2.txt'))).toEqual(SEARS);
    expect((await readdir(releases.dir)).sort()).toEqual([Q1, 'infocrossing-2003-q2.txt', Q4, 'sears-2004-q2.txt'].sort());
  });

  it('keeps the release it replaces aside under a name no load reads, and undoes it all', async () => {
    const bytes = Buffer.from(releaseText(Q4));
    const s = await summary('ifox-q4.txt', bytes);
    const stored = await storeUpload(releases.dir, s, bytes, snapshot, at);
    expect(stored).toEqual({ ok: true, stored: { written: 'ifox-q4.txt', keptAside: [{ release: Q4, as: `${Q4}.replaced-20250131T123456Z` }] } });
    expect(keptAsideName(Q4, at)).not.toMatch(/\.(txt|html?)$/);
    expect((await readdir(releases.dir)).sort()).toEqual([Q1, 'infocrossing-2003-q2.txt', `${Q4}.replaced-20250131T123456Z`, 'ifox-q4.txt'].sort());
    const reloaded = await loadSnapshot(releases.dir);
    expect(reloaded.ok && reloaded.snapshot.releases.map((r) => r.release)).toEqual([Q1, 'infocrossing-2003-q2.txt', 'ifox-q4.txt']);

    if (!stored.ok) throw new Error(stored.reason);
    expect(await undoStore(releases.dir, stored.stored)).toEqual([]);
    expect((await readdir(releases.dir)).sort()).toEqual([Q1, 'infocrossing-2003-q2.txt', Q4].sort());
    expect(await readFile(join(releases.dir, Q4), 'utf8')).toBe(releaseText(Q4));
  });

  it('never overwrites a file that appeared since the summary', async () => {
    const s = await summary('sears-2004-q2.txt', SEARS);
    await writeFile(join(releases.dir, 'sears-2004-q2.txt'), 'someone else\'s file');
    const stored = await storeUpload(releases.dir, s, SEARS, snapshot, at);
    expect(stored).toEqual({ ok: false, reason: expect.stringMatching(/the releases folder changed since the summary \(it would now replace sears-2004-q2\.txt\)/) });
    expect(await readFile(join(releases.dir, 'sears-2004-q2.txt'), 'utf8')).toBe('someone else\'s file');
    expect((await readdir(releases.dir)).filter((n) => n.startsWith('.'))).toEqual([]);
  });
});
