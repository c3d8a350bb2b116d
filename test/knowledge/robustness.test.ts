/**
 * Releases that are not laid out like the three we have, files that are not releases, broken files
 * and folders: the bot keeps answering from what it can read, and says what it could not.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StatementFact } from '../../knowledge/facts.ts';
import { loadSnapshot, readReleases, releasesDir } from '../../knowledge/load.ts';
import { parseRelease } from '../../knowledge/parse/release.ts';
import { Q3, thirdQuarterRelease } from '../support/releases.ts';
import { Q1, Q2, Q4, RELEASE_FILES, factsOfKind, parseOk, releaseText, statementsOf } from './helpers.ts';
import { onlyBook } from '../support/releases.ts';

const temps: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'earnings-bot-knowledge-'));
  temps.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function withReleases(dir: string, extra: Record<string, string> = {}, names: readonly string[] = RELEASE_FILES): Promise<void> {
  for (const name of names) await writeFile(join(dir, name), releaseText(name));
  for (const [name, content] of Object.entries(extra)) await writeFile(join(dir, name), content);
}

// ---------------------------------------------------------------------------------------------
// A release laid out differently: helpers that rewrite a real one.

interface Seg {
  text: string;
  start: number;
  end: number;
}

/** Runs of text separated by two or more spaces, as fixed-width layouts split. */
function segs(line: string): Seg[] {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

/** A value cell of a statement table: `1,234`, `(2,178)`, `0.40`, `.04`, `-`, or the `$` before one. */
const CELL = /^(\$|-|—|\(?\d{1,3}(,\d{3})*(\.\d+)?\)?|\(?\d*\.\d+\)?)$/;

/** Index of the first value cell of a table row (label at the left, figures at the right), else -1. */
function firstValue(line: string): number {
  const s = segs(line);
  let i = s.length;
  while (i > 0 && CELL.test(s[i - 1]?.text ?? '')) i--;
  const hasFigure = s.slice(i).some((x) => /\d|^-$|^—$/.test(x.text));
  return i > 0 && i < s.length && hasFigure ? i : -1;
}

/** Lines indented this far are table headers, column years, rules or captions, never running text. */
const HEADER_INDENT = 30;

/** Moves every table's columns `by` spaces right: before the first figure of a row, or before a header line. */
function shiftColumns(text: string, by: number): string {
  const pad = ' '.repeat(by);
  return text
    .split('\n')
    .map((line) => {
      const indent = /^ */.exec(line)?.[0].length ?? 0;
      if (line.trim() !== '' && indent >= HEADER_INDENT) return pad + line;
      const i = firstValue(line);
      if (i < 0) return line;
      const at = segs(line)[i]?.start ?? 0;
      return line.slice(0, at) + pad + line.slice(at);
    })
    .join('\n');
}

/** Rewords a row label, keeping the figures of the row where they were. */
function relabel(text: string, from: string, to: string): { text: string; count: number } {
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let count = 0;
  const out = text.replace(new RegExp(`^( *)${escaped}( {2,})(?=\\S)`, 'gm'), (_m, lead: string, gap: string) => {
    count++;
    return `${lead}${to}${' '.repeat(Math.max(2, gap.length - (to.length - from.length)))}`;
  });
  return { text: out, count };
}

/** 13,129 (thousands) as 13.129 (millions); per-share amounts (with decimals) and dashes unchanged. */
function toMillions(cell: string): string {
  if (cell === '$' || cell === '-' || cell === '—' || cell.includes('.')) return cell;
  const negative = cell.startsWith('(');
  const n = Number(cell.replace(/[(),]/g, '')) / 1000;
  return negative ? `(${n.toFixed(3)})` : n.toFixed(3);
}

/** Restates every table of a release in millions: captions, and every figure, right edges kept. */
function thousandsToMillions(text: string): string {
  return text
    .replace(/\bin (t|T)housands\b/g, (_m, t: string) => `in ${t === 'T' ? 'M' : 'm'}illions`)
    .split('\n')
    .map((line) => {
      const i = firstValue(line);
      if (i < 0) return line;
      const cells = segs(line);
      let out = line.slice(0, cells[i]?.start ?? 0).trimEnd();
      for (const cell of cells.slice(i)) {
        const printed = toMillions(cell.text);
        const start = cell.end - printed.length;
        // Cells stay apart by two spaces at least, or the row would read as one cell.
        if (start < out.length + 2) throw new Error(`no room for ${printed} in: ${line}`);
        out = out.padEnd(start) + printed;
      }
      return out;
    })
    .join('\n');
}

const REWORDINGS: ReadonlyArray<readonly [string, string]> = [
  ['Operating costs', 'Costs of revenues'],
  ['Revenues', 'Revenue'],
  ['Cash and equivalents', 'Cash and cash equivalents'],
  ['Income from operations', 'Operating income'],
  ['Income (loss) from operations', 'Operating income'],
  ['Selling and administrative expenses', 'Selling, general and administrative expenses'],
];

function reworded(text: string): { text: string; applied: number } {
  let out = text;
  let applied = 0;
  for (const [from, to] of REWORDINGS) {
    const r = relabel(out, from, to);
    out = r.text;
    applied += r.count > 0 ? 1 : 0;
  }
  return { text: out, applied };
}

const key = (f: StatementFact) => `${f.table} ${f.concept} ${f.period} ${Math.round(f.value * 1000) / 1000}`;

describe('a release laid out differently reads the same', () => {
  describe.each([Q1, Q2])('%s with shifted columns, reworded labels and figures in millions', (name) => {
    const original = releaseText(name);
    const relabelled = reworded(original);
    const changed = thousandsToMillions(shiftColumns(relabelled.text, 7));
    const before = parseOk(name, original);
    const after = parseOk(name, changed);

    it('the rewrite really changed the layout, the labels and the scale', () => {
      expect(relabelled.applied).toBeGreaterThanOrEqual(5);
      expect(changed).not.toMatch(/\bin thousands\b/i);
      expect(changed).toMatch(/\bin millions\b/i);
      expect(changed).toMatch(/^Revenue {2,}\$ +13\.(129|582)\b/m);
      expect(changed).toMatch(/^ +Cash and cash equivalents +\$ +[78]\.\d{3} +\$ +7\.026$/m);
      expect(changed).toMatch(/^Operating income +0\.(863|733)/m);
      expect(changed.split('\n')).toHaveLength(original.split('\n').length);
      // The column years moved with the figures.
      const years = (t: string) => t.split('\n').find((l) => /^\s+2003\s+2002/.test(l)) ?? '';
      expect(years(changed).indexOf('2003')).toBe(years(original).indexOf('2003') + 7);
    });

    it('gives the same figures for the same concepts and periods', () => {
      const b = statementsOf(before.facts);
      const a = statementsOf(after.facts);
      expect(b.length).toBeGreaterThan(50);
      expect(a.map(key).sort()).toEqual(b.map(key).sort());
    });

    it('reads the restated amounts in millions and leaves per-share amounts as printed', () => {
      for (const f of statementsOf(after.facts)) {
        if (f.unit === 'USD/share') expect(f.multiplier).toBe(1);
        else expect(f.multiplier).toBe(1_000_000);
      }
      const revenue = statementsOf(after.facts).find((f) => f.concept === 'revenue');
      expect(revenue?.printed).toMatch(/^13\.\d{3}$/);
      expect(revenue?.label).toBe('Revenue');
    });

    it('raises no warning the original does not raise', () => {
      expect(after.warnings.map((w) => `${w.code}:${w.line}`)).toEqual(before.warnings.map((w) => `${w.code}:${w.line}`));
    });

    it('keeps its narrative, quotes and contacts', () => {
      for (const kind of ['sentence', 'quote', 'contact', 'event', 'definition', 'release'] as const) {
        expect(factsOfKind(after.facts, kind)).toHaveLength(factsOfKind(before.facts, kind).length);
      }
    });
  });
});

// ---------------------------------------------------------------------------------------------

const POEM = `The Road Not Taken

Two roads diverged in a yellow wood,
And sorry I could not travel both
And be one traveler, long I stood
And looked down one as far as I could
To where it bent in the undergrowth;
`;
const JSON_FILE = `${JSON.stringify({ company: 'Infocrossing', revenue: { 2003: 55.2, 2002: 50.8 }, note: 'not a release' }, null, 2)}\n`;

describe('a file that is not a release', () => {
  it.each([
    ['a poem', POEM],
    ['a JSON document', JSON_FILE],
    ['an empty file', ''],
  ])('%s is refused with a reason', (_what, content) => {
    const parsed = parseRelease('notes.txt', content);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.release).toBe('notes.txt');
      expect(parsed.reason).toMatch(/not an earnings release/);
    }
  });

  it('a folder with it and the three releases loads the three and lists the refusal', async () => {
    const dir = await tempDir();
    await withReleases(dir, { 'a-poem.txt': POEM, 'z-data.txt': JSON_FILE });
    const result = await loadSnapshot(dir);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { snapshot } = result;
    expect(snapshot.releases.map((r) => r.release)).toEqual([Q1, Q2, Q4]);
    expect(snapshot.refused.map((r) => r.release)).toEqual(['a-poem.txt', 'z-data.txt']);
    for (const r of snapshot.refused) expect(r.reason).not.toBe('');
    const notReleases = snapshot.warnings.filter((w) => w.code === 'not_a_release');
    expect(notReleases.map((w) => w.release)).toEqual(['a-poem.txt', 'z-data.txt']);
    expect(notReleases[0]?.message).toContain('a-poem.txt');
    // What is known is unchanged by the foreign files.
    expect(onlyBook(snapshot).figure('revenue', '2003-Q1')?.value).toBe(13129000);
    expect(statementsOf(snapshot.facts)).toHaveLength(258);
  });

  it('a file with a NUL byte is refused as binary, and files not ending in .txt are not read at all', async () => {
    const dir = await tempDir();
    await withReleases(dir, { 'image.txt': 'GIF89a\u0000\u0001', 'README.md': POEM, 'q1-copy.bak': releaseText(Q1) });
    const parsed = await readReleases(dir);
    expect(parsed.map((p) => [p.release, p.ok])).toEqual([
      ['image.txt', false],
      [Q1, true],
      [Q2, true],
      [Q4, true],
    ]);
    const refused = parsed[0];
    expect(refused && !refused.ok && refused.reason).toMatch(/binary/);
  });
});

describe('a release cut off in the middle of a table', () => {
  const lines = releaseText(Q1).split('\n');
  const garbage = [
    'Revenues                                                                    $    12,3x4         $    11,233',
    'Operating costs                                                                   8,3!0               5,418',
    'Net loss to common stockholders                                             $    (2,1',
  ];
  const truncated = [...lines.slice(0, 150), ...garbage].join('\n');

  it('does not throw and is read as a release', () => {
    expect(() => parseRelease('cut.txt', truncated)).not.toThrow();
    expect(parseRelease('cut.txt', truncated).ok).toBe(true);
  });

  it('warns about each garbage row, with the file and its line', () => {
    const parsed = parseOk('cut.txt', truncated);
    const flagged = parsed.warnings.filter((w) => w.line === 151 || w.line === 152);
    expect(flagged.map((w) => [w.release, w.line])).toEqual([
      ['cut.txt', 151],
      ['cut.txt', 152],
    ]);
    for (const w of flagged) {
      expect(['unknown_label', 'unreadable_line']).toContain(w.code);
      expect(w.message).toContain(String(w.line));
    }
  });

  it('warns about the row cut off in the middle of its figure', () => {
    const parsed = parseOk('cut.txt', truncated);
    expect(parsed.warnings.filter((w) => w.line === 153).map((w) => w.release)).toEqual(['cut.txt']);
  });

  it('keeps the complete rows, its contacts, quotes, teleconference and narrative', () => {
    const parsed = parseOk('cut.txt', truncated);
    const full = parseOk(Q1);
    const rows = statementsOf(parsed.facts);
    // Rows 135-149 of the statement of operations are complete: 10 rows of 2 columns.
    expect(rows).toHaveLength(20);
    expect(rows.every((f) => f.line >= 135 && f.line <= 149)).toBe(true);
    const fullRows = new Map(statementsOf(full.facts).map((f) => [`${f.concept} ${f.period} ${f.line}`, f.value]));
    for (const f of rows) expect(fullRows.get(`${f.concept} ${f.period} ${f.line}`)).toBe(f.value);
    for (const kind of ['contact', 'quote', 'event', 'definition', 'sentence', 'release'] as const) {
      expect(factsOfKind(parsed.facts, kind).length, kind).toBe(factsOfKind(full.facts, kind).filter((f) => f.line < 150).length);
    }
    expect(factsOfKind(parsed.facts, 'contact')).toHaveLength(4);
  });

  it('loads beside the other releases: figures it lacks come from them, and its warnings are listed', async () => {
    const dir = await tempDir();
    await withReleases(dir, { [Q1]: truncated }, [Q2, Q4]);
    const result = await loadSnapshot(dir);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.snapshot.releases).toHaveLength(3);
    expect(onlyBook(result.snapshot).figure('revenue', '2003-Q1')?.value).toBe(13129000);
    // The Q1 balance sheet was cut off: Dec 31, 2002 cash comes from the later releases.
    expect(onlyBook(result.snapshot).figure('cash', '2003-03-31')).toBeUndefined();
    expect(onlyBook(result.snapshot).figure('cash', '2002-12-31')?.value).toBe(7000000);
    expect(result.snapshot.warnings.filter((w) => w.release === Q1 && w.line === 151)).toHaveLength(1);
  });
});

describe('a table row with an unknown label', () => {
  it('gives an unknown_label warning with its line number, and the other rows are read', () => {
    const lines = releaseText(Q1).split('\n');
    const widget = 'Widget income                                                                     1,234               5,678';
    const text = [...lines.slice(0, 143), widget, ...lines.slice(143)].join('\n');
    const parsed = parseOk(Q1, text);
    expect(parsed.warnings).toHaveLength(1);
    expect(parsed.warnings[0]).toMatchObject({ code: 'unknown_label', release: Q1, line: 144 });
    expect(parsed.warnings[0]?.message).toContain('Widget income');
    expect(statementsOf(parsed.facts)).toHaveLength(statementsOf(parseOk(Q1).facts).length);
    expect(statementsOf(parsed.facts).some((f) => f.value === 1234000 || f.value === 5678000)).toBe(false);
  });
});

describe('the releases folder', () => {
  it('is RELEASES_DIR when set', () => {
    expect(releasesDir({ RELEASES_DIR: '/x' })).toBe('/x');
  });

  it("is the project's knowledge/releases/ otherwise", () => {
    expect(releasesDir({})).toMatch(/knowledge\/releases\/$/);
    expect(releasesDir({ RELEASES_DIR: '' })).toMatch(/knowledge\/releases\/$/);
  });

  it('the default folder loads the three releases', async () => {
    const result = await loadSnapshot(releasesDir({}));
    expect(result.ok && result.snapshot.releases.map((r) => r.release)).toEqual([Q1, Q2, Q4]);
  });

  it('an empty folder is a failed load naming the folder', async () => {
    const dir = await tempDir();
    const result = await loadSnapshot(dir);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(dir);
  });

  it('a folder with only refused files is a failed load naming the folder', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'poem.txt'), POEM);
    const result = await loadSnapshot(dir);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(dir);
  });

  it('a missing folder is a failed load naming the folder, not an exception', async () => {
    const dir = join(await tempDir(), 'no', 'such', 'folder');
    const result = await loadSnapshot(dir);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(dir);
  });

  it('a file path instead of a folder is a failed load, not an exception', async () => {
    const dir = await tempDir();
    const file = join(dir, 'file.txt');
    await writeFile(file, POEM);
    const result = await loadSnapshot(file);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(file);
  });
});

describe('a fourth release', () => {

  it('is read from the folder with the others, in date order, and its printed figures replace derived ones', async () => {
    const before = await loadSnapshot(await (async () => {
      const dir = await tempDir();
      await withReleases(dir);
      return dir;
    })());
    expect(before.ok && onlyBook(before.snapshot).figure('revenue', '2003-Q3')?.fact.kind).toBe('derived');

    const dir = await tempDir();
    await withReleases(dir, { [Q3]: thirdQuarterRelease() });
    const result = await loadSnapshot(dir);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { snapshot } = result;
    expect(snapshot.refused).toEqual([]);
    expect(snapshot.releases.map((r) => [r.release, r.date])).toEqual([
      [Q1, '2003-05-07'],
      [Q2, '2003-08-07'],
      [Q3, '2003-11-06'],
      [Q4, '2004-03-18'],
    ]);
    const q3 = snapshot.releases[2];
    expect(q3?.periods).toEqual(['2003-Q3', '2002-Q3', '2003-9M', '2002-9M', '2003-09-30', '2002-12-31']);

    expect(onlyBook(snapshot).periodsOf('revenue')).toEqual(expect.arrayContaining(['2003-Q3', '2003-9M', '2002-Q3', '2002-9M']));
    for (const [period, value] of [['2003-Q3', 13582000], ['2003-9M', 26711000], ['2002-Q3', 13242000], ['2002-9M', 24474000]] as const) {
      const figure = onlyBook(snapshot).figure('revenue', period);
      expect(figure?.fact.kind, period).toBe('statement');
      expect(figure?.value, period).toBe(value);
      expect(figure?.fact.release).toBe(Q3);
      expect(figure?.printings).toHaveLength(1);
    }
    expect(onlyBook(snapshot).figure('cash', '2003-09-30')?.value).toBe(8083000);
  });
});
